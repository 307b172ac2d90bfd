import { json } from "@remix-run/node";
import prisma from "../db.server";
import { waitingForDatabase } from "../lib/startup-state.server";

/** Liveness and database reachability, for load balancers and the quick start. */
export const loader = async () => {
  const started = performance.now();
  try {
    await prisma.$queryRaw`SELECT 1`;
    return json(
      { status: "ok", database: "ok", ms: Math.round(performance.now() - started) },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch {
    const waiting = waitingForDatabase();
    return json(
      waiting
        ? {
            status: "starting",
            database: "waiting for the database",
            reason: waiting.reason,
            since: waiting.since.toISOString(),
          }
        : { status: "error", database: "unreachable" },
      { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": "5" } },
    );
  }
};
