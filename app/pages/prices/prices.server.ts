import { z } from "zod";
import { checkPrintPrices, listBelowTarget, repriceVariants } from "../../lib/repricing.server";
import { countryName } from "../../services/country-names";
import type { BelowTargetList } from "../../services/repricing";
import { ShopifyAdminError, type AdminApi } from "../../services/shopify-admin";

/**
 * The Prices page ("Prices below your target margin"): the list of created products' variants
 * under their target, "Check print prices now" and "Reprice".
 */

export interface PricesView {
  list: BelowTargetList | null;
  countryName: string | null;
  error: string | null;
}

export async function loadPrices({
  shop,
  admin,
}: {
  shop: string;
  admin: AdminApi;
}): Promise<PricesView> {
  try {
    const list = await listBelowTarget({ shop, admin });
    return {
      list,
      countryName: list.countryCode ? countryName(list.countryCode) : null,
      error: null,
    };
  } catch (error) {
    if (!(error instanceof ShopifyAdminError)) throw error;
    return { list: null, countryName: null, error: error.message };
  }
}

const variantIds = z
  .string()
  .transform((v) => v.split(",").filter(Boolean))
  .pipe(
    z
      .array(z.string().regex(/^gid:\/\/shopify\/ProductVariant\/\d+$/))
      .min(1)
      .max(250),
  );

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("check") }),
  z.object({ intent: z.literal("reprice"), variantIds }),
]);

const count = (n: number) => (n === 1 ? "1 variant" : `${n} variants`);

export interface PricesAnswer {
  /** Everything asked for was done. */
  ok: boolean;
  /** Some of it was done (a warning rather than an error). */
  partly: boolean;
  message: string;
  failed: { variantId: string; title: string; message: string }[];
}

/** The page's action: the answer and its HTTP status. */
export async function runPricesAction({
  shop,
  admin,
  form,
}: {
  shop: string;
  admin: AdminApi;
  form: FormData;
}): Promise<{ answer: PricesAnswer; status: number }> {
  const answer = (a: PricesAnswer, status = 200) => ({ answer: a, status });
  const parsed = actionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success)
    return answer(
      {
        ok: false,
        partly: false,
        message: "Nothing to reprice: reload the page and try again.",
        failed: [],
      },
      400,
    );
  if (parsed.data.intent === "check") {
    const result = await checkPrintPrices({ shop, admin });
    if (result.problem && result.checked === 0)
      return answer({ ok: false, partly: false, message: result.problem, failed: [] });
    if (result.checked === 0)
      return answer({
        ok: true,
        partly: false,
        message: "There are no products created with Print Connect to check yet.",
        failed: [],
      });
    return answer({
      ok: !result.problem,
      partly: Boolean(result.problem),
      message:
        `Print prices checked for ${count(result.checked)}: ` +
        (result.changed === 0 ? "none changed." : `${result.changed} changed.`) +
        (result.problem ? ` ${result.problem}` : ""),
      failed: [],
    });
  }
  try {
    const result = await repriceVariants({ shop, admin, variantIds: parsed.data.variantIds });
    const parts = [`${count(result.repriced)} repriced in Shopify.`];
    if (result.skipped)
      parts.push(
        result.skipped === 1
          ? "1 variant already meets its target and was left as it was."
          : `${result.skipped} variants already meet their target and were left as they were.`,
      );
    if (result.failed.length) parts.push(`${count(result.failed.length)} could not be repriced:`);
    return answer({
      ok: result.failed.length === 0,
      partly: result.failed.length > 0 && result.repriced > 0,
      message: parts.join(" "),
      failed: result.failed,
    });
  } catch (error) {
    if (!(error instanceof ShopifyAdminError)) throw error;
    return answer({
      ok: false,
      partly: false,
      message: `Nothing was repriced: ${error.message} Try again in a moment.`,
      failed: [],
    });
  }
}
