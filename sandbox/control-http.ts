// The control API over HTTP, under /__sandbox/ (never subject to faults): one route per
// function of SandboxControl, plus the legacy upload bucket.

import { z } from "zod";
import { json, text, type Ctx, type Reply } from "./context";
import { parseOr400, type PriceListInput, type SandboxControl } from "./control";
import { ServiceError, invalidData } from "./errors";
import { callbackFaultsSchema, type FaultConfigInput, type FaultRule } from "./faults";
import { receiveUpload } from "./legacy/upload";
import type { MerchantPatch, NewMerchant } from "./merchant-input";
import type { OrderState } from "./store";

const trackingSchema = z.object({ code: z.string().min(1), url: z.string().optional() });
const advanceSchema = z.object({
  orderId: z.number().int().optional(),
  to: z.string().optional(),
  force: z.boolean().optional(),
  tracking: trackingSchema.nullable().optional(),
});

const upload = /^\/__sandbox\/upload(\/.*)?$/;
const orderPath = /^\/__sandbox\/orders\/(\d+)(\/advance|\/tracking)?$/;
const merchantPath = /^\/__sandbox\/merchants\/([^/]+)(\/callback-url)?$/;

/** HTTP front of the control API. Bodies are JSON; errors use the JSON error shape. */
export function handleControl(
  control: SandboxControl,
  ctx: Ctx,
  method: string,
  path: string,
  query: URLSearchParams,
  rawBody: string,
): Reply {
  let body: unknown = undefined;
  if (rawBody && !upload.test(path)) {
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw invalidData("body", "not JSON");
    }
  }
  const obj = (body ?? {}) as Record<string, unknown>;
  const route = `${method} ${path}`;
  switch (route) {
    case "GET /__sandbox/health":
      return json(200, control.health());
    case "GET /__sandbox/orders":
      return json(200, {
        orders: control.orders({
          merchantApiKey: query.get("merchantApiKey") ?? undefined,
          state: (query.get("state") as OrderState | null) ?? undefined,
        }),
      });
    case "GET /__sandbox/requests": {
      const limit = Number(query.get("limit") ?? "0");
      return json(200, {
        requests: control.requests({ op: query.get("op") ?? undefined, limit: limit || undefined }),
      });
    }
    case "GET /__sandbox/callbacks":
      return json(200, { callbacks: control.callbacks() });
    case "POST /__sandbox/advance":
      return json(200, { transitions: control.advance(parseOr400(advanceSchema, obj)) });
    case "GET /__sandbox/faults":
      return json(200, control.faults());
    case "PUT /__sandbox/faults":
    case "POST /__sandbox/faults":
      return json(200, control.setFaults(obj as FaultConfigInput));
    case "POST /__sandbox/faults/rules":
      return json(200, control.addFaultRule(obj as FaultRule));
    case "DELETE /__sandbox/faults":
      return json(200, control.clearFaults());
    case "POST /__sandbox/faults/callbacks":
      return json(200, control.setFaults({ callbacks: parseOr400(callbackFaultsSchema, obj) }));
    case "POST /__sandbox/down":
      return json(200, control.setDown(obj.mode === "reset" ? "reset" : "503"));
    case "POST /__sandbox/up":
      return json(200, control.setDown(null));
    case "GET /__sandbox/merchants":
      return json(200, { merchants: control.merchants() });
    case "POST /__sandbox/merchants":
      return json(201, control.addMerchant(obj as NewMerchant));
    case "GET /__sandbox/prices":
      return json(200, control.prices());
    case "POST /__sandbox/prices":
      return json(200, control.publishPrices(obj as PriceListInput));
    case "POST /__sandbox/reset":
      control.reset();
      return json(200, { ok: true });
  }
  if ((method === "PUT" || method === "POST") && upload.test(path))
    return receiveUpload(ctx, path, rawBody);
  const om = orderPath.exec(path);
  if (om) {
    const id = Number(om[1]);
    if (method === "GET" && !om[2]) {
      const order = control.order(id);
      if (!order) throw new ServiceError(404, undefined, "Order not found");
      return json(200, order);
    }
    if (method === "POST" && om[2] === "/tracking") {
      return json(200, control.setTracking(id, parseOr400(trackingSchema, obj)));
    }
    if (method === "POST" && om[2]) {
      const opts = parseOr400(advanceSchema, obj);
      return json(200, { transitions: control.advance({ ...opts, orderId: id }) });
    }
  }
  const mm = merchantPath.exec(path);
  if (mm) {
    const key = decodeURIComponent(mm[1] ?? "");
    if (method === "GET" && !mm[2]) {
      const m = control.merchant(key);
      if (!m) throw new ServiceError(404, undefined, `Unknown merchant ${key}`);
      return json(200, m);
    }
    if ((method === "POST" || method === "PATCH") && !mm[2])
      return json(200, control.updateMerchant(key, obj as MerchantPatch));
    if ((method === "POST" || method === "PUT") && mm[2]) {
      const url = obj.url;
      if (url !== null && typeof url !== "string") throw invalidData("url");
      return json(200, control.setCallbackUrl(key, url));
    }
  }
  return text(404, JSON.stringify({ details: `No control route ${route}` }), "application/json");
}
