import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { getEnv } from "../env.server";
import { getLogger } from "../lib/logger.server";
import { readBodyWithin } from "../lib/request-body.server";
import { answerCarrierRates, checkoutRateLimit } from "../services/rates/app.server";
import { rateRequestSchema } from "../services/rates/rate-request";
import { isShopDomain, verifyShopifyBodySignature } from "../services/rates/signature";

const BODY_LIMIT = 256 * 1024;
const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * Shopify checkout's carrier-service callback (POST /carrier/rates): verify
 * the signature over the raw body, quote the cart's print items, answer
 * `{ rates: [...] }`.
 */
export const action = async ({ request }: ActionFunctionArgs) => {
  const started = performance.now();
  if (request.method !== "POST") return plain(405, "Rate requests are sent with POST");
  const raw = await readBodyWithin(request, BODY_LIMIT);
  if (raw === null) return plain(413, "Rate request too large");
  const signature = request.headers.get("x-shopify-hmac-sha256");
  if (!verifyShopifyBodySignature(raw, signature, getEnv().shopifyApiSecret)) {
    return plain(401, "Invalid X-Shopify-Hmac-Sha256 signature");
  }
  const shop = request.headers.get("x-shopify-shop-domain");
  if (!isShopDomain(shop)) return plain(400, "Missing or invalid X-Shopify-Shop-Domain");
  const allowed = checkoutRateLimit.take(shop);
  if (!allowed.allowed) {
    return new Response("Too many rate requests for this shop", {
      status: 429,
      headers: { "Retry-After": String(allowed.retryAfterSeconds) },
    });
  }

  let body: unknown;
  try {
    body = JSON.parse(raw);
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
};
