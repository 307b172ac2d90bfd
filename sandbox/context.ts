// What every handler gets: the state, the services and the parsed request.

import type { Catalogue } from "./catalogue";
import type { Clock } from "./clock";
import { forbidden, invalidData, unknownMerchant } from "./errors";
import type { OrderService } from "./orders";
import type { Merchant, Store } from "./store";

export interface Ctx {
  store: Store;
  catalogue: Catalogue;
  orders: OrderService;
  clock: Clock;
  seed: number;
  /** e.g. http://127.0.0.1:4010 (no trailing slash). */
  baseUrl: string;
  /** Call after any mutation: schedules the debounced state-file write. */
  changed(): void;
}

export interface SandboxRequest {
  op: string;
  method: string;
  path: string;
  query: URLSearchParams;
  /** Parsed JSON (JSON interface) or merged form + query fields (legacy). */
  body: unknown;
  params: Record<string, string>;
}

export interface Reply {
  status: number;
  body: string;
  contentType: string;
  headers?: Record<string, string>;
}

export const json = (status: number, value: unknown): Reply => ({
  status,
  body: value === undefined ? "" : JSON.stringify(value),
  contentType: "application/json",
});

export const text = (status: number, body: string, contentType = "text/plain"): Reply => ({
  status,
  body,
  contentType,
});

/** Merchant by key: unknown -> 500 (the real service's quirk), blocked op -> 401 APP_FORBIDDEN. */
export function requireMerchant(ctx: Ctx, key: unknown, op: string, field: string): Merchant {
  if (typeof key !== "string" || key === "") throw invalidData(field);
  const m = ctx.store.merchants.get(key);
  if (!m) throw unknownMerchant();
  if (m.forbiddenOperations.includes(op) || m.forbiddenOperations.includes("*"))
    throw forbidden(`operation ${op} for this merchant`);
  return m;
}
