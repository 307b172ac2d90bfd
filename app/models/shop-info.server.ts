import { TtlCache } from "../services/catalogue/cache";
import { adminGraphql, type AdminApi } from "../services/shopify-admin";

/** The shop's name, currency and time zone from Shopify, cached for an hour per shop. */

export interface ShopInfo {
  name: string;
  currencyCode: string;
  ianaTimezone: string;
  /** The shop's own address (its country is the default quote destination). */
  shopAddress: { countryCodeV2: string | null } | null;
}

const cache = new TtlCache<ShopInfo>({
  ttlMs: 60 * 60_000,
  staleMs: 24 * 60 * 60_000,
  maxEntries: 5000,
});

export async function getShopInfo({
  shop,
  admin,
}: {
  shop: string;
  admin: AdminApi;
}): Promise<ShopInfo | null> {
  try {
    return await cache.get(shop, async () => {
      const data = await adminGraphql(admin)<{ shop: ShopInfo }>(
        `#graphql
        query PrintConnectShopInfo { shop { name currencyCode ianaTimezone shopAddress { countryCodeV2 } } }`,
      );
      return { value: data.shop };
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    return null;
  }
}

/** The admin's language: Shopify's `locale` parameter, else the browser's first choice. */
export function requestLocale(request: Request): string {
  const fromUrl = new URL(request.url).searchParams.get("locale");
  const fromHeader = request.headers.get("accept-language")?.split(",")[0]?.split(";")[0]?.trim();
  for (const candidate of [fromUrl, fromHeader]) {
    if (!candidate) continue;
    try {
      const [canonical] = Intl.getCanonicalLocales(candidate);
      if (canonical) return canonical;
    } catch {
      // not a locale; try the next
    }
  }
  return "en";
}
