import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { authenticate } from "../shopify.server";
import { getMappingMargin } from "../lib/mapping-margin.server";
import { getOfferingSpine } from "../lib/offering-spine.server";
import type { MappingInsightsAnswer } from "../components/MappingInsights";

/**
 * Resource route for the mapping page's print check (components/MappingInsights.tsx):
 * `GET /app/mapping-insights?variant=<legacy id>&offeringId=<id>&pages=<n>` answers the
 * spine and cover size of the offering and the margin of the variant's price in the shop's
 * main market. Half-typed input answers nothing rather than an error.
 */

const querySchema = z.object({
  variant: z.string().regex(/^(\d+|gid:\/\/shopify\/ProductVariant\/\d+)$/),
  offeringId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  pages: z.coerce.number().int().positive().max(100_000),
});

/** Saving the mapping changes nothing here; the card reloads when its inputs change. */
export const shouldRevalidate = () => false;

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = querySchema.safeParse({ ...params, pages: params.pages || "1" });
  if (!parsed.success) return json<MappingInsightsAnswer>({ spine: null, margin: null });
  const { variant, offeringId, pages } = parsed.data;
  const [spine, margin] = await Promise.all([
    getOfferingSpine({ shop: session.shop, offeringId, numberOfPages: pages }),
    getMappingMargin({
      shop: session.shop,
      admin,
      variantId: variant,
      offeringId,
      numberOfPages: pages,
    }),
  ]);
  return json<MappingInsightsAnswer>({ spine, margin });
};
