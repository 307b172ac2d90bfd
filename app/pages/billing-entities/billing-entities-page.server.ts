import { z } from "zod";
import { getPrintSettingsForDisplay } from "../../data/print-settings.server";
import { billingEntitiesForSettings } from "../../lib/billing-entities.server";
import { listBillingEntities } from "../../lib/catalogue.server";
import {
  createBillingEntity,
  replaceBillingEntity,
  setBillingEntityHidden,
  type ChangeBillingResult,
  type CreateBillingResult,
} from "./actions.server";

/**
 * The Billing entities page: the shop's entities at the print service as a tree (hidden ones
 * apart), and its one action: create, "edit" (a corrected entity in its place), hide and show.
 */

export async function loadBillingEntitiesPage({ shop }: { shop: string }) {
  const settings = await getPrintSettingsForDisplay({ shop });
  const defaultBillingEntityId = settings?.billingEntityId ?? null;
  // Without saved keys there is no account to ask; the page says where to save them.
  if (!settings?.merchantApiKey || !settings.secretKeySet)
    return { billing: null, defaultBillingEntityId };
  const list = await listBillingEntities({ shop });
  if (list.status === "ok")
    return {
      billing: {
        status: "ok" as const,
        ...(await billingEntitiesForSettings({ shop, roots: list.data })),
      },
      defaultBillingEntityId,
    };
  if (list.status === "error")
    return { billing: { status: "error" as const, problem: list.problem }, defaultBillingEntityId };
  return { billing: null, defaultBillingEntityId };
}

export type BillingEntitiesAnswer = CreateBillingResult | ChangeBillingResult;

const target = z.object({
  intent: z.enum(["edit", "hide", "show"]),
  id: z.coerce.number().int().positive(),
});

/** The page's action: the answer the page shows, and its HTTP status. */
export async function runBillingEntitiesAction({
  shop,
  form,
}: {
  shop: string;
  form: FormData;
}): Promise<{ answer: BillingEntitiesAnswer; status: number }> {
  const input = Object.fromEntries(form);
  if (input["intent"] === "create")
    return { answer: await createBillingEntity({ shop, input }), status: 200 };
  const parsed = target.safeParse(input);
  if (!parsed.success)
    return {
      answer: { ok: false, fieldErrors: { form: "Choose a billing entity from the list." } },
      status: 400,
    };
  const { intent, id } = parsed.data;
  if (intent === "edit")
    return { answer: await replaceBillingEntity({ shop, id, input }), status: 200 };
  return {
    answer: await setBillingEntityHidden({ shop, id, hidden: intent === "hide" }),
    status: 200,
  };
}
