// Runs the real `npm start` entry (server.js) without a production build:
//
//   node --import ./test/support/server-from-source.mjs server.js
//
// server.js imports ./build/server/index.js; this hook hands it the same
// Remix server build made from the sources by Vite instead
// (./source-server-build.mjs), so a test can start the server as `npm start`
// does, in a process of its own, without `npm run build`.
import { registerHooks } from "node:module";
import { pathToFileURL } from "node:url";

const sourceBuild = pathToFileURL(`${import.meta.dirname}/source-server-build.mjs`).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === "./build/server/index.js" && context.parentURL?.endsWith("/server.js")) {
      return { url: sourceBuild, shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
