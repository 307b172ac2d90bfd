import { z } from "zod";
import { shopifyNumericId } from "../shopify-admin/ids";

/**
 * Shopify's compliance webhook payloads, parsed tolerantly (null where a
 * field may be missing). Ids are exact decimal text: the payloads carry no
 * admin_graphql_api_id, and customer and order ids can exceed 2^53.
 */
const id = shopifyNumericId;
const optText = z
  .string()
  .nullish()
  .transform((v) => (v ? v : undefined));

const customer = z.object({
  id: id.nullish().transform((v) => v ?? undefined),
  email: optText,
  phone: optText,
});

export const dataRequestSchema = z.object({
  shop_id: id.nullish(),
  shop_domain: z.string().nullish(),
  customer,
  orders_requested: z
    .array(id)
    .nullish()
    .transform((v) => v ?? []),
  data_request: z.object({ id: id }).nullish(),
});
export type DataRequestPayload = z.infer<typeof dataRequestSchema>;

export const customerRedactSchema = z.object({
  shop_id: id.nullish(),
  shop_domain: z.string().nullish(),
  customer,
  orders_to_redact: z
    .array(id)
    .nullish()
    .transform((v) => v ?? []),
});
export type CustomerRedactPayload = z.infer<typeof customerRedactSchema>;

export const shopRedactSchema = z.object({
  shop_id: id.nullish(),
  shop_domain: z.string().nullish(),
});

export const COMPLIANCE_TOPICS = [
  "customers/data_request",
  "customers/redact",
  "shop/redact",
] as const;
export type ComplianceTopic = (typeof COMPLIANCE_TOPICS)[number];
