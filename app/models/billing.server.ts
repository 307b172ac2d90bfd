import { z } from "zod";
import { parseForm } from "../services/form-errors";
import type { BillingEntity } from "../services/print";
import { isCountryCode, isEmail } from "../services/print/input-rules";
import { buildPrintClient } from "../lib/print-client.server";
import { invalidateCatalogue, shopClient } from "./catalogue.server";
import { describePrintError, type PrintProblem } from "./print-problem.server";
import { getPrintCredentials, type PrintSettingsInput } from "./print-settings.server";

/** Billing entities at the print service: a tree, and a validated create. */

/** Optional free text: blank means not given; capped so a stray paste is caught here, by field. */
const optional = z
  .string()
  .trim()
  .max(200, "Use at most 200 characters")
  .transform((v) => (v === "" ? undefined : v))
  .optional();

export const billingEntityFormSchema = z.object({
  companyName: z
    .string()
    .trim()
    .min(1, "Enter the company name")
    .max(200, "Use at most 200 characters for the company name"),
  parentEntityId: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? Number(v) : undefined))
    .pipe(z.number().int().positive("Choose a parent entity").optional()),
  firstName: optional,
  lastName: optional,
  addressLine1: optional,
  addressLine2: optional,
  zipCode: optional,
  city: optional,
  state: optional,
  countryCode: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim().toUpperCase() || undefined)
    .pipe(z.string().refine(isCountryCode, "Use a two-letter country code, e.g. NL").optional()),
  vatNumber: optional,
  chamberOfCommerce: optional,
  emailAddresses: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(/[,\s]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().refine(isEmail, "Enter valid email addresses, separated by commas"))
        .max(10, "Enter at most 10 email addresses, separated by commas"),
    ),
  phoneNumber: z
    .string()
    .trim()
    .max(30, "Enter a phone number, e.g. +31 20 123 4567")
    .refine(
      (v) => v === "" || (/^\+?[\d\s().-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 6),
      "Enter a phone number, e.g. +31 20 123 4567",
    )
    .transform((v) => (v === "" ? undefined : v))
    .optional(),
});

export type BillingEntityForm = z.input<typeof billingEntityFormSchema>;

export type CreateBillingResult =
  | { ok: true; id: number }
  | { ok: false; fieldErrors: Record<string, string>; problem?: PrintProblem };

/** What each field takes, for any refusal the schema does not word itself. */
const BILLING_ENTITY_MESSAGES = {
  companyName: "Enter the company name, at most 200 characters",
  parentEntityId: "Choose a parent entity from the list, or none",
  countryCode: "Use a two-letter country code, e.g. NL",
  emailAddresses: "Enter valid email addresses, separated by commas",
  phoneNumber: "Enter a phone number, e.g. +31 20 123 4567",
  firstName: "Use at most 200 characters",
  lastName: "Use at most 200 characters",
  addressLine1: "Use at most 200 characters",
  addressLine2: "Use at most 200 characters",
  zipCode: "Use at most 200 characters",
  city: "Use at most 200 characters",
  state: "Use at most 200 characters",
  vatNumber: "Use at most 200 characters",
  chamberOfCommerce: "Use at most 200 characters",
};

export async function createBillingEntity({
  shop,
  input,
}: {
  shop: string;
  input: Record<string, unknown>;
}): Promise<CreateBillingResult> {
  const parsed = parseForm(billingEntityFormSchema, input, BILLING_ENTITY_MESSAGES);
  if (!parsed.ok) return { ok: false, fieldErrors: parsed.fieldErrors };
  const c = await shopClient(shop);
  if (!c) return { ok: false, fieldErrors: { form: "Save your print-service keys first." } };
  const { emailAddresses, ...rest } = parsed.data;
  try {
    const { id } = await c.client.billingEntities.create({
      ...rest,
      ...(emailAddresses.length ? { emailAddresses } : {}),
    });
    invalidateCatalogue({ shop, kind: "billing" });
    return { ok: true, id };
  } catch (error) {
    const problem = describePrintError(error);
    return { ok: false, fieldErrors: { form: problem.title }, problem };
  }
}

export interface BillingEntityRow {
  id: number;
  companyName: string;
  depth: number;
}

/** The tree flattened depth-first, for an indented list or a select. */
export function flattenBillingEntities(roots: BillingEntity[]): BillingEntityRow[] {
  const out: BillingEntityRow[] = [];
  const seen = new Set<number>();
  const walk = (list: BillingEntity[], depth: number) => {
    for (const e of list) {
      if (seen.has(e.id)) continue;
      seen.add(e.id);
      out.push({ id: e.id, companyName: e.companyName ?? `Entity ${e.id}`, depth });
      walk(e.subEntities, depth + 1);
    }
  };
  walk(roots, 0);
  return out;
}

/**
 * Settings may only name a billing entity of the shop's own print account
 * (another account's id would bill orders to it). Checked against the
 * account being saved: the keys and URL in the form, the stored secret when
 * none was typed. Null when it belongs; otherwise the field error.
 */
export async function billingEntityError({
  shop,
  input,
}: {
  shop: string;
  input: PrintSettingsInput & { billingEntityId: number };
}): Promise<string | null> {
  const stored = await getPrintCredentials({ shop });
  const secretKey = input.secretKey ?? stored?.secretKey;
  if (!input.printEnvironment || !input.merchantApiKey || !secretKey)
    return "Save your print-service keys first.";
  const client = buildPrintClient({
    environment: input.printEnvironment,
    baseUrl: input.printBaseUrl ?? null,
    merchantApiKey: input.merchantApiKey,
    secretKey,
    applicationApiKey: undefined,
    buttonKey: undefined,
  });
  let roots: BillingEntity[];
  try {
    roots = await client.billingEntities.list({ timeoutMs: 8_000, retry: false });
  } catch {
    return "Billing entities could not be checked with the print service right now. Try again, or choose None.";
  }
  return flattenBillingEntities(roots).some((e) => e.id === input.billingEntityId)
    ? null
    : "Choose one of your own billing entities";
}
