import "../support/app-env";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveMapping, savePreflight } from "~/data/mapping.server";
import { preflightForApp } from "~/lib/preflight.server";
import { enableCarrierRates } from "~/lib/rates.server";
import { shopifyAdmin } from "~/lib/admin-client.server";
import { loader as homeLoader, action as homeAction } from "~/routes/app._index";
import type { HomeView } from "~/pages/home/home.server";
import { SETUP_CHECK_TIMEOUT_MS } from "~/pages/home/setup-check.server";
import type { SetupCheck, SetupItem } from "~/services/setup-check/judge";
import { DEFAULT_PRODUCT_TEMPLATE } from "../../sandbox/shopify/seed";
import { TEST_API_KEY } from "../support/app-env";
import {
  MAPPINGS,
  placePaidOrder,
  settle,
  SHOP,
  startHarness,
  type Harness,
} from "../support/fulfilment-harness";
import { call, data, get, post } from "./helpers";

/**
 * Home's setup check through the real Home route: the loader asks the Shopify stand-in (its
 * Admin API as Shopify's 2026-10 schema has it) and the print sandbox, and its buttons change
 * the stand-in through the Admin API. Each state is set through the stand-ins' control API.
 */

let h: Harness;
let worker: ReturnType<Harness["worker"]>;
const graphql = <T>(query: string, variables?: Record<string, unknown>) =>
  shopifyAdmin.graphql<T>(SHOP, query, variables);

beforeAll(async () => {
  h = await startHarness();
  worker = h.worker();
});
afterAll(async () => {
  await h?.close();
});

async function setupCheck(): Promise<SetupCheck> {
  const deferred = (await homeLoader({
    request: get("/app", SHOP),
    params: {},
    context: {} as AppLoadContext,
  })) as unknown as { data: HomeView };
  return deferred.data.setupCheck;
}

async function itemOf(id: SetupItem["id"]): Promise<SetupItem> {
  const found = (await setupCheck()).items.find((i) => i.id === id);
  if (!found) throw new Error(`no item ${id}`);
  return found;
}

async function press(intent: string) {
  const response = await call(homeAction, post("/app", { intent }, SHOP));
  expect(response.status).toBe(200);
  return data<{ ok: boolean; message: string }>(response);
}

/** The product template with the app's Print details block in the product section. */
const templateWithBlock = DEFAULT_PRODUCT_TEMPLATE.replace(
  '"title": { "type": "title", "settings": {} },',
  `"title": { "type": "title", "settings": {} },
        "print": { "type": "shopify://apps/print-connect/blocks/print-specs/0f3c2a10-5b7e-4c1d-9a2e-3b4c5d6e7f80", "settings": {} },`,
);

describe("Home's setup check", () => {
  it("on a fresh install: keys fine, the first status update and order still to come, the block and a mapping to add", async () => {
    const check = await setupCheck();
    const states = Object.fromEntries(check.items.map((i) => [i.id, i.state]));
    expect(states).toEqual({
      keys: "ok",
      billing: "ok",
      callbacks: "waiting",
      webhooks: "waiting",
      carrier: "ok",
      "cart-rule": "ok",
      "product-block": "action",
      mapping: "action",
      files: "ok",
      prices: "ok",
    });
    const callbacks = check.items.find((i) => i.id === "callbacks")!;
    expect(callbacks.copy?.value).toBe(
      `${process.env.SHOPIFY_APP_URL}/webhooks/print/${h.callbackId}`,
    );
    const block = check.items.find((i) => i.id === "product-block")!;
    expect(block.message).toContain("your live theme, Dawn, does not show the Print details block");
    expect(block.action).toEqual({
      kind: "link",
      label: "Add the block in the theme editor",
      url: `https://${SHOP}/admin/themes/current/editor?template=product&addAppBlockId=${TEST_API_KEY}/print-specs&target=mainSection`,
      external: true,
    });
  });

  it("sees the product block once it is in the live theme's product template, and says when the template can't be read", async () => {
    h.shopify.control.setThemeFile("templates/product.json", templateWithBlock);
    expect(await itemOf("product-block")).toMatchObject({
      state: "ok",
      message: "The Print details block is on the product page of your live theme, Dawn.",
    });
    h.shopify.control.setThemeFile("templates/product.json", null);
    expect((await itemOf("product-block")).state).toBe("unchecked");
    h.shopify.control.setThemeFile("templates/product.json", templateWithBlock);
  });

  it("sees orders/paid notifications and status updates arrive once an order is paid and printed", async () => {
    await h.map(MAPPINGS.photoBook);
    const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
    await settle(worker);
    // The sandbox sends its status update (OPEN to PAID) to the app's callback URL.
    await h.sandbox.control.waitForCallbacks();
    const check = await setupCheck();
    const webhooks = check.items.find((i) => i.id === "webhooks")!;
    expect(webhooks.state).toBe("ok");
    expect(webhooks.message).toBe(
      `Shopify's latest paid order, ${order.name}, reached Print Connect.`,
    );
    expect(webhooks.when?.label).toBe("Last paid order notification:");
    const callbacks = check.items.find((i) => i.id === "callbacks")!;
    expect(callbacks).toMatchObject({
      state: "ok",
      copy: null,
      when: { label: "Last status update:" },
    });
    expect(check.items.find((i) => i.id === "mapping")).toMatchObject({
      state: "ok",
      message: "1 variant mapped.",
    });
  });

  it("turns the cart rule on with validationCreate, and on again with validationUpdate after the merchant turned it off", async () => {
    await saveMapping({
      shop: SHOP,
      mapping: { ...MAPPINGS.novel, storefrontMinimumQuantity: 5 },
    });
    expect(await itemOf("cart-rule")).toMatchObject({
      state: "action",
      message: expect.stringMatching(/^Not turned on:/),
      action: { kind: "run", intent: "enable-cart-rule", label: "Turn on the cart rule" },
    });
    expect(h.shopify.control.listValidations(SHOP)).toEqual([]);

    expect(await press("enable-cart-rule")).toEqual({
      ok: true,
      intent: "enable-cart-rule",
      message: "The cart rule is on: checkout now refuses fewer copies than a set.",
    });
    const [made] = h.shopify.control.listValidations(SHOP);
    expect(made).toMatchObject({
      functionHandle: "print-connect-cart-rules",
      enabled: true,
      blockOnFailure: false,
    });
    expect((await itemOf("cart-rule")).state).toBe("ok");

    h.shopify.control.setValidationEnabled(made!.id, false);
    expect((await itemOf("cart-rule")).message).toMatch(/^Off:/);
    expect((await press("enable-cart-rule")).ok).toBe(true);
    expect(h.shopify.control.listValidations(SHOP)).toEqual([{ ...made, enabled: true }]);
    expect((await press("enable-cart-rule")).message).toBe("The cart rule was already on.");
  });

  it("registers the carrier service again when Shopify has it turned off or has lost it", async () => {
    await enableCarrierRates({ shop: SHOP, graphql });
    expect((await itemOf("carrier")).state).toBe("ok");
    const [service] = h.shopify.control.listCarrierServices(SHOP);
    h.shopify.control.setCarrierServiceActive(service!.id, false);
    expect(await itemOf("carrier")).toMatchObject({
      state: "action",
      action: { kind: "run", intent: "register-carrier", label: "Turn the carrier service on" },
    });
    expect(await press("register-carrier")).toMatchObject({
      ok: true,
      message: "The carrier service is registered and active again.",
    });
    expect(h.shopify.control.listCarrierServices(SHOP)).toEqual([
      expect.objectContaining({ id: service!.id, active: true }),
    ]);
    expect((await itemOf("carrier")).state).toBe("ok");
  });

  it("names mappings whose print file fails the check and sends them to Products", async () => {
    const preflight = await preflightForApp(`${h.sandbox.url}/files/generate/10p-210x297mm.pdf`, {
      offeringName: "Hardcover Photo Book",
      numberOfPages: 24,
      trimWidthMm: 210,
      trimHeightMm: 297,
      allowRotation: false,
    });
    expect(preflight.status).toBe("failed");
    await savePreflight({ shop: SHOP, variantId: MAPPINGS.photoBook.variantId, preflight });
    expect(await itemOf("files")).toMatchObject({
      state: "action",
      message:
        "The print file of 1 variant failed the print-file check, so their orders stop until the file is fixed.",
      action: { kind: "link", url: "/app/products" },
    });
  });

  it("says the cart rule is missing from the app's version when its function is not deployed", async () => {
    h.shopify.control.setValidationEnabled(h.shopify.control.listValidations(SHOP)[0]!.id, false);
    expect(h.shopify.control.removeShopifyFunction("print-connect-cart-rules")).toBe(true);
    expect(await itemOf("cart-rule")).toMatchObject({ state: "action", action: null });
    expect((await press("enable-cart-rule")).ok).toBe(false);
  });

  it("asks Shopify once more after a blip instead of saying it couldn't check", async () => {
    h.shopify.control.setThemeFile("templates/product.json", templateWithBlock);
    // The theme question meets a 503 once, then a throttle once: each is asked again.
    for (const fault of [{ status: 503 }, { throttle: true }]) {
      h.shopify.control.injectFault({ target: "graphql", mutation: "themes", times: 1, ...fault });
      try {
        const item = await itemOf("product-block");
        expect(item.state, `${JSON.stringify(fault)}: ${item.message}`).toBe("ok");
      } finally {
        h.shopify.control.clearFaults();
      }
    }
    // Twice in a row is more than a blip: said plainly, as before.
    h.shopify.control.injectFault({ target: "graphql", mutation: "themes", times: 2, status: 503 });
    try {
      expect(await itemOf("product-block")).toMatchObject({
        state: "unchecked",
        message: "Couldn't check: Shopify is not answering right now. Open Home again in a moment.",
      });
    } finally {
      h.shopify.control.clearFaults();
    }
  });

  it("says what it could not check, in plain words, and still shows the rest: missing access, a slow Shopify, the print service down", async () => {
    const scopes = "read_products,write_products,read_orders,write_shipping";
    h.shopify.control.setScopes(SHOP, scopes);
    try {
      const block = await itemOf("product-block");
      expect(block.state).toBe("unchecked");
      expect(block.message).toBe(
        "Couldn't check: Print Connect has not been given access to this yet. Approve the app's updated access in Shopify, then open Home again.",
      );
      // The link to the theme editor stays: the merchant can look there.
      expect(block.action).toMatchObject({ label: "Open the theme editor" });
    } finally {
      h.shopify.control.setScopes(
        SHOP,
        `${scopes},read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders,read_shipping,read_locations,write_validations,read_themes`,
      );
    }

    const before = SETUP_CHECK_TIMEOUT_MS.shopify;
    SETUP_CHECK_TIMEOUT_MS.shopify = 300;
    h.shopify.control.injectFault({ target: "graphql", delayMs: 1_500, times: 10 });
    try {
      const check = await setupCheck();
      const webhooks = check.items.find((i) => i.id === "webhooks")!;
      expect(webhooks.state).toBe("unchecked");
      expect(webhooks.message).toBe(
        "Couldn't check: Shopify did not answer within a few seconds. Open Home again in a moment.",
      );
      // What is stored is still shown.
      expect(webhooks.when?.label).toBe("Last paid order notification:");
      expect(check.items.find((i) => i.id === "keys")?.state).toBe("ok");
    } finally {
      SETUP_CHECK_TIMEOUT_MS.shopify = before;
      h.shopify.control.clearFaults();
    }

    // The connection dropped: a saved change makes the key check ask the service again.
    h.sandbox.control.setDown("reset");
    await h.settings({ routingMode: "immediate" });
    try {
      const check = await setupCheck();
      expect(check.items.find((i) => i.id === "keys")).toMatchObject({
        state: "unchecked",
        message:
          "Couldn't check: the print service could not be reached. Open Home again in a moment.",
        action: { url: "/app/settings" },
      });
      expect(check.items.find((i) => i.id === "billing")?.message).toBe(
        "Couldn't check: it needs print-service keys that work.",
      );
      // Shopify's side is still checked.
      expect(check.items.find((i) => i.id === "product-block")?.state).toBe("ok");
    } finally {
      h.sandbox.control.setDown(null);
    }
  });
});
