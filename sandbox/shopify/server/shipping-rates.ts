/** Carrier services for the control API, and rate requests as Shopify checkout sends them. */
import { FakeError, gid, parseId, toCents, type AddressInput } from "../state";
import { normalizeShopDomain } from "../session-token";
import { signWebhook } from "../webhooks";
import { shopOf, type FakeServerState } from "./context";

export interface CarrierServiceSummary {
  id: string;
  shop: string;
  name: string;
  callbackUrl: string;
  active: boolean;
  supportsServiceDiscovery: boolean;
}

export interface ShippingRatesRequest {
  shop?: string;
  /** Default: the shop's first active carrier service. */
  carrierServiceId?: string | number;
  destination?: AddressInput;
  /** Default: one hardcover photo book. */
  items?: Array<{
    variantId: string | number;
    quantity?: number;
    properties?: Record<string, string>;
  }>;
  currency?: string;
  locale?: string;
  timeoutMs?: number;
}

export interface ShippingRatesResult {
  status: number;
  body: unknown;
  durationMs: number;
  request: unknown;
  error?: string;
}

export function listCarrierServices(fake: FakeServerState, shop?: string): CarrierServiceSummary[] {
  const domain = shop ? normalizeShopDomain(shop) : undefined;
  return [...fake.state.carrierServices.values()]
    .filter((c) => !domain || c.shop === domain)
    .map((c) => ({
      id: gid("DeliveryCarrierService", c.id),
      shop: c.shop,
      name: c.name,
      callbackUrl: c.callbackUrl,
      active: c.active,
      supportsServiceDiscovery: c.supportsServiceDiscovery,
    }));
}

export async function requestShippingRates(
  fake: FakeServerState,
  input: ShippingRatesRequest = {},
): Promise<ShippingRatesResult> {
  const shop = shopOf(fake, input.shop);
  const services = [...fake.state.carrierServices.values()].filter((c) => c.shop === shop.domain);
  const wanted =
    input.carrierServiceId === undefined
      ? undefined
      : parseId(input.carrierServiceId, "DeliveryCarrierService");
  const service =
    wanted === undefined ? services.find((c) => c.active) : services.find((c) => c.id === wanted);
  if (!service)
    throw new FakeError(
      404,
      `No ${wanted === undefined ? "active " : ""}carrier service in ${shop.domain}`,
    );
  const dest = {
    ...{
      firstName: "Anna",
      lastName: "de Vries",
      address1: "Keizersgracht 123",
      city: "Amsterdam",
      zip: "1015 CJ",
      countryCode: "NL",
    },
    ...input.destination,
  };
  const items = (
    input.items ?? [{ variantId: "gid://shopify/ProductVariant/20001", quantity: 1 }]
  ).map((item) => {
    const v = fake.state.variants.get(parseId(item.variantId, "ProductVariant") ?? -1);
    if (!v || v.shop !== shop.domain)
      throw new FakeError(422, `Unknown variant ${String(item.variantId)}`);
    const p = fake.state.products.get(v.productId);
    return {
      name: v.title === "Default Title" ? (p?.title ?? "") : `${p?.title ?? ""} - ${v.title}`,
      sku: v.sku,
      quantity: item.quantity ?? 1,
      grams: v.grams,
      price: toCents(v.price),
      vendor: p?.vendor ?? shop.name,
      requires_shipping: true,
      taxable: true,
      fulfillment_service: "manual",
      properties: item.properties ?? null,
      product_id: v.productId,
      variant_id: v.id,
    };
  });
  const loc = fake.state.locationFor(shop.domain, "warehouse");
  const address = (a: Record<string, unknown>) => ({
    country: a.countryCode ?? null,
    postal_code: a.zip ?? null,
    province: a.provinceCode ?? null,
    city: a.city ?? null,
    name: [a.firstName, a.lastName].filter(Boolean).join(" ") || null,
    address1: a.address1 ?? null,
    address2: a.address2 ?? null,
    address3: null,
    latitude: null,
    longitude: null,
    phone: a.phone ?? null,
    fax: null,
    email: null,
    address_type: null,
    company_name: a.company ?? null,
  });
  const request = {
    rate: {
      origin: address({
        countryCode: loc.countryCode,
        zip: loc.zip,
        city: loc.city,
        address1: loc.address1,
        company: shop.name,
      }),
      destination: address(dest as Record<string, unknown>),
      items,
      currency: input.currency ?? shop.currencyCode,
      locale: input.locale ?? "en",
    },
  };
  const raw = JSON.stringify(request);
  const started = performance.now();
  try {
    const res = await fetch(service.callbackUrl, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Shopify-Shop-Domain": shop.domain,
        "X-Shopify-Hmac-Sha256": signWebhook(raw, fake.options.apiSecret),
      },
      body: raw,
      signal: AbortSignal.timeout(input.timeoutMs ?? 10_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: res.status, body, durationMs: performance.now() - started, request };
  } catch (error) {
    return {
      status: 0,
      body: null,
      durationMs: performance.now() - started,
      request,
      error: String(error),
    };
  }
}
