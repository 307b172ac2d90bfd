// Installs the dependencies when node_modules is missing or older than the
// lockfile: `npm test` runs it as a script, and `npm run up` imports it.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");

export function ensureInstall() {
  const installed = path.join(root, "node_modules", ".package-lock.json");
  const lock = path.join(root, "package-lock.json");
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log("Installing dependencies (a minute or two the first time)...");
  const result = spawnSync(
    process.platform === "win32" ? "npm.cmd" : "npm",
    // Errors only: the packages that ask for Node 22 or newer (EBADENGINE) run on the
    // project's own Node 24, never on the Node that runs npm, so those warnings are
    // noise a newcomer would stop at. Errors still print and fail the install.
    ["ci", "--no-audit", "--no-fund", "--loglevel=error"],
    { cwd: root, stdio: "inherit" },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) ensureInstall();
