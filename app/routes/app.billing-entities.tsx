import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { authenticate } from "../shopify.server";
import { replaceBillingEntity, setBillingEntityHidden } from "../lib/billing-entities.server";

/**
 * Changes to a billing entity, posted from the Settings page's billing entities: "edit"
 * (a corrected entity in its place), "hide" and "show" (in this app only). Creating one stays
 * with the Settings form.
 */

const target = z.object({
  intent: z.enum(["edit", "hide", "show"]),
  id: z.coerce.number().int().positive(),
});

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const shop = session.shop;
  const input = Object.fromEntries(await request.formData());
  const parsed = target.safeParse(input);
  if (!parsed.success)
    return json(
      { ok: false as const, fieldErrors: { form: "Choose a billing entity from the list." } },
      { status: 400 },
    );
  const { intent, id } = parsed.data;
  if (intent === "edit") return json(await replaceBillingEntity({ shop, id, input }));
  return json(await setBillingEntityHidden({ shop, id, hidden: intent === "hide" }));
};

/** Nothing to show on its own: the billing entities live in Settings. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  await authenticate.admin(request);
  const url = new URL(request.url);
  return redirect(`/app/settings${url.search}#billing`);
};
