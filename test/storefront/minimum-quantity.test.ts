import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_APP_ID, DEMO_IDS } from "../../sandbox/shopify";
import prisma from "~/db.server";
import { syncStorefrontMinimum } from "~/lib/storefront-minimum.server";
import { loader as productInfo } from "~/routes/proxy.product-info";
import { ShopifyAdminError } from "~/services/shopify-admin";
import { unauthenticated } from "~/shopify.server";
import {
  appProxyRequest,
  respond,
  SHOP,
  startRatesHarness,
  type RatesHarness,
} from "../rates/harness";

/**
 * A print the service makes only in sets ("Perfect bound magazine A4": at
 * least 5 copies): the merchant chose to block smaller quantities on the
 * storefront, so the variant carries the app-owned metafield the cart rule
 * reads, and the product-page block is told the minimum.
 */
let h: RatesHarness;
const MAGAZINE = DEMO_IDS.variants.magazine;
const APP_NAMESPACE = `app--${DEFAULT_APP_ID}--print_connect`;

const getInfo = (variantId: string, query: Record<string, string> = {}) =>
  respond(() =>
    productInfo({
      request: appProxyRequest("/proxy/product-info", { variant_id: variantId, ...query }),
      params: {},
      context: { remoteAddress: "192.0.2.81" },
    }),
  );

/** The metafield as Shopify holds it (the stand-in's state), or undefined. */
const storedMinimum = (variantGid: string) =>
  [...h.shopify.state.metafields.values()].find(
    (m) =>
      `gid://shopify/ProductVariant/${m.ownerId}` === variantGid &&
      m.namespace === APP_NAMESPACE &&
      m.key === "minimum_quantity",
  );

const adminCalls = (rootField: string) =>
  h.shopify.control
    .requestLog({ kind: "graphql" })
    .filter((entry) => entry.rootFields?.includes(rootField)).length;

beforeAll(async () => {
  h = await startRatesHarness();
  await h.map({
    variantId: MAGAZINE,
    title: "Wanderlust Magazine",
    offeringId: 228520,
    contentWidth: 210,
    contentHeight: 297,
    numberOfPages: 48,
  });
});
afterAll(async () => {
  await h?.close();
});

describe("syncStorefrontMinimum", () => {
  it("sets the app-owned variant metafield, and removes it again", async () => {
    const { admin } = await unauthenticated.admin(SHOP);
    await syncStorefrontMinimum({ admin, variantIds: [MAGAZINE], minimum: 5 });
    expect(storedMinimum(MAGAZINE)).toMatchObject({ type: "number_integer", value: "5" });

    await syncStorefrontMinimum({ admin, variantIds: [MAGAZINE], minimum: 8 });
    expect(storedMinimum(MAGAZINE)).toMatchObject({ value: "8" });

    await syncStorefrontMinimum({ admin, variantIds: [MAGAZINE], minimum: null });
    expect(storedMinimum(MAGAZINE)).toBeUndefined();
    // Removing one that is not there is not an error.
    await syncStorefrontMinimum({ admin, variantIds: [MAGAZINE], minimum: null });
  });

  it("sends at most 25 variants a call", async () => {
    const { admin } = await unauthenticated.admin(SHOP);
    const variantIds = Array.from(
      { length: 30 },
      (_, i) => `gid://shopify/ProductVariant/${20001 + i}`,
    );
    const before = adminCalls("metafieldsDelete");
    await syncStorefrontMinimum({ admin, variantIds, minimum: null });
    expect(adminCalls("metafieldsDelete")).toBe(before + 2);
  });

  it("throws Shopify's refusal as a ShopifyAdminError", async () => {
    const { admin } = await unauthenticated.admin(SHOP);
    const failure = await syncStorefrontMinimum({
      admin,
      variantIds: ["gid://shopify/ProductVariant/999999"],
      minimum: 5,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ShopifyAdminError);
    expect(failure).toMatchObject({
      kind: "user_errors",
      message: "metafieldsSet: Owner does not exist.",
    });
  });
});

describe("GET /apps/print-connect/product-info for a print sold in sets", () => {
  it("includes minimumQuantity when the merchant blocks smaller quantities", async () => {
    await prisma.variantMapping.update({
      where: { shop_variantId: { shop: SHOP, variantId: MAGAZINE } },
      data: { storefrontMinimumQuantity: 5 },
    });
    const response = await getInfo("20004");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      mapped: true,
      minimumQuantity: 5,
      specs: { format: "Perfect bound magazine A4" },
    });
  });

  it("estimates shipping for the smallest set, which the service quotes (one copy it refuses)", async () => {
    await prisma.variantMapping.update({
      where: { shop_variantId: { shop: SHOP, variantId: MAGAZINE } },
      data: { storefrontMinimumQuantity: 5 },
    });
    const info = (await (await getInfo("20004", { country: "NL", currency: "EUR" })).json()) as {
      shippingStatus: string;
    };
    expect(info.shippingStatus).toBe("ok");
  });

  it("leaves it out when there is no minimum, and for products that are not printed", async () => {
    await prisma.variantMapping.update({
      where: { shop_variantId: { shop: SHOP, variantId: MAGAZINE } },
      data: { storefrontMinimumQuantity: null },
    });
    const mapped = (await (await getInfo("20004")).json()) as Record<string, unknown>;
    expect(mapped).toMatchObject({ mapped: true });
    expect(mapped).not.toHaveProperty("minimumQuantity");
    expect(await (await getInfo("20009")).json()).toEqual({ mapped: false });
  });
});
