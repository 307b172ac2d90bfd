// Parsing JSON bodies: schemas are built once at module load; they are liberal
// (numbers as strings, nulls) and normalise at the boundary. The shapes shared by
// several resources live here; each resource keeps its own request schema.

import { z } from "zod";
import { requireMerchant, type Ctx, type SandboxRequest } from "../context";
import { invalidData } from "../errors";
import type { Address, Merchant } from "../store";

const str = z.union([z.string(), z.number().transform(String)]);
export const optStr = z
  .union([str, z.null()])
  .optional()
  .transform((v) => v ?? "");
export const int = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);
export const num = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

const addressSchema = z.object({
  first_name: str,
  last_name: str,
  address_line_1: str,
  address_line_2: optStr,
  zip_code: optStr,
  city: str,
  country_code: z.string().regex(/^[A-Za-z]{2}$/, "two-letter country code"),
  state: optStr,
  phone_number: optStr,
  company_name: optStr,
  vat_number: optStr,
  vat_country_code: optStr,
  cpf_cnpj: optStr,
  neighbourhood: optStr,
});

export const addressDetailsSchema = z.object({
  email_address: z.string().nullish(),
  shipping_address: addressSchema.nullish(),
  billing_address: addressSchema.nullish(),
});

function issuePath(path: readonly PropertyKey[]): string {
  return (
    path
      .map((p, i) => (typeof p === "number" ? `[${p}]` : `${i > 0 ? "." : ""}${String(p)}`))
      .join("") || "body"
  );
}

/** Parses with a schema; the first issue becomes 400 INVALID_DATA naming the field. */
export function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw invalidData(issue ? issuePath(issue.path) : "body", issue?.message ?? "invalid");
}

/** Checks the merchant before the shape so an unknown key answers 500 even on bad bodies. */
export function merchantFromBody(ctx: Ctx, req: SandboxRequest, field: string): Merchant {
  const body = req.body;
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw invalidData("body", "expected a JSON object");
  return requireMerchant(ctx, (body as Record<string, unknown>)[field], req.op, field);
}

export function toAddress(a: z.output<typeof addressSchema>): Address {
  return {
    firstName: a.first_name,
    lastName: a.last_name,
    addressLine1: a.address_line_1,
    addressLine2: a.address_line_2,
    zipCode: a.zip_code,
    city: a.city,
    countryCode: a.country_code.toUpperCase(),
    state: a.state,
    phoneNumber: a.phone_number,
    companyName: a.company_name,
    vatNumber: a.vat_number,
    cpfCnpj: a.cpf_cnpj,
    neighbourhood: a.neighbourhood,
  };
}
