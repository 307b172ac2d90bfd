import { z } from "zod";
import { dismissImportOffer } from "../../data/import-orders.server";
import { recordImportedOrder } from "../../lib/fulfilment-commands.server";
import { getLogger } from "../../lib/logger.server";
import { countOf } from "../../services/merchant-text/orders";
import { pageFailure, type AdminApi } from "../../services/shopify-admin";
import { parsePeriod } from "./period";
import { cursorOf, judgePeriod } from "./preview.server";
import { MAX_PAST_ORDERS } from "./read-past-orders.server";

/**
 * The page's actions: import the orders the merchant confirmed, and dismiss Home's one-time
 * offer. The confirmed orders are read from Shopify and judged again, so an order cancelled,
 * fulfilled or printed since the preview is not imported; each goes the webhook's way
 * (recordImportedOrder), which records a Shopify order once, so a second import prints nothing.
 */

const formSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("dismiss-offer") }),
  z.object({
    intent: z.literal("import"),
    from: z.string().max(10),
    to: z.string().max(10),
    /** The look the preview showed went on after this cursor (its "next orders"). */
    after: z.string().max(500).optional(),
    orderId: z
      .array(z.string().regex(/^\d{1,20}$/))
      .min(1)
      .max(MAX_PAST_ORDERS),
  }),
]);

export interface ImportAnswer {
  ok: boolean;
  tone: "success" | "warning" | "critical";
  message: string;
  /** Orders recorded now, their print orders planned. */
  imported: number;
  /** Confirmed orders Print Connect had already (a webhook or the regular check brought them). */
  alreadyThere: number;
  /** Confirmed orders that no longer qualify (cancelled, fulfilled or printed since the preview). */
  changed: number;
  /** Orders that could not be recorded; the import can be run again for them. */
  failed: string[];
}

const refused = (message: string): ImportAnswer => ({
  ok: false,
  tone: "critical",
  message,
  imported: 0,
  alreadyThere: 0,
  changed: 0,
  failed: [],
});

function summary(answer: Omit<ImportAnswer, "ok" | "tone" | "message">): ImportAnswer {
  const parts = [`${countOf(answer.imported, "order")} imported`];
  if (answer.alreadyThere)
    parts.push(`${countOf(answer.alreadyThere, "order")} Print Connect already had`);
  if (answer.changed) parts.push(`${countOf(answer.changed, "order")} changed in Shopify since`);
  if (answer.failed.length)
    parts.push(
      `${answer.failed.length} not recorded (${answer.failed.slice(0, 5).join(", ")}): import again`,
    );
  return {
    ...answer,
    ok: answer.failed.length === 0,
    tone: answer.failed.length ? "warning" : "success",
    message: `${parts.join("; ")}.`,
  };
}

export async function runImportAction({
  shop,
  admin,
  form,
  now = new Date(),
}: {
  shop: string;
  admin: AdminApi;
  form: FormData;
  now?: Date;
}): Promise<{ status: number; answer: ImportAnswer }> {
  const parsed = formSchema.safeParse({
    intent: form.get("intent"),
    from: form.get("from") ?? "",
    to: form.get("to") ?? "",
    after: form.get("after") ?? undefined,
    orderId: form.getAll("orderId"),
  });
  if (!parsed.success)
    return { status: 400, answer: refused("Pick the orders to import, then confirm again.") };
  if (parsed.data.intent === "dismiss-offer") {
    await dismissImportOffer({ shop, at: now });
    return {
      status: 200,
      answer: { ...refused("Offer dismissed."), ok: true, tone: "success" },
    };
  }
  const asked = parsePeriod(parsed.data, now);
  if (!asked.ok) return { status: 400, answer: refused(asked.message) };

  let printable;
  let handled;
  try {
    // Judged on Shopify as it is now, not on the look the preview showed: an order cancelled,
    // refunded or fulfilled since is not imported.
    ({ printable, handled } = await judgePeriod({
      shop,
      admin,
      period: asked.period,
      fresh: true,
      after: cursorOf(parsed.data.after ?? null),
    }));
  } catch (error) {
    const failure = pageFailure(error);
    if (!failure) throw error;
    return {
      status: 503,
      answer: refused(
        `Shopify's orders could not be read (${failure.message}). Nothing was imported; try again in a moment.`,
      ),
    };
  }
  const confirmed = new Set(parsed.data.orderId);
  const chosen = printable.filter((o) => confirmed.has(o.id));
  // Confirmed orders Print Connect has by now (another import, a webhook, the regular check)
  // are there, not "changed": only the rest no longer qualify.
  const there = handled.filter((o) => confirmed.has(o.id)).length;
  const counts = {
    imported: 0,
    alreadyThere: there,
    changed: confirmed.size - chosen.length - there,
  };
  const failed: string[] = [];
  // One at a time: each is one short transaction, and the worker starts on the first at once.
  for (const order of chosen) {
    try {
      const outcome = await recordImportedOrder({
        shop,
        order: order.order,
        shopifyPaidAt: order.paidAt,
      });
      if (outcome === "recorded") counts.imported++;
      else counts.alreadyThere++;
    } catch (error) {
      // The others still go; the merchant is told which to import again.
      getLogger().warn(
        { shop, order: order.name, err: error instanceof Error ? error.message : String(error) },
        "import of a past order failed",
      );
      failed.push(order.name);
    }
  }
  // The merchant has answered the offer on Home by importing.
  await dismissImportOffer({ shop, at: now });
  return { status: 200, answer: summary({ ...counts, failed }) };
}
