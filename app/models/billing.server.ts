import prisma from "../db.server";
import {
  BILLING_ENTITY_MESSAGES,
  billingEntityFormSchema,
  type BillingEntityFormOutput,
} from "../services/billing-entity-rules";
import { parseForm } from "../services/form-errors";
import type { BillingEntity } from "../services/print";
import { buildPrintClient } from "../lib/print-client.server";
import { invalidateCatalogue, shopClient } from "./catalogue.server";
import { describePrintError, type PrintProblem } from "./print-problem.server";
import { getPrintCredentials, type PrintSettingsInput } from "./print-settings.server";

/**
 * Billing entities at the print service: a tree, a checked create, and what this app can do
 * beyond that. The service has no update or delete for them (only create and list), so
 * "Edit" creates a corrected entity and hides the old one here, and "Hide" only hides it in
 * this app: the print service keeps every entity. The details sent at creation are kept here,
 * because the service's list gives back only the id, name and parent.
 */

export { billingEntityFormSchema };
export type BillingEntityForm = Record<keyof typeof BILLING_ENTITY_MESSAGES, string>;

export type CreateBillingResult =
  | { ok: true; id: number }
  | { ok: false; fieldErrors: Record<string, string>; problem?: PrintProblem };

/** The form's fields as text again, to prefill "Edit". */
function formValuesOf(data: BillingEntityFormOutput): Partial<BillingEntityForm> {
  const out: Partial<BillingEntityForm> = {};
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    out[key as keyof BillingEntityForm] = Array.isArray(value) ? value.join(", ") : String(value);
  }
  return out;
}

/** Sends a checked form to the print service and remembers what was sent. */
async function createAtService(
  shop: string,
  input: Record<string, unknown>,
): Promise<CreateBillingResult> {
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
    await prisma.billingEntityRecord.upsert({
      where: { shop_billingEntityId: { shop, billingEntityId: id } },
      create: { shop, billingEntityId: id, details: JSON.stringify(formValuesOf(parsed.data)) },
      update: { details: JSON.stringify(formValuesOf(parsed.data)) },
    });
    return { ok: true, id };
  } catch (error) {
    const problem = describePrintError(error);
    return { ok: false, fieldErrors: { form: problem.title }, problem };
  }
}

export async function createBillingEntity({
  shop,
  input,
}: {
  shop: string;
  input: Record<string, unknown>;
}): Promise<CreateBillingResult> {
  return createAtService(shop, input);
}

export type ChangeBillingResult =
  | { ok: true; intent: "edit"; id: number; replacedId: number; defaultMoved: boolean }
  | { ok: true; intent: "hide" | "show"; id: number }
  | { ok: false; fieldErrors: Record<string, string>; problem?: PrintProblem };

const notYours = {
  ok: false as const,
  fieldErrors: { form: "This billing entity is not one of yours. Reload the page." },
};

/** The shop's own entities at the service, or the problem reading them. */
async function ownEntityIds(
  shop: string,
): Promise<{ ok: true; ids: Set<number> } | { ok: false; problem: PrintProblem }> {
  const c = await shopClient(shop);
  if (!c)
    return {
      ok: false,
      problem: {
        title: "Save your print-service keys first.",
        detail: null,
        hint: null,
        code: null,
      },
    };
  try {
    const roots = await c.client.billingEntities.list({ timeoutMs: 8_000 });
    return { ok: true, ids: new Set(flattenBillingEntities(roots).map((e) => e.id)) };
  } catch (error) {
    return { ok: false, problem: describePrintError(error) };
  }
}

/**
 * "Edit": the print service cannot change an entity, so this creates one with the corrected
 * details, hides the old one here, and moves the shop's default billing entity to the new
 * one when it was the old one. Orders already sent stay billed to the old entity.
 */
export async function replaceBillingEntity({
  shop,
  id,
  input,
}: {
  shop: string;
  id: number;
  input: Record<string, unknown>;
}): Promise<ChangeBillingResult> {
  const own = await ownEntityIds(shop);
  if (!own.ok) return { ok: false, fieldErrors: { form: own.problem.title }, problem: own.problem };
  if (!own.ids.has(id)) return notYours;
  if (Number(input["parentEntityId"]) === id)
    return { ok: false, fieldErrors: { parentEntityId: "Choose another parent, or none" } };
  const created = await createAtService(shop, input);
  if (!created.ok) return created;
  const now = new Date();
  const [, moved] = await prisma.$transaction([
    prisma.billingEntityRecord.upsert({
      where: { shop_billingEntityId: { shop, billingEntityId: id } },
      create: { shop, billingEntityId: id, hiddenAt: now, replacedById: created.id },
      update: { hiddenAt: now, replacedById: created.id },
    }),
    prisma.shop.updateMany({
      where: { shop, billingEntityId: id },
      data: { billingEntityId: created.id },
    }),
  ]);
  return {
    ok: true,
    intent: "edit",
    id: created.id,
    replacedId: id,
    defaultMoved: moved.count > 0,
  };
}

/**
 * "Hide": only in this app; the print service keeps the entity. The shop's default billing
 * entity cannot be hidden (new orders would bill an entity the merchant no longer sees).
 */
export async function setBillingEntityHidden({
  shop,
  id,
  hidden,
}: {
  shop: string;
  id: number;
  hidden: boolean;
}): Promise<ChangeBillingResult> {
  const own = await ownEntityIds(shop);
  if (!own.ok) return { ok: false, fieldErrors: { form: own.problem.title }, problem: own.problem };
  if (!own.ids.has(id)) return notYours;
  if (hidden) {
    const isDefault = await prisma.shop.findFirst({
      where: { shop, billingEntityId: id },
      select: { shop: true },
    });
    if (isDefault)
      return {
        ok: false,
        fieldErrors: {
          form: "New print orders are billed to this entity. Choose another billing entity under Orders first, then hide this one.",
        },
      };
  }
  const hiddenAt = hidden ? new Date() : null;
  await prisma.billingEntityRecord.upsert({
    where: { shop_billingEntityId: { shop, billingEntityId: id } },
    create: { shop, billingEntityId: id, hiddenAt },
    update: { hiddenAt },
  });
  return { ok: true, intent: hidden ? "hide" : "show", id };
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

export interface BillingEntityListRow extends BillingEntityRow {
  /** The form values it was created with here, to prefill "Edit"; null when made elsewhere. */
  details: Partial<BillingEntityForm> | null;
  parentId: number | null;
}

export interface HiddenBillingEntityRow {
  id: number;
  companyName: string;
  hiddenAt: string;
  /** The entity "Edit" created in its place. */
  replacedById: number | null;
}

function parseDetails(json: string | null): Partial<BillingEntityForm> | null {
  if (!json) return null;
  try {
    const v: unknown = JSON.parse(json);
    if (!v || typeof v !== "object") return null;
    return Object.fromEntries(
      Object.entries(v).filter(([, x]) => typeof x === "string"),
    ) as Partial<BillingEntityForm>;
  } catch {
    return null;
  }
}

/**
 * The Settings page's billing entities: the tree without the ones hidden here (their children
 * move up a level), with what is known to prefill "Edit", and the hidden ones apart.
 */
export async function billingEntitiesForSettings({
  shop,
  roots,
}: {
  shop: string;
  roots: BillingEntity[];
}): Promise<{ rows: BillingEntityListRow[]; hidden: HiddenBillingEntityRow[] }> {
  const records = new Map(
    (await prisma.billingEntityRecord.findMany({ where: { shop } })).map((r) => [
      r.billingEntityId,
      r,
    ]),
  );
  const rows: BillingEntityListRow[] = [];
  const hidden: HiddenBillingEntityRow[] = [];
  const seen = new Set<number>();
  const walk = (list: BillingEntity[], depth: number, parentId: number | null) => {
    for (const e of list) {
      if (seen.has(e.id)) continue;
      seen.add(e.id);
      const record = records.get(e.id);
      const companyName = e.companyName ?? `Entity ${e.id}`;
      if (record?.hiddenAt) {
        hidden.push({
          id: e.id,
          companyName,
          hiddenAt: record.hiddenAt.toISOString(),
          replacedById: record.replacedById,
        });
        walk(e.subEntities, depth, parentId);
        continue;
      }
      rows.push({
        id: e.id,
        companyName,
        depth,
        parentId,
        details: parseDetails(record?.details ?? null),
      });
      walk(e.subEntities, depth + 1, e.id);
    }
  };
  walk(roots, 0, null);
  return { rows, hidden };
}
