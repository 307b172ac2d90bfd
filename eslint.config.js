import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import globals from "globals";

/** Packages that tie services to the web framework or the Shopify app library. */
const REMIX = {
  group: ["@remix-run/*"],
  message: "Services are framework-free: take what you need as a parameter.",
};
const SHOPIFY_APP = {
  group: ["@shopify/shopify-app-remix", "@shopify/shopify-app-remix/*"],
  message: "Services do not import the Shopify app library: app/lib adapts it.",
};
const SHOPIFY_API = { ...SHOPIFY_APP, group: ["@shopify/shopify-api", "@shopify/shopify-api/*"] };

export default tseslint.config(
  { ignores: ["build/", "node_modules/", "test-results/", "extensions/", ".cache/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "no-console": "error",
    },
  },
  {
    // Command-line entry points and tests may print to the terminal.
    files: ["scripts/**", "bench/**", "sandbox/cli.ts", "test/**"],
    rules: { "no-console": "off" },
  },

  // Boundaries (docs/architecture.md, "Boundaries"). Paths are checked after
  // resolving the import (relative or `~/`), so no spelling gets around them.
  {
    files: ["app/**/*.{ts,tsx}", "sandbox/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
          tsconfig: { configFile: "./tsconfig.json" },
        }),
      ],
    },
    rules: {
      // A module never reaches itself again through its imports (type-only
      // imports are erased, so they do not count).
      "import-x/no-cycle": "error",
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              // Not the Prisma client (db.server), env.server, shopify.server,
              // models, lib, routes, components or dev: only other services.
              target: "./app/services",
              from: "./app",
              except: ["./services"],
              message:
                "Services take the database, settings and clients as parameters; the app wires them (app/lib, app/models).",
            },
            {
              target: "./sandbox",
              from: "./app",
              message: "The stand-ins are outside systems: they import nothing from the app.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/services/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [REMIX, SHOPIFY_APP, SHOPIFY_API] }],
    },
  },
  {
    // The encrypted session storage the Shopify library calls implements the
    // library's SessionStorage interface and so builds its Session objects:
    // that one file may use @shopify/shopify-api's Session, nothing else.
    files: ["app/services/crypto/session-storage.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [REMIX, SHOPIFY_APP] }] },
  },
);
