/**
 * Wiring of the storefront (app proxy) endpoints into the app: the offerings
 * cache, the rate limits, the product-page block's data, the publication's
 * checkout and the proxy gate.
 */
import { getEnv } from "../env.server";
import { getCarrierSettings } from "../data/carrier.server";
import { findPublicationForVariants, findVariantMapping } from "../data/storefront.server";
import { CachedQuoter } from "../services/rates/quoter";
import { RateLimiter } from "../services/rates/rate-limit";
import { variantGid } from "../services/shopify-admin/ids";
import {
  loadOfferingIndex,
  OFFERINGS_FAILURE_TTL_MS,
  OFFERINGS_TTL_MS,
  productInfo,
  type OfferingIndex,
} from "../services/rates/storefront";
import { isHttpUrl } from "../services/safe-url";
import { isShopDomain } from "../services/shop-domain";
import { authenticate } from "../shopify.server";
import { printClientFor } from "./print-client.server";
import { quoteCache, ratesRuntime, upstreamQuote } from "./rates.server";

export const offeringsCache = new CachedQuoter<OfferingIndex | null>({
  ttlMs: (v) => (v ? OFFERINGS_TTL_MS : OFFERINGS_FAILURE_TTL_MS),
  maxEntries: 1000,
});

/** Rate limits for the storefront endpoints: per visitor, and per shop for everything. */
export const storefrontLimits = {
  perVisitor: new RateLimiter({ capacity: 30, refillPerSecond: 1 }),
  perShop: new RateLimiter({ capacity: 300, refillPerSecond: 50 }),
};

export function takeStorefrontToken(shop: string, visitor: string) {
  const v = storefrontLimits.perVisitor.take(`${shop}|${visitor}`);
  if (!v.allowed) return v;
  return storefrontLimits.perShop.take(shop);
}

/** The product-page block's data for a variant (numeric id or GID). */
export async function storefrontProductInfo(input: {
  shop: string;
  variantId: string;
  countryCode: string | null;
  currency: string | null;
}) {
  const settings = await getCarrierSettings({ shop: input.shop });
  if (!settings?.installed) return { info: { mapped: false } as const, cache: "hit" as const };
  const mapping = await findVariantMapping({
    shop: input.shop,
    variantGid: variantGid(input.variantId),
  });
  const answer = await productInfo(
    {
      quotes: quoteCache,
      offerings: offeringsCache,
      upstreamQuote: upstreamQuote(input.shop),
      upstreamOfferings: async () => {
        const client = await printClientFor(input.shop);
        return client ? loadOfferingIndex(client) : null;
      },
      budgetMs: ratesRuntime.storefrontBudgetMs,
      now: () => new Date(),
    },
    {
      shop: input.shop,
      settingsVersion: settings.version,
      mapping,
      countryCode: input.countryCode,
      currency: input.currency ?? settings.currency,
    },
  );
  // The merchant chose to sell this print only in sets (the offering's
  // minimum): the block says so and raises the quantity input; the cart rule
  // (extensions/print-connect-cart-rules) is what enforces it.
  const minimumQuantity = mapping?.storefrontMinimumQuantity ?? null;
  if (answer.info.mapped && minimumQuantity !== null && minimumQuantity >= 2) {
    return { ...answer, info: { ...answer.info, minimumQuantity } };
  }
  return answer;
}

/**
 * The hosted checkout of the newest publication listed for any of the variants (numeric ids
 * and GIDs), for the "Order a printed copy" block; null when there is none, or its checkout
 * link is not a web address.
 */
export async function storefrontCheckout(input: {
  shop: string;
  variantIds: string[];
}): Promise<{ title: string; checkoutUrl: string } | null> {
  const publication = await findPublicationForVariants(input);
  if (publication === null || !isHttpUrl(publication.checkoutUrl)) return null;
  return { title: publication.title, checkoutUrl: publication.checkoutUrl };
}

const jsonHeaders = { "Content-Type": "application/json; charset=utf-8" };

const notAShop = () =>
  new Response(JSON.stringify({ error: "shop is not a *.myshopify.com shop domain" }), {
    status: 400,
    headers: jsonHeaders,
  });

/**
 * The gate of every app proxy route: the request signature (`signature`
 * query parameter, checked by the Shopify library; 401 when bad), an
 * installed shop, and the rate limits (429 with Retry-After). The visitor is
 * the signed `logged_in_customer_id` when there is one, else the client
 * address (app/lib/client-address.server.ts, never a header taken as it
 * came). Throws the Response to answer.
 */
export async function authenticateStorefront(
  request: Request,
  { clientAddress }: { clientAddress: string },
): Promise<{ shop: string; url: URL }> {
  try {
    await authenticate.public.appProxy(request);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 400) {
      throw new Response(JSON.stringify({ error: "invalid signature" }), {
        status: 401,
        headers: jsonHeaders,
      });
    }
    // Signed, but the library failed looking up the session of a `shop` that
    // is no shop domain (its InvalidShopError).
    const shop = new URL(request.url).searchParams.get("shop");
    if (!(thrown instanceof Response) && !isShopDomain(shop, getEnv().shopCustomDomain)) {
      throw notAShop();
    }
    throw thrown;
  }
  const url = new URL(request.url);
  const shop = url.searchParams.get("shop") ?? "";
  if (!isShopDomain(shop, getEnv().shopCustomDomain)) throw notAShop();
  const customer = url.searchParams.get("logged_in_customer_id");
  const visitor = customer ? `customer:${customer}` : `address:${clientAddress}`;
  const decision = takeStorefrontToken(shop, visitor);
  if (!decision.allowed) {
    throw new Response(JSON.stringify({ error: "too many requests" }), {
      status: 429,
      headers: { ...jsonHeaders, "Retry-After": String(decision.retryAfterSeconds) },
    });
  }
  return { shop, url };
}
