import { json } from "@remix-run/node";
import { getEnv } from "../env.server";
import { findShopByCarrierToken, getCarrierSettings } from "../data/carrier.server";
import { moveToShopCallbackUrl } from "./carrier-resume.server";
import { answerCarrierRates, checkoutInFlight } from "./rates.server";
import { parseJsonLossless } from "../services/lossless-json";
import { isCarrierCallbackToken } from "../services/rates/carrier-service";
import { rateRequestSchema } from "../services/rates/rate-request";
import { verifyShopifyBodySignature } from "../services/rates/signature";
import { isShopDomain } from "../services/shop-domain";
import { getLogger } from "./logger.server";
import { readBodyWithin } from "./request-body.server";

const BODY_LIMIT = 256 * 1024;
/**
 * A run of 16 digits: the only way a JSON number can be an integer beyond
 * 2^53 (every integer of 15 digits or fewer is exact as a double), so only
 * such a body needs the slower lossless parse.
 */
const SIXTEEN_DIGITS = /\d{16}/;
const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * Token -> shop, remembered: a token never changes owner once made, and
 * checkout asks for rates often, so only a token's first request (or an
 * unknown token) reads the database.
 */
const tokenOwners = new Map<string, string>();
const TOKEN_OWNERS_MAX = 10_000;

async function shopOfToken(token: string): Promise<string | null> {
  if (!isCarrierCallbackToken(token)) return null;
  const known = tokenOwners.get(token);
  if (known) return known;
  const shop = await findShopByCarrierToken({ token });
  if (shop) {
    if (tokenOwners.size >= TOKEN_OWNERS_MAX) tokenOwners.clear();
    tokenOwners.set(token, shop);
  }
  return shop;
}

/**
 * Which callback URL Shopify called: a shop's own (`/carrier/rates/<token>`),
 * or the unbound `/carrier/rates` that older versions registered.
 */
export type CarrierCallback = { token: string } | { unbound: true };

/**
 * Shopify checkout's carrier-service callback: verify the signature over the
 * raw body, check that the URL belongs to the shop in X-Shopify-Shop-Domain
 * (the signature does not cover that header), quote the cart's print items,
 * answer `{ rates: [...] }`.
 */
export async function answerRateCallback(
  request: Request,
  callback: CarrierCallback,
): Promise<Response> {
  if (request.method !== "POST") return plain(405, "Rate requests are sent with POST");
  // Shed a flood first, before any work: reading, verifying or quoting.
  if (!checkoutInFlight.tryEnter()) {
    return new Response("Too many rate requests under way; try again shortly", {
      status: 503,
      headers: { "Retry-After": "1", "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  try {
    return await answerAdmitted(request, callback);
  } finally {
    checkoutInFlight.leave();
  }
}

async function answerAdmitted(request: Request, callback: CarrierCallback): Promise<Response> {
  const started = performance.now();
  const raw = await readBodyWithin(request, BODY_LIMIT);
  if (raw === null) return plain(413, "Rate request too large");
  const signature = request.headers.get("x-shopify-hmac-sha256");
  if (!verifyShopifyBodySignature(raw, signature, getEnv().shopifyApiSecret)) {
    return plain(401, "Invalid X-Shopify-Hmac-Sha256 signature");
  }
  const shop = request.headers.get("x-shopify-shop-domain");
  if (!isShopDomain(shop, getEnv().shopCustomDomain))
    return plain(400, "Missing or invalid X-Shopify-Shop-Domain");

  if ("token" in callback) {
    const owner = await shopOfToken(callback.token);
    if (owner !== shop) {
      getLogger().warn(
        { shop, callbackShop: owner },
        "rate request refused: callback URL of another shop",
      );
      return plain(401, "This callback URL does not belong to X-Shopify-Shop-Domain");
    }
  } else {
    const settings = await getCarrierSettings({ shop });
    if (settings?.callbackBound) {
      return plain(401, "Rate requests for this shop are sent to its own callback URL");
    }
    // Registered before shops had their own URL: answered until it is moved.
    if (settings?.enabled && settings.installed && settings.carrierServiceId) {
      moveToShopCallbackUrl(shop);
    }
  }

  let body: unknown;
  try {
    body = SIXTEEN_DIGITS.test(raw) ? parseJsonLossless(raw) : JSON.parse(raw);
  } catch {
    return plain(400, "Rate request body is not valid JSON");
  }
  const parsed = rateRequestSchema.safeParse(body);
  if (!parsed.success) {
    const where = parsed.error.issues[0];
    return plain(400, `Rate request not understood: ${where?.path.join(".")}: ${where?.message}`);
  }

  const answer = await answerCarrierRates({ shop, request: parsed.data.rate });
  getLogger().info(
    {
      shop,
      outcome: answer.outcome,
      source: answer.source,
      reason: answer.reason,
      rates: answer.body.rates.length,
      ms: Math.round(performance.now() - started),
    },
    "carrier rates answered",
  );
  return json(answer.body, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}
