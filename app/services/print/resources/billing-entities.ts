/**
 * JSON billing entities: `POST /billing-entity`, `GET /billing-entity` (nested tree). The
 * service documents no update or delete, so this client offers none; the admin hides an
 * entity locally instead.
 */
import { z } from "zod";
import { APIResource, defineOperation, noParams } from "../core";
import type { RequestOptions } from "../transport";
import { inputCountry, inputEmail, inputId, optText, positiveId } from "./shared";

export const billingEntityCreateParamsSchema = z
  .object({
    parentEntityId: inputId.optional(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    companyName: z.string().min(1),
    addressLine1: z.string().optional(),
    addressLine2: z.string().optional(),
    zipCode: z.string().optional(),
    city: z.string().optional(),
    state: z.string().optional(),
    countryCode: inputCountry.optional(),
    vatNumber: z.string().optional(),
    chamberOfCommerce: z.string().optional(),
    emailAddresses: z.array(inputEmail).optional(),
    phoneNumber: z.string().optional(),
  })
  .strict();

export type BillingEntityCreateParams = z.input<typeof billingEntityCreateParamsSchema>;

export interface BillingEntity {
  id: number;
  companyName: string | undefined;
  parentId: number | undefined;
  subEntities: BillingEntity[];
}

interface RawEntity {
  id: number;
  companyName: string | undefined;
  parentId: number | undefined;
  subEntities: RawEntity[];
}

const billingEntitySchema: z.ZodType<RawEntity, unknown> = z.lazy(() =>
  z
    .object({
      id: positiveId,
      companyName: optText,
      parentId: z
        .union([positiveId, z.literal(0), z.null()])
        .optional()
        .transform((v) => (v === null || v === 0 ? undefined : v)),
      subEntities: z
        .array(billingEntitySchema)
        .nullish()
        .transform((v) => v ?? []),
    })
    .transform((e): RawEntity => e),
);

const billingEntityListSchema = z
  .array(billingEntitySchema)
  .nullable()
  .transform((v) => v ?? []);

const billingEntityCreate = defineOperation({
  name: "billingEntity.create",
  api: "json",
  method: "POST",
  path: "/billing-entity",
  request: billingEntityCreateParamsSchema,
  json: (p, call) => ({ apiKey: call.merchantApiKey, ...p }),
  response: z.union([z.object({ id: positiveId }), positiveId.transform((id) => ({ id }))]),
});

const billingEntityList = defineOperation({
  name: "billingEntity.list",
  api: "json",
  method: "GET",
  path: "/billing-entity",
  request: noParams,
  query: (_p, call) => ({ merchantApiKey: call.merchantApiKey }),
  read: (answer) => answer.json() ?? null,
  response: billingEntityListSchema,
});

export class BillingEntities extends APIResource {
  create(params: BillingEntityCreateParams, options?: RequestOptions): Promise<{ id: number }> {
    return this.core.request(billingEntityCreate, params, options);
  }

  /** The merchant's billing entities as a tree (roots first; subEntities never null). */
  list(options?: RequestOptions): Promise<BillingEntity[]> {
    return this.core.request(billingEntityList, undefined, options);
  }
}
