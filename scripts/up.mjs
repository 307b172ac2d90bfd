// The quick start: install, set up, build and run, in one command that works
// on a fresh clone with nothing but Node 20+ and npm. Node 24 LTS arrives as a
// dev dependency and runs every step after the install.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function step(args) {
  const result = spawnSync(npm, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const installed = path.join(root, "node_modules", ".package-lock.json");
const lock = path.join(root, "package-lock.json");
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
  step(["ci", "--no-audit", "--no-fund"]);
}
step(["run", "setup"]);
step(["run", "build"]);
step(["start"]);
