// The legacy XML interface (/rest). Parameters come from the query and/or an
// x-www-form-urlencoded body (merged). Responses are XML, or the text OK/ERROR
// where the interface says so. Orders live in the same store as JSON orders.
//
// One file per resource; this one holds the route table.

import type { Ctx, Reply, SandboxRequest } from "../context";
import { offeringDetails, offeringList } from "./offerings";
import { createLegacyOrder, orderDetails } from "./orders";
import { setPaid, setQuoteAndPaid } from "./payment";
import { quote } from "./quote";
import { orderStatus } from "./status";

export type LegacyHandler = (ctx: Ctx, req: SandboxRequest) => Reply;

/** [method, path under /rest, operation id, handler] */
export const LEGACY_ROUTES: readonly [string, string, string, LegacyHandler][] = [
  ["GET", "/offering/list", "legacy.offering.list", offeringList],
  ["GET", "/offering/details", "legacy.offering.details", offeringDetails],
  ["GET", "/offering/quote", "legacy.quote", quote],
  ["POST", "/order", "legacy.order.create", (c, r) => createLegacyOrder(c, r, false)],
  [
    "POST",
    "/order/create_from_checkout_url",
    "legacy.order.createFromCheckoutUrl",
    (c, r) => createLegacyOrder(c, r, true),
  ],
  ["POST", "/order/details", "legacy.order.details", orderDetails],
  ["GET", "/order/set_paid", "legacy.order.setPaid", setPaid],
  ["POST", "/order/set_paid", "legacy.order.setPaid", setPaid],
  ["POST", "/order/set_quote_and_paid", "legacy.order.setQuoteAndPaid", setQuoteAndPaid],
  ["GET", "/order/status", "legacy.order.status", orderStatus],
];
