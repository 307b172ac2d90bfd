// The JSON interface (/rest/v3): one file per resource, and the route table.

import type { Ctx, Reply, SandboxRequest } from "../context";
import { createBillingEntity, listBillingEntities } from "./billing-entities";
import { categories, offeringList } from "./offerings";
import {
  createOrder,
  orderAddress,
  orderCancel,
  orderDetails,
  orderFiles,
  orderPayment,
} from "./orders";
import { createPublication } from "./publications";
import { quote } from "./quote";
import { offeringSpine, orderSpine } from "./spine";

export type JsonHandler = (ctx: Ctx, req: SandboxRequest) => Reply;

/** [method, path under /rest/v3, operation id, handler] */
export const JSON_ROUTES: readonly [string, string, string, JsonHandler][] = [
  ["GET", "/offering/list", "offering.list", offeringList],
  ["GET", "/offering/spine", "offering.spine", offeringSpine],
  ["GET", "/categories", "categories", categories],
  ["POST", "/quote", "quote", quote],
  ["POST", "/order", "order.create", createOrder],
  ["GET", "/order/details", "order.details", orderDetails],
  ["POST", "/order/address", "order.address", orderAddress],
  ["POST", "/order/payment", "order.payment", orderPayment],
  ["POST", "/order/files", "order.files", orderFiles],
  ["POST", "/order/cancel", "order.cancel", orderCancel],
  ["GET", "/order/spine", "order.spine", orderSpine],
  ["POST", "/publication/create", "publication.create", createPublication],
  ["POST", "/billing-entity", "billingEntity.create", createBillingEntity],
  ["GET", "/billing-entity", "billingEntity.list", listBillingEntities],
];
