/** The app the demo drives: a running one, or one it starts (`npm run up`) and stops. */
import { spawn, type ChildProcess } from "node:child_process";
import { APP, PORT, PRINT, root } from "./config";
import { reachable, sleep } from "./http";

let child: ChildProcess | undefined;

/** How long an app named with APP_URL may take to answer (a busy machine answers late). */
const NAMED_APP_WAIT_MS = 60_000;

export async function ensureApp(): Promise<void> {
  if (await reachable(`${APP}/healthz`)) return;
  // An app named with APP_URL is the caller's: wait for it, never start another one (which
  // would take PORT, not APP_URL's port, and outlive a demo that is stopped).
  if (process.env.APP_URL) {
    const started = Date.now();
    while (Date.now() - started < NAMED_APP_WAIT_MS) {
      await sleep(500);
      if (await reachable(`${APP}/healthz`)) return;
    }
    throw new Error(
      `no app answers on ${APP} (APP_URL): start it, or leave APP_URL unset and the demo starts one`,
    );
  }
  process.stderr.write(`No app on ${APP}: starting sandbox mode (npm run up)...\n`);
  child = spawn(process.platform === "win32" ? "npm.cmd" : "npm", ["run", "up"], {
    cwd: root,
    env: { ...process.env, PORT },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const started = Date.now();
  while (Date.now() - started < 5 * 60_000) {
    if (child.exitCode !== null) throw new Error("the app stopped while starting");
    if ((await reachable(`${APP}/healthz`)) && (await reachable(`${PRINT}/__sandbox/health`)))
      return;
    await sleep(500);
  }
  throw new Error("the app did not start within 5 minutes");
}

export function stopApp(): void {
  child?.kill("SIGTERM");
}
