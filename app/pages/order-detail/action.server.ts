import { z } from "zod";
import { runMerchantAction } from "../../lib/fulfilment-commands.server";
import { addressLinkDeps } from "../../lib/address-links.server";
import { shopOrderIdOf } from "../../data/address-links.server";
import { sendAddressLink } from "../../services/address-links/send";
import { isHttpUrl } from "../../services/safe-url";

/** What the order page's action answers; a wrong file URL names the item it belongs to. */
export type OrderActionData =
  | { ok: true; intent: string; message: string }
  | { ok: false; intent: string; message: string; itemId?: string; fieldError?: string };

const httpUrl = z
  .string({ error: "Enter the file URL" })
  .trim()
  .min(1, "Enter the file URL")
  .max(2000, "Enter a file URL of at most 2,000 characters")
  .refine(isHttpUrl, "Enter a full URL starting with https://");

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve") }),
  z.object({ intent: z.literal("retry") }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("print_anyway") }),
  z.object({ intent: z.literal("address_link") }),
  z.object({ intent: z.literal("attach"), itemId: z.string().min(1).max(64), fileUrl: httpUrl }),
]);

/** The merchant's action on the print order `id`: the page's answer and its HTTP status. */
export async function runOrderPageAction({
  shop,
  id,
  form: formData,
}: {
  shop: string;
  id: string;
  form: FormData;
}): Promise<{ answer: OrderActionData; status: number }> {
  const form = Object.fromEntries(formData);
  const parsed = actionSchema.safeParse(form);
  const intent = typeof form.intent === "string" ? form.intent : "";
  if (!parsed.success) {
    const fieldError = parsed.error.issues.find((i) => i.path[0] === "fileUrl")?.message;
    return {
      answer: {
        ok: false,
        intent,
        message: fieldError ?? "That action is not possible here.",
        ...(typeof form.itemId === "string" ? { itemId: form.itemId } : {}),
        ...(fieldError ? { fieldError } : {}),
      },
      // A wrong file URL is an answer the page shows (200); a malformed request is a 400.
      status: fieldError ? 200 : 400,
    };
  }
  if (parsed.data.intent === "address_link") {
    const shopOrderId = await shopOrderIdOf(shop, id);
    if (!shopOrderId)
      return { answer: { ok: false, intent, message: "Print order not found" }, status: 404 };
    const sent = await sendAddressLink(addressLinkDeps(), { shop, shopOrderId });
    return sent.ok
      ? {
          answer: {
            ok: true,
            intent,
            message: `The link is on its way to ${sent.to}. It works once, for 7 days; an older link no longer works.`,
          },
          status: 200,
        }
      : { answer: { ok: false, intent, message: sent.message }, status: 200 };
  }
  const result = await runMerchantAction({
    shop,
    action:
      parsed.data.intent === "attach" ? { ...parsed.data, id } : { intent: parsed.data.intent, id },
  });
  if (!result.ok) {
    return {
      answer: {
        ok: false,
        intent,
        message: result.message,
        ...(parsed.data.intent === "attach" ? { itemId: parsed.data.itemId } : {}),
      },
      // A conflict (e.g. already approved) is shown on the page; only "not found" is an HTTP error.
      status: result.status === 404 ? 404 : 200,
    };
  }
  return { answer: { ok: true, intent, message: result.message }, status: 200 };
}
