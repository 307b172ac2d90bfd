import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import importPlugin from "eslint-plugin-import";
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
/** The database client: services reach the database only through their stores. */
const PRISMA_CLIENT = {
  name: "@prisma/client",
  importNames: ["PrismaClient"],
  message: "Services take a store (a port in their ports.ts), implemented in app/data/.",
};
/** Inside app/ and sandbox/ modules import each other by relative path, which the checks below resolve. */
const TILDE = {
  group: ["~/*"],
  message: "Import by relative path inside app/ (the `~/` alias is for tests).",
};

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
    // A file a reader can hold in mind: one concern each, split along its seams before it grows
    // past 400 lines (every line counted, as `wc -l` does). Tests are exempt.
    files: [
      "app/**/*.{ts,tsx}",
      "sandbox/**/*.ts",
      "bench/**/*.{ts,mjs}",
      "scripts/**/*.{ts,mjs}",
      "server/**/*.js",
    ],
    ignores: ["**/*.test.ts"],
    rules: { "max-lines": ["error", { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    // Command-line entry points and tests may print to the terminal.
    files: ["scripts/**", "bench/**", "sandbox/cli.ts", "test/**"],
    rules: { "no-console": "off" },
  },

  // Boundaries (docs/architecture.md, "Boundaries"). Paths are checked after
  // resolving the (relative) import, so no spelling gets around them.
  {
    files: ["app/**/*.{ts,tsx}", "sandbox/**/*.ts"],
    plugins: { import: importPlugin },
    settings: {
      "import/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      // app/ and sandbox/ import each other's modules by relative path only.
      "import/resolver": { node: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] } },
    },
    rules: {
      // Import cycles are checked once over the whole graph by
      // scripts/check-import-cycles.mjs (`npm run lint` runs it after ESLint):
      // import/no-cycle re-walked the graph for every file, 92 % of the lint's time.
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              // Not the Prisma client (db.server), env.server, shopify.server,
              // data, pages, lib, routes, components or dev: only other services.
              target: "./app/services",
              from: "./app",
              except: ["./services"],
              message:
                "Services take the database, settings and clients as parameters; the app wires them (app/lib).",
            },
            {
              // The true models: the database and the settings it needs, nothing on the network
              // (and the client's driver, for the statements sent to it directly: decision 32).
              target: "./app/data",
              from: "./app",
              except: [
                "./data",
                "./services",
                "./db.server.ts",
                "./db/direct-sql.server.ts",
                "./env.server.ts",
              ],
              message:
                "data/ reads and writes the database only: no adapters, clients, pages or routes (decision 17).",
            },
            {
              target: "./app/lib",
              from: ["./app/pages", "./app/routes", "./app/components", "./app/dev"],
              message:
                "Adapters wire data and services; pages and routes call them, never the other way (decision 17).",
            },
            {
              // Routes stay thin: the database is read and written by a page or an adapter.
              target: "./app/routes",
              from: ["./app/data", "./app/db.server.ts", "./app/db"],
              message:
                "A route reads the request, calls one page (app/pages) or adapter (app/lib) and answers (decision 17).",
            },
            {
              target: "./app/pages",
              from: ["./app/routes", "./app/dev", "./app/db.server.ts", "./app/shopify.server.ts"],
              message:
                "A page's logic reads the database through data/ and the Shopify library through lib/; routes call pages (decision 17).",
            },
            {
              // Components run in the browser too; the view types they read from pages/ and
              // data/ are type-only imports, and Remix refuses any other import of a .server file there.
              target: "./app/components",
              from: [
                "./app/lib",
                "./app/routes",
                "./app/dev",
                "./app/db.server.ts",
                "./app/env.server.ts",
                "./app/shopify.server.ts",
              ],
              message:
                "Components show what a loader gave them; they call no adapter (decision 17).",
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
    files: ["app/**/*.{ts,tsx}", "sandbox/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [TILDE] }] },
  },
  {
    files: ["app/services/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [PRISMA_CLIENT], patterns: [TILDE, REMIX, SHOPIFY_APP, SHOPIFY_API] },
      ],
    },
  },
  {
    // The encrypted session storage the Shopify library calls implements the
    // library's SessionStorage interface and so builds its Session objects:
    // that one file may use @shopify/shopify-api's Session, nothing else.
    files: ["app/services/crypto/session-storage.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [PRISMA_CLIENT], patterns: [TILDE, REMIX, SHOPIFY_APP] },
      ],
    },
  },
);
