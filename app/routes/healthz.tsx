import { json } from "@remix-run/node";
import prisma from "../db.server";

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
    return json(
      { status: "error", database: "unreachable" },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
};
