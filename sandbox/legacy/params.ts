// Reading legacy parameters (query and form merged): values, the merchant, the offering
// and the order they name.

import type { Offering } from "../catalogue";
import { requireMerchant, type Ctx, type SandboxRequest } from "../context";
import { ServiceError, forbidden, invalidData, offeringNotFound } from "../errors";
import type { Merchant, Order } from "../store";

export function p(req: SandboxRequest, name: string): string | undefined {
  const v = req.params[name];
  return v === undefined || v === "" ? undefined : v;
}

export function required(req: SandboxRequest, name: string): string {
  const v = p(req, name);
  if (v === undefined) throw invalidData(name);
  return v;
}

export function requiredInt(req: SandboxRequest, name: string): number {
  const v = required(req, name);
  if (!/^\d+$/.test(v)) throw invalidData(name, "must be an integer");
  return Number(v);
}

export function requiredNumber(req: SandboxRequest, name: string): number {
  const v = required(req, name);
  if (!/^\d+(\.\d+)?$/.test(v)) throw invalidData(name, "must be a number");
  return Number(v);
}

export function bool(req: SandboxRequest, name: string, dflt: boolean): boolean {
  const v = p(req, name);
  if (v === undefined) return dflt;
  if (v === "true") return true;
  if (v === "false") return false;
  throw invalidData(name, "must be true or false");
}

/** merchantApiKey + applicationApiKey pair (offering list/details/quote). */
export function merchantWithApp(ctx: Ctx, req: SandboxRequest): Merchant {
  const m = requireMerchant(ctx, p(req, "merchantApiKey"), req.op, "merchantApiKey");
  const app = required(req, "applicationApiKey");
  if (app !== m.applicationApiKey) throw forbidden("unknown application for this merchant");
  return m;
}

export function offeringById(ctx: Ctx, id: number): Offering {
  const o = ctx.catalogue.find(id);
  if (!o) throw offeringNotFound(id);
  return o;
}

export function legacyOrder(ctx: Ctx, req: SandboxRequest): Order {
  const order = ctx.store.orderByExternalId(required(req, "externalOrderId"));
  if (!order) throw new ServiceError(404, undefined, "Order not found");
  const key = p(req, "merchantApiKey");
  if (key !== undefined && key !== order.merchantApiKey)
    throw new ServiceError(404, undefined, "Order not found");
  return order;
}
