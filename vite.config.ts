import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import { installGlobals } from "@remix-run/node";
import { build, defineConfig, type Rollup, type UserConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

installGlobals({ nativeFetch: true });

const appUrl = new URL(process.env.SHOPIFY_APP_URL || "http://localhost");
const host = appUrl.hostname;
// Behind the Shopify CLI tunnel HMR must go through the public host.
const hmr =
  host === "localhost" || host === "127.0.0.1"
    ? { protocol: "ws", host: "localhost", port: 64999, clientPort: 64999 }
    : { protocol: "wss", host, port: Number(process.env.FRONTEND_PORT) || 8002, clientPort: 443 };

/**
 * Rollup's warnings, less two that say nothing about this app: resource routes (webhooks, the
 * app proxy, carrier rates, dev routes) export no component, so their browser chunk is empty
 * by design; and a package's comment that looks like a `@__PURE__` annotation in a place
 * Rollup ignores (zod's) is only dropped.
 */
function quietWarnings(warning: Rollup.RollupLog, warn: (warning: Rollup.RollupLog) => void): void {
  if (warning.code === "EMPTY_BUNDLE") return;
  if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/")) return;
  warn(warning);
}

/**
 * The PDF worker thread's code (app/services/pdf-work/worker.ts) as a file of its own beside
 * the server build, build/server/pdf-worker.js (PDF_WORKER_BUILD_FILE in pool.ts): a worker
 * thread loads a file, and the server bundle has no entry for it. Packages stay outside, as
 * they do in the server build.
 */
async function buildPdfWorker(root: string, serverDirectory: string): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    build: {
      ssr: "app/services/pdf-work/worker.ts",
      outDir: serverDirectory,
      emptyOutDir: false,
      copyPublicDir: false,
      target: "node20",
      rollupOptions: {
        onwarn: quietWarnings,
        output: { format: "es", entryFileNames: "pdf-worker.js" },
      },
    },
  });
}

export default defineConfig({
  server: {
    allowedHosts: [host],
    cors: { preflightContinue: true },
    port: Number(process.env.PORT || 3000),
    hmr,
    fs: { allow: ["app", "node_modules"] },
  },
  plugins: [
    remix({
      ignoredRouteFiles: ["**/.*", "**/*.test.ts"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_singleFetch: false,
      },
      buildEnd: ({ remixConfig, viteConfig }) =>
        buildPdfWorker(viteConfig.root, path.join(remixConfig.buildDirectory, "server")),
    }),
    tsconfigPaths(),
  ],
  build: {
    assetsInlineLimit: 0,
    rollupOptions: { onwarn: quietWarnings },
  },
  optimizeDeps: { include: ["@shopify/app-bridge-react", "@shopify/polaris"] },
}) satisfies UserConfig;
