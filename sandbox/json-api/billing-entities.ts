// billing-entity: create one (under a parent, or as a root) and list the merchant's tree.
// Nothing else: the real service has no update or delete, so the router answers 405/404.

import { z } from "zod";
import { json, requireMerchant, type Ctx, type Reply, type SandboxRequest } from "../context";
import { validateRequest } from "../validation";
import { int, merchantFromBody, optStr, parse } from "./parse";

const billingEntitySchema = z.object({
  apiKey: z.string(),
  parentEntityId: int.nullish(),
  firstName: optStr,
  lastName: optStr,
  companyName: optStr,
  addressLine1: optStr,
  addressLine2: optStr,
  zipCode: optStr,
  city: optStr,
  state: optStr,
  countryCode: optStr,
  vatNumber: optStr,
  chamberOfCommerce: optStr,
  emailAddresses: z.array(z.string()).nullish(),
  phoneNumber: optStr,
});

export function createBillingEntity(ctx: Ctx, req: SandboxRequest): Reply {
  const merchant = merchantFromBody(ctx, req, "apiKey");
  validateRequest(ctx, req, merchant);
  const b = parse(billingEntitySchema, req.body);
  const parentId = b.parentEntityId ? b.parentEntityId : null;
  const id = ctx.store.nextId("billingEntity");
  ctx.store.billingEntities.set(id, {
    id,
    merchantApiKey: merchant.merchantApiKey,
    parentId,
    companyName: b.companyName,
    firstName: b.firstName,
    lastName: b.lastName,
    addressLine1: b.addressLine1,
    addressLine2: b.addressLine2,
    zipCode: b.zipCode,
    city: b.city,
    state: b.state,
    countryCode: b.countryCode.toUpperCase(),
    vatNumber: b.vatNumber,
    chamberOfCommerce: b.chamberOfCommerce,
    emailAddresses: b.emailAddresses ?? [],
    phoneNumber: b.phoneNumber,
  });
  ctx.changed();
  return json(201, { id });
}

interface BillingEntityNode {
  id: number;
  companyName: string;
  parentId: number | null;
  subEntities: BillingEntityNode[] | null;
}

export function listBillingEntities(ctx: Ctx, req: SandboxRequest): Reply {
  const merchant = requireMerchant(ctx, req.query.get("merchantApiKey"), req.op, "merchantApiKey");
  const mine = [...ctx.store.billingEntities.values()].filter(
    (b) => b.merchantApiKey === merchant.merchantApiKey,
  );
  const build = (parentId: number | null): BillingEntityNode[] =>
    mine
      .filter((b) => b.parentId === parentId)
      .map((b) => {
        const subs = build(b.id);
        return {
          id: b.id,
          companyName: b.companyName,
          parentId: b.parentId,
          subEntities: subs.length ? subs : null,
        };
      });
  return json(200, build(null));
}
