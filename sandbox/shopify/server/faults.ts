/** Injected faults: an error status, Shopify's THROTTLED answer, or added latency. */
import http from "node:http";
import type { FakeServerState } from "./context";
import type { FaultSpec } from "./records";
import { HttpReply } from "./reply";

function takeFault(
  fake: FakeServerState,
  target: "graphql" | "oauth",
): (FaultSpec & { remaining: number }) | undefined {
  const fault = fake.faults.find(
    (f) => (f.target === target || f.target === "all") && f.remaining > 0,
  );
  if (fault) {
    fault.remaining--;
    fake.faults = fake.faults.filter((f) => f.remaining > 0);
  }
  return fault;
}

export async function applyFault(
  fake: FakeServerState,
  target: "graphql" | "oauth",
): Promise<HttpReply | undefined> {
  const fault = takeFault(fake, target);
  if (!fault) return undefined;
  if (fault.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
  if (fault.throttle) {
    return new HttpReply(200, {
      errors: [
        {
          message: "Throttled",
          extensions: {
            code: "THROTTLED",
            documentation: "https://shopify.dev/api/usage/rate-limits",
          },
        },
      ],
      extensions: {
        cost: {
          requestedQueryCost: 10,
          actualQueryCost: null,
          throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 0, restoreRate: 100 },
        },
      },
    });
  }
  if (fault.status) {
    return new HttpReply(
      fault.status,
      fault.body ?? { errors: http.STATUS_CODES[fault.status] ?? "Error" },
      fault.headers ?? {},
    );
  }
  return undefined;
}
