import "../support/app-env";
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as shopCarrierRates } from "~/routes/carrier.rates.$token";
import { enableCarrierRates } from "~/lib/rates.server";
import { adminGraphql } from "~/services/shopify-admin";
import { unauthenticated } from "~/shopify.server";
import { TEST_API_SECRET, TEST_APP_URL } from "../support/app-env";
import { MAPPINGS, SHOP, startRatesHarness, type RatesHarness } from "./harness";

/** A variant id beyond 2^53; JSON.parse reads it as 642667041472713900. */
const BIG_VARIANT = "642667041472713922";

let h: RatesHarness;
let token: string;

beforeAll(async () => {
  h = await startRatesHarness();
  await h.map({ ...MAPPINGS.photoBook, variantId: `gid://shopify/ProductVariant/${BIG_VARIANT}` });
  const { admin } = await unauthenticated.admin(SHOP);
  await enableCarrierRates({ shop: SHOP, graphql: adminGraphql(admin) });
  token = (await prisma.shop.findUniqueOrThrow({ where: { shop: SHOP } })).carrierCallbackToken!;
});
afterAll(async () => {
  await h?.close();
});

async function rateRequest(variantIdDigits: string, productIdDigits = "788032119674292922") {
  // Written by hand: the id is a JSON number with all 18 digits, as Shopify sends it.
  const body =
    `{"rate":{"origin":{"country":"NL"},"destination":{"country":"DE","postal_code":"10115","city":"Berlin"},` +
    `"items":[{"name":"Photo book","quantity":1,"grams":800,"price":3495,"product_id":${productIdDigits},` +
    `"variant_id":${variantIdDigits},"requires_shipping":true}],"currency":"EUR","locale":"en"}}`;
  const response = await shopCarrierRates({
    request: new Request(`${TEST_APP_URL}/carrier/rates/${token}`, {
      method: "POST",
      body,
      headers: {
        "Content-Type": "application/json",
        "X-Shopify-Hmac-Sha256": createHmac("sha256", TEST_API_SECRET)
          .update(body)
          .digest("base64"),
        "X-Shopify-Shop-Domain": SHOP,
      },
    }),
    params: { token },
    context: {},
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { rates: unknown[] }).rates;
}

describe("carrier rate requests with variant ids beyond 2^53", () => {
  it("quotes the mapped variant by its exact id, and not its rounded neighbour", async () => {
    expect(await rateRequest(BIG_VARIANT)).toHaveLength(1);
    expect(await rateRequest("642667041472713920")).toEqual([]);
  });

  it("reads a 16-digit id exactly in a body with no longer number (2^53 + 1, not 2^53)", async () => {
    await h.map({ ...MAPPINGS.novel, variantId: "gid://shopify/ProductVariant/9007199254740993" });
    expect(await rateRequest("9007199254740993", "7880321196")).toHaveLength(1);
    expect(await rateRequest("9007199254740992", "7880321196")).toEqual([]);
  });
});
