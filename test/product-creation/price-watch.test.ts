import "../support/app-env";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savePrintSettings } from "~/data/print-settings.server";
import { recheckExpiredPrices } from "~/lib/repricing.server";
import { createProduct } from "~/pages/create-product/index.server";
import { countBelowTarget, variantsDueForCheck } from "~/lib/repricing.server";
import { loader as homeLoader } from "~/routes/app._index";
import type { AdminApi } from "~/services/shopify-admin";
import { authenticate } from "~/shopify.server";
import { DEMO_SHOP, get, sandboxSettings, startAdminEnv, type AdminEnv } from "../admin/helpers";
import { creationFields } from "./creation-harness";

/**
 * The background check of print prices: nobody opens the Prices page, the
 * print service publishes a new price list, and once the old list's
 * pricingExpireDate has passed the app asks again by itself, so Home says
 * which variants now sell below their target margin.
 */

const HOUR = 3600 * 1000;
let env: AdminEnv;
/** The print sandbox's clock runs this far ahead of the real one. */
let ahead = 0;
let admin: AdminApi;

beforeAll(async () => {
  env = await startAdminEnv({ sandboxClock: { now: () => Date.now() + ahead } });
  await savePrintSettings({ shop: DEMO_SHOP, input: sandboxSettings(env.sandbox) });
  admin = (await authenticate.admin(get("/app", DEMO_SHOP))).admin;
});
afterAll(async () => {
  await env?.close();
});

function bookForm(): FormData {
  const form = new FormData();
  const fields = creationFields(env.sandbox.url, {
    title: "Lighthouses of the North",
    status: "active",
  });
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
    env.sandbox.control.publishPrices({ percent: 20 });
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
