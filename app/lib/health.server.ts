import { probeDatabase } from "../db/health-probe.server";
import { waitingForDatabase } from "./startup-state.server";

/** Liveness and database reachability (/healthz): what to answer, and whether all is well. */
export async function checkHealth() {
  const started = performance.now();
  try {
    // Not behind the app's own queries on SQLite (db/health-probe.server.ts).
    await probeDatabase();
    return {
      ok: true,
      body: { status: "ok", database: "ok", ms: Math.round(performance.now() - started) },
    } as const;
  } catch {
    const waiting = waitingForDatabase();
    return {
      ok: false,
      body: waiting
        ? {
            status: "starting",
            database: "waiting for the database",
            reason: waiting.reason,
            since: waiting.since.toISOString(),
          }
        : { status: "error", database: "unreachable" },
    } as const;
  }
}
