// The app's Remix server build, made from the sources by Vite (Remix's own
// "virtual:remix/server-build", as the dev server loads it), with the named
// exports of build/server/index.js. Loaded by ./server-from-source.mjs.
import path from "node:path";
import { createServer } from "vite";

const root = path.resolve(import.meta.dirname, "../..");
const sigtermBefore = new Set(process.listeners("SIGTERM"));
const vite = await createServer({
  root,
  configFile: path.join(root, "test", "support", "vite-source.config.ts"),
  // No file watching and no HMR socket: this process only serves the app.
  server: { middlewareMode: true, hmr: false, watch: null },
  appType: "custom",
  logLevel: "error",
});
const build = await vite.ssrLoadModule("virtual:remix/server-build");
// The Remix plugin starts a Vite compiler of its own, which exits the process
// on SIGTERM. A production build has no Vite: signals are server.js's alone.
for (const listener of process.listeners("SIGTERM")) {
  if (!sigtermBefore.has(listener)) process.off("SIGTERM", listener);
}

export const {
  mode,
  entry,
  routes,
  assets,
  basename,
  publicPath,
  assetsBuildDirectory,
  future,
  isSpaMode,
} = build;
