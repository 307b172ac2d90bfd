import {
  isDefaultBillingEntity,
  recordBillingEntityReplaced,
  rememberCreatedBillingEntity,
  setBillingEntityHiddenAt,
} from "../../data/billing-entity-records.server";
import {
  BILLING_ENTITY_MESSAGES,
  billingEntityFormSchema,
} from "../../services/billing-entity-rules";
import { flattenBillingEntities, formValuesOf } from "../../services/billing-entity-tree";
import { parseForm } from "../../services/form-errors";
import { describePrintError, type PrintProblem } from "../../services/merchant-text/print-problem";
import { invalidateCatalogue, shopClient } from "../../lib/catalogue.server";

/**
 * The Billing entities page's actions: a checked create, and what this app can do beyond
 * that. The service has no update or delete for them (only create and list), so
 * "Edit" creates a corrected entity and hides the old one here, and "Hide" only hides it in
 * this app: the print service keeps every entity. The details sent at creation are kept here
 * (data/billing-entity-records.server.ts), because the service's list gives back only the id,
 * name and parent.
 */

export type CreateBillingResult =
  | { ok: true; id: number }
  | { ok: false; fieldErrors: Record<string, string>; problem?: PrintProblem };

/** Sends a checked form to the print service and remembers what was sent. */
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
    await rememberCreatedBillingEntity({ shop, id, details: formValuesOf(parsed.data) });
    return { ok: true, id };
  } catch (error) {
    const problem = describePrintError(error);
    return { ok: false, fieldErrors: { form: problem.title }, problem };
  }
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
  if (Number(input["parentEntityId"]) === id) {
    // Told together with the form's other problems, not one submit before them.
    const parsed = parseForm(billingEntityFormSchema, input, BILLING_ENTITY_MESSAGES);
    return {
      ok: false,
      fieldErrors: {
        ...(parsed.ok ? {} : parsed.fieldErrors),
        parentEntityId: "Choose another parent, or none",
      },
    };
  }
  const created = await createBillingEntity({ shop, input });
  if (!created.ok) return created;
  const defaultMoved = await recordBillingEntityReplaced({ shop, id, replacedById: created.id });
  return { ok: true, intent: "edit", id: created.id, replacedId: id, defaultMoved };
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
  if (hidden && (await isDefaultBillingEntity({ shop, id })))
    return {
      ok: false,
      fieldErrors: {
        form: "New print orders are billed to this entity. Choose another billing entity under Orders first, then hide this one.",
      },
    };
  await setBillingEntityHiddenAt({ shop, id, hiddenAt: hidden ? new Date() : null });
  return { ok: true, intent: hidden ? "hide" : "show", id };
}
