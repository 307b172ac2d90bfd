// Production HTTP server: static assets plus the Remix request handler.
// Run through `npm start` (which loads .env) after `npm run build`.
// The server itself lives in server/app.js so tests can start it in-process.
import { applySandboxDefaults, createAppServer, isSandboxMode } from "./server/app.js";

applySandboxDefaults();
const port = Number(process.env.PORT || 3000);
// Sandbox mode hands out sign-ins without a password: loopback only unless HOST says otherwise.
const host = process.env.HOST || (isSandboxMode() ? "127.0.0.1" : "0.0.0.0");

let app;
try {
  app = await createAppServer({ build: () => import("./build/server/index.js"), port, host });
} catch (error) {
  // Configuration and port problems are explained by their message; anything else gets its stack.
  const expected =
    error instanceof Error &&
    (error.name === "EnvError" ||
      error.name === "DatabaseNotReadyError" ||
      error.name === "PortInUseError" ||
      error.message.startsWith("Sandbox mode:"));
  const detail = error instanceof Error ? (expected ? error.message : error.stack) : String(error);
  process.stderr.write(`\nPrint Connect could not start: ${detail}\n\n`);
  process.exit(1);
}

function shutdown(signal) {
  setTimeout(() => process.exit(0), 5000).unref();
  app.close({ signal }).finally(() => process.exit(0));
}
process.once("SIGTERM", () => shutdown("SIGTERM"));
process.once("SIGINT", () => shutdown("SIGINT"));
