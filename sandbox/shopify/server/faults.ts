/**
 * Injected faults: an error status, Shopify's THROTTLED answer, or added
 * latency, before a request runs; or an "answer lost" fault that lets a
 * mutation commit and then replaces its answer. A fault may be limited to the
 * requests of one mutation.
 */
import http from "node:http";
import { Kind, parse } from "graphql";
import type { FakeServerState } from "./context";
import type { InjectedUserErrors } from "../graphql/context";
import type { FaultSpec } from "./records";
import { HttpReply } from "./reply";

/** What a GraphQL request asks for, as far as faults care: its operation type and root fields. */
export interface RequestShape {
  operationType: string | null;
  rootFields: string[];
}

export function requestShape(params: Record<string, unknown>): RequestShape {
  if (typeof params.query !== "string") return { operationType: null, rootFields: [] };
  try {
    const document = parse(params.query);
    const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
    const name = typeof params.operationName === "string" ? params.operationName : null;
    const operation = name
      ? operations.find((o) => o.name?.value === name)
      : operations.length === 1
        ? operations[0]
        : undefined;
    if (!operation) return { operationType: null, rootFields: [] };
    return {
      operationType: operation.operation,
      rootFields: operation.selectionSet.selections.flatMap((s) =>
        s.kind === Kind.FIELD ? [s.name.value] : [],
      ),
    };
  } catch {
    return { operationType: null, rootFields: [] };
  }
}

function matches(
  fault: FaultSpec,
  target: "graphql" | "oauth",
  shape: RequestShape | null,
  afterCommit: boolean,
): boolean {
  if (fault.target !== target && fault.target !== "all") return false;
  if ((fault.afterCommit ?? false) !== afterCommit) return false;
  if (fault.userErrors) return false;
  if (fault.mutation) {
    return target === "graphql" && !!shape && shape.rootFields.includes(fault.mutation);
  }
  if (afterCommit) return shape?.operationType === "mutation";
  return true;
}

function takeFault(
  fake: FakeServerState,
  target: "graphql" | "oauth",
  shape: RequestShape | null,
  afterCommit: boolean,
): (FaultSpec & { remaining: number }) | undefined {
  const fault = fake.faults.find((f) => f.remaining > 0 && matches(f, target, shape, afterCommit));
  if (fault) {
    fault.remaining--;
    fake.faults = fake.faults.filter((f) => f.remaining > 0);
  }
  return fault;
}

async function faultReply(fault: FaultSpec): Promise<HttpReply | undefined> {
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

/** A fault that answers the request before it runs (nothing is carried out). */
export async function applyFault(
  fake: FakeServerState,
  target: "graphql" | "oauth",
  shape: RequestShape | null = null,
): Promise<HttpReply | undefined> {
  const fault = takeFault(fake, target, shape, false);
  return fault ? faultReply(fault) : undefined;
}

/** An "answer lost" fault: the request ran; its answer is replaced (undefined = keep it). */
export async function applyAnswerLostFault(
  fake: FakeServerState,
  shape: RequestShape,
): Promise<HttpReply | undefined> {
  const fault = takeFault(fake, "graphql", shape, true);
  if (!fault) return undefined;
  return (await faultReply(fault)) ?? new HttpReply(502, { errors: "Bad Gateway" });
}

/** Injected userErrors for a mutation of this request: the mutation answers them and does nothing. */
export function takeUserErrorsFault(
  fake: FakeServerState,
  shape: RequestShape,
): InjectedUserErrors | undefined {
  const fault = fake.faults.find(
    (f) =>
      f.remaining > 0 &&
      f.userErrors &&
      f.mutation &&
      (f.target === "graphql" || f.target === "all") &&
      shape.rootFields.includes(f.mutation),
  );
  if (!fault) return undefined;
  fault.remaining--;
  fake.faults = fake.faults.filter((f) => f.remaining > 0);
  return {
    mutation: fault.mutation!,
    userErrors: fault.userErrors!.map((e) => ({
      field: e.field ?? null,
      message: e.message,
      code: e.code ?? null,
    })),
  };
}
