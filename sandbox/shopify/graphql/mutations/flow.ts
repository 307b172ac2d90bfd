/** flowTriggerReceive: starts the workflows of one of the app's Flow triggers. */
import { appFlowTriggers, flowTriggerProblems } from "../../state/flow-triggers";
import type { Args, GraphqlContext, View } from "../context";

/** Runs kept at most, oldest dropped first (a long sandbox session stays small). */
const RUNS_KEPT = 1_000;

export function flowTriggerReceive(ctx: GraphqlContext, args: Args): View {
  const handle = typeof args.handle === "string" ? args.handle : "";
  const problems = flowTriggerProblems(appFlowTriggers(), handle, args.payload);
  if (problems.length)
    return { userErrors: problems.map((message) => ({ field: ["payload"], message })) };
  const runs = ctx.state.flowTriggerRuns;
  runs.push({
    shop: ctx.shop.domain,
    handle,
    payload: structuredClone(args.payload as Record<string, unknown>),
    receivedAt: ctx.state.now(),
  });
  if (runs.length > RUNS_KEPT) runs.splice(0, runs.length - RUNS_KEPT);
  return { userErrors: [] };
}
