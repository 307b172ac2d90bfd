// Runs the real `npm start` entry (server.js), or `npm run worker`'s (scripts/worker.mjs), on a
// private copy of the production build:
//
//   PRINT_CONNECT_TEST_SERVER_BUILD=<copy>/server/index.js \
//     node --import ./test/support/server-from-build.mjs server.js
//
// server.js imports ./build/server/index.js; this hook hands it the copy that
// ./app-build.ts made for the test process, so a rebuild by another process
// cannot pull files from under a running server. Everything else is `npm start`.
import { registerHooks } from "node:module";
import { pathToFileURL } from "node:url";

const entry = process.env.PRINT_CONNECT_TEST_SERVER_BUILD;
if (!entry) throw new Error("PRINT_CONNECT_TEST_SERVER_BUILD names no server build");
const build = pathToFileURL(entry).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL ?? "";
    if (
      (specifier === "./build/server/index.js" && parent.endsWith("/server.js")) ||
      (specifier === "../build/server/index.js" && parent.endsWith("/scripts/worker.mjs"))
    ) {
      return { url: build, shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
