// The Prisma CLI as the project's scripts run it (setup, postinstall, the test run's
// templates): its output on stderr, without the two lines it prints on every run about the
// config file ("Loaded Prisma config from …", "Prisma config detected, skipping environment
// variable loading."). The project always has one, so they say nothing, and a quick start
// printed them five times.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const PRISMA = path.join(root, "node_modules", ".bin", "prisma");

const CONFIG_NOTES = [
  /^Loaded Prisma config from \S+\.$/,
  /^Prisma config detected, skipping environment variable loading\.$/,
];

/** `text` without the config notes and the blank line each brings. Pure. */
export function withoutConfigNotes(text) {
  const lines = text.split("\n");
  const kept = [];
  for (let i = 0; i < lines.length; i++) {
    if (CONFIG_NOTES.some((note) => note.test(lines[i].trimEnd()))) {
      if (lines[i + 1]?.trim() === "") i++;
      continue;
    }
    kept.push(lines[i]);
  }
  return kept.join("\n");
}

/**
 * Runs `prisma <args>` in the project and waits for it; what it writes to stderr is passed
 * on without the config notes. Throws, naming the exit status, when it fails.
 */
export function prismaSync(args, { env = process.env } = {}) {
  const result = spawnSync(PRISMA, args, {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  const stderr = withoutConfigNotes(result.stderr ?? "");
  if (stderr.trim() !== "") process.stderr.write(stderr.endsWith("\n") ? stderr : `${stderr}\n`);
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`prisma ${args.join(" ")} exited with ${result.status ?? result.signal}`);
  }
}
