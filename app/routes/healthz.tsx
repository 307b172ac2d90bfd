import { json } from "@remix-run/node";
import { checkHealth } from "../lib/health.server";

/** Liveness and database reachability, for load balancers and the quick start. */
export const loader = async () => {
  const health = await checkHealth();
  if (health.ok) return json(health.body, { headers: { "Cache-Control": "no-store" } });
  return json(health.body, {
    status: 503,
    headers: { "Cache-Control": "no-store", "Retry-After": "5" },
  });
};
