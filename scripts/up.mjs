// The quick start: install, set up, build and run, in one command that works
// on a fresh clone with nothing but Node 20+ and npm. Node 24 LTS arrives as a
// dev dependency and runs every step after the install.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ensureInstall } from "./ensure-install.mjs";
import { WEB_NODE_FLAGS } from "../server/node-flags.js";

const root = path.resolve(import.meta.dirname, "..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function step(args) {
  const result = spawnSync(npm, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

ensureInstall();
step(["run", "setup"]);
// Warnings only: the list of built files is not what a newcomer came to read.
step(["run", "--silent", "build", "--", "--logLevel", "warn"]);

/** Whether the environment or .env names a setting (.env is read by the server itself). */
function configured(name) {
  if (process.env[name]) return true;
  const envFile = path.join(root, ".env");
  if (!existsSync(envFile)) return false;
  return new RegExp(`^\\s*(export\\s+)?${name}\\s*=\\s*\\S`, "m").test(
    readFileSync(envFile, "utf8"),
  );
}

// Sandbox mode (no Shopify app key): the regular check with Shopify runs every 20 s instead of
// every 10 minutes, so `npm run demo` shows a lost webhook caught within seconds (the stand-in
// has no Admin API budget to save). A configured REGULAR_CHECK_INTERVAL_SECONDS always wins.
// The log shows warnings and errors only, so the banner (what runs where) is what a newcomer
// reads; LOG_LEVEL=info shows every request again.
function sandboxDefaults() {
  if (configured("SHOPIFY_API_KEY")) return {};
  return {
    ...(configured("REGULAR_CHECK_INTERVAL_SECONDS") || configured("RECONCILE_INTERVAL_SECONDS")
      ? {}
      : { REGULAR_CHECK_INTERVAL_SECONDS: "20" }),
    // Alerts gathered every 10 s instead of every minute: the demo's mailbox fills while it runs.
    ...(configured("ALERTS_INTERVAL_SECONDS") ? {} : { ALERTS_INTERVAL_SECONDS: "10" }),
    ...(configured("LOG_LEVEL") ? {} : { LOG_LEVEL: "warn" }),
  };
}

// The server runs as this process's child, started directly (what `npm start`
// runs) so a SIGTERM or SIGINT sent to this process reaches it and it shuts
// down the worker and the stand-ins; nothing is left holding the ports.
const projectNode = path.join(root, "node_modules", ".bin", "node");
const server = spawn(
  existsSync(projectNode) ? projectNode : process.execPath,
  [...WEB_NODE_FLAGS, "--env-file-if-exists=.env", "server.js"],
  { cwd: root, stdio: "inherit", env: { ...process.env, ...sandboxDefaults() } },
);
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
