import "../support/app-env";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savePrintSettings } from "~/models/print-settings.server";
import { recheckExpiredPrices } from "~/models/price-watch.server";
import { createProduct } from "~/models/product-creation.server";
import { countBelowTarget, variantsDueForCheck } from "~/models/repricing.server";
import { loader as homeLoader } from "~/routes/app._index";
import type { AdminApi } from "~/services/shopify-admin";
import { authenticate } from "~/shopify.server";
import { startSandbox, type Sandbox } from "../../sandbox/index";
import { installShopifyRedirect, startShopifyFake, type ShopifyFake } from "../../sandbox/shopify";
import { DEMO_SHOP, get, sandboxSettings } from "../admin/helpers";
import { TEST_API_KEY, TEST_API_SECRET } from "../support/app-env";
import { newRequestKey } from "./creation-harness";

/**
 * The background check of print prices: nobody opens the Prices page, the
 * print service publishes a new price list, and once the old list's
 * pricingExpireDate has passed the app asks again by itself, so Home says
 * which variants now sell below their target margin.
 */

const HOUR = 3600 * 1000;
let sandbox: Sandbox;
let shopify: ShopifyFake;
let uninstall: () => Promise<void>;
/** The print sandbox's clock runs this far ahead of the real one. */
let ahead = 0;
let admin: AdminApi;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, clock: { now: () => Date.now() + ahead } });
  shopify = await startShopifyFake({
    apiKey: TEST_API_KEY,
    apiSecret: TEST_API_SECRET,
    port: 0,
    rejectDeprecated: true,
  });
  uninstall = installShopifyRedirect({ target: shopify.url });
  await savePrintSettings({ shop: DEMO_SHOP, input: sandboxSettings(sandbox) });
  admin = (await authenticate.admin(get("/app", DEMO_SHOP))).admin;
});
afterAll(async () => {
  await uninstall?.();
  await shopify?.close();
  await sandbox?.close();
});

function bookForm(): FormData {
  const fields: Record<string, string> = {
    requestKey: newRequestKey(),
    intent: "create",
    title: "Lighthouses of the North",
    status: "active",
    contentUrl: `${sandbox.url}/files/photo-book/interior-48.pdf`,
    numberOfPages: "48",
    "variants[0].offeringId": "228478",
    "variants[0].label": "Hardcover",
    "variants[1].offeringId": "228501",
    "variants[1].label": "Softcover",
    "variants[1].width": "210",
    "variants[1].height": "297",
    pricingMode: "margin",
    pricingPercent: "30",
    rounding: "99",
    imageSource: "none",
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/** Home's count, as its loader hands it to the page (a deferred answer). */
async function homeBelowTarget(): Promise<number> {
  const deferred = (await homeLoader({
    request: get("/app"),
    params: {},
    context: {} as AppLoadContext,
  })) as unknown as { data: { belowTarget: number } };
  return deferred.data.belowTarget;
}

describe("the background check of print prices", () => {
  it("asks again once the price list has run out, and Home shows what fell below target", async () => {
    const created = await createProduct({ shop: DEMO_SHOP, admin, form: bookForm() });
    expect(created.status).toBe("done");
    const adminFor = async () => admin;

    // Fresh quotes: nothing to ask, nothing below target.
    expect(await variantsDueForCheck({ shop: DEMO_SHOP })).toEqual([]);
    expect(await recheckExpiredPrices({ adminFor })).toEqual({
      shops: 0,
      checked: 0,
      changed: 0,
      problems: [],
    });

    // The print service raises its prices; the old list still holds until its expiry.
    sandbox.control.publishPrices({ percent: 20 });
    expect((await recheckExpiredPrices({ adminFor })).checked).toBe(0);
    expect(await homeBelowTarget()).toBe(0);

    // A day on, by the print sandbox's clock and the app's: both variants are asked about again.
    ahead = 25 * HOUR;
    const now = Date.now() + ahead;
    expect(await variantsDueForCheck({ shop: DEMO_SHOP, now })).toHaveLength(2);
    const run = await recheckExpiredPrices({ adminFor, now });
    expect(run).toEqual({ shops: 1, checked: 2, changed: 2, problems: [] });
    expect(await variantsDueForCheck({ shop: DEMO_SHOP, now })).toEqual([]);

    expect(await countBelowTarget({ shop: DEMO_SHOP })).toBe(2);
    expect(await homeBelowTarget()).toBe(2);
  });

  it("goes on with the other shops when one cannot be asked", async () => {
    ahead += 25 * HOUR;
    const run = await recheckExpiredPrices({
      adminFor: () => Promise.reject(new Error("the shop uninstalled the app")),
      now: Date.now() + ahead,
    });
    expect(run.checked).toBe(0);
    expect(run.problems).toEqual([{ shop: DEMO_SHOP, problem: "the shop uninstalled the app" }]);
  });
});
