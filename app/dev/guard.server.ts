import { getEnv } from "../env.server";

/** The dev routes (`/dev/*`) exist only in sandbox mode, and never in production. */
export function devRoutesEnabled(): boolean {
  const env = getEnv();
  return env.mode === "sandbox" && env.nodeEnv !== "production";
}
