// Merchants as the control API, the seed file and startSandbox() take them: a patch of
// fields, or a new merchant (built on the default merchant's settings).

import { z } from "zod";
import { invalidData } from "./errors";
import { findCurrency, parseMoney } from "./money";
import { DEFAULT_MERCHANT, PUBLICATION_RESPONSES, type Merchant } from "./store";

export const merchantPatchSchema = z.object({
  name: z.string().optional(),
  /** Major units as a decimal string ("100.00") or a number of major units. */
  credit: z.union([z.string(), z.number()]).optional(),
  creditCurrency: z.string().optional(),
  markupBp: z.number().int().min(0).optional(),
  homeCountry: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  callbackUrl: z.string().url().nullable().optional(),
  publicationResponse: z.enum(PUBLICATION_RESPONSES).optional(),
  forbiddenOperations: z.array(z.string()).optional(),
  secretKey: z.string().optional(),
  applicationApiKey: z.string().optional(),
  buttonKey: z.string().optional(),
});
export type MerchantPatch = z.infer<typeof merchantPatchSchema>;

export const newMerchantSchema = merchantPatchSchema.extend({
  merchantApiKey: z.string().min(1),
  secretKey: z.string().min(1),
});
export type NewMerchant = z.infer<typeof newMerchantSchema>;

export function applyPatch(m: Merchant, patch: MerchantPatch): void {
  if (patch.creditCurrency !== undefined) {
    const c = findCurrency(patch.creditCurrency);
    if (!c) throw invalidData("creditCurrency", "unknown currency");
    m.creditCurrency = c.code;
  }
  if (patch.credit !== undefined) {
    const minor = parseMoney(patch.credit);
    if (minor === undefined) throw invalidData("credit", 'use a decimal like "100.00"');
    m.credit = minor;
  }
  for (const k of [
    "name",
    "markupBp",
    "homeCountry",
    "callbackUrl",
    "publicationResponse",
    "forbiddenOperations",
    "secretKey",
    "applicationApiKey",
    "buttonKey",
  ] as const) {
    if (patch[k] !== undefined) (m as unknown as Record<string, unknown>)[k] = patch[k];
  }
}

export function merchantFromInput(input: NewMerchant): Merchant {
  const m: Merchant = {
    ...structuredClone(DEFAULT_MERCHANT),
    name: input.name ?? input.merchantApiKey,
    merchantApiKey: input.merchantApiKey,
    secretKey: input.secretKey,
    applicationApiKey: input.applicationApiKey ?? `${input.merchantApiKey}-application`,
    buttonKey: input.buttonKey ?? `${input.merchantApiKey}-button`,
    credit: 0,
  };
  applyPatch(m, input);
  return m;
}
