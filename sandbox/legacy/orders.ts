// order and order/create_from_checkout_url (create), order/details (address, email, quantity).

import { requireMerchant, text, type Ctx, type Reply, type SandboxRequest } from "../context";
import { uploadPolicySignature } from "../signatures";
import type { Address, Merchant, Order } from "../store";
import { validateRequest } from "../validation";
import { legacyOrder, offeringById, p, required, requiredInt, requiredNumber } from "./params";
import { el, xml } from "./xml";

function orderXml(ctx: Ctx, order: Order, m: Merchant): Reply {
  const ext = order.legacy?.externalOrderId ?? String(order.id);
  const path = `orders/${ext}/`;
  const policy = Buffer.from(
    JSON.stringify({
      expiration: new Date(ctx.clock.now() + 3600_000).toISOString(),
      conditions: [{ bucket: "sandbox-orders" }, ["starts-with", "$key", path], { acl: "private" }],
    }),
  ).toString("base64");
  return xml(
    200,
    "<order>" +
      el("externalOrderId", ext) +
      el("id", order.id) +
      el("signedPutUrl", `${ctx.baseUrl}/__sandbox/upload`) +
      el("signedPutPath", path) +
      el("base64EncodedPolicy", policy) +
      el("signature", uploadPolicySignature(m.secretKey, policy)) +
      el("apiVersion", order.legacy?.apiVersion ?? 3) +
      el("orderState", order.state) +
      el("quantity", order.items[0]?.quantity ?? 1) +
      "</order>",
  );
}

export function createLegacyOrder(ctx: Ctx, req: SandboxRequest, withSource: boolean): Reply {
  const m = requireMerchant(ctx, p(req, "merchantApiKey"), req.op, "merchantApiKey");
  validateRequest(ctx, req, m);
  const o = offeringById(ctx, requiredInt(req, "offeringId"));
  const apiVersionText = p(req, "apiVersion");
  const files = withSource
    ? {
        contentUrl: required(req, "sourceUrl"),
        pages: requiredInt(req, "numberOfPages"),
        width: requiredNumber(req, "sourceWidth"),
        height: requiredNumber(req, "sourceHeight"),
        coverUrl: "",
        customSpineUrl: "",
      }
    : null;
  const order = ctx.orders.create(m, {
    reference: "",
    purchaseOrder: "",
    currency: m.creditCurrency,
    billingEntityId: null,
    costCentre: "",
    email: p(req, "emailAddress") ?? "",
    shippingAddress: null,
    billingAddress: null,
    items: [
      {
        reference: "item-1",
        offeringId: o.id,
        quantity: Math.max(1, o.minimumQuantity),
        title: p(req, "title") ?? "",
        files,
      },
    ],
    legacy: {
      paymentReference: p(req, "paymentReference") ?? "",
      merchantReference: p(req, "merchantReference") ?? "",
      locale: p(req, "locale") ?? "",
      apiVersion: Math.max(3, Number(apiVersionText ?? 3)),
      customerName: "",
    },
  });
  ctx.changed();
  return orderXml(ctx, order, m);
}

/** The `<address>` element, parsed and checked by the request rules. */
function toAddress(a: Record<string, unknown>): Address {
  const s = (k: string) => (typeof a[k] === "string" ? (a[k] as string) : "");
  return {
    firstName: "",
    lastName: "",
    addressLine1: s("addressLine1"),
    addressLine2: s("addressLine2"),
    zipCode: s("zipCode"),
    city: s("city"),
    countryCode: s("countryCode").toUpperCase(),
    state: s("state"),
    phoneNumber: "",
    companyName: "",
    vatNumber: "",
    cpfCnpj: "",
    neighbourhood: "",
  };
}

export function orderDetails(ctx: Ctx, req: SandboxRequest): Reply {
  const fields = validateRequest(ctx, req, null);
  const order = legacyOrder(ctx, req);
  const address = toAddress(fields.shippingAddressXml as Record<string, unknown>);
  const email = required(req, "emailAddress");
  const quantity = requiredInt(req, "quantity");
  const name = (p(req, "customerName") ?? "").trim();
  const space = name.indexOf(" ");
  address.firstName = space < 0 ? name : name.slice(0, space);
  address.lastName = space < 0 ? "" : name.slice(space + 1);
  ctx.orders.setQuantity(order, quantity);
  ctx.orders.setAddress(order, address, email);
  if (order.legacy) order.legacy.customerName = name;
  ctx.changed();
  return text(200, "OK");
}
