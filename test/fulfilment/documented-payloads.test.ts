import "../support/app-env";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { saveMapping } from "~/data/mapping.server";
import { recordInstall } from "~/data/shop.server";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import { planRecordedOrders } from "../support/plan-recorded";
import { action as ordersUpdated } from "~/routes/webhooks.orders.updated";
import { action as ordersCancelled } from "~/routes/webhooks.orders.cancelled";
import { action as appUninstalled } from "~/routes/webhooks.app.uninstalled";
import { action as scopesUpdate } from "~/routes/webhooks.app.scopes_update";
import { action as dataRequest } from "~/routes/webhooks.customers.data_request";
import { action as customersRedact } from "~/routes/webhooks.customers.redact";
import { action as shopRedact } from "~/routes/webhooks.shop.redact";
import { routeArgs, signedWebhookRequest } from "../support/shopify-webhook";

/**
 * The example payloads of Shopify's webhook reference (test/fixtures/shopify-webhooks,
 * see its README), sent byte for byte, signed, to each topic's real route.
 */
type Action = (args: ReturnType<typeof routeArgs>) => Promise<Response>;

const fixture = (file: string) =>
  readFileSync(new URL(`../fixtures/shopify-webhooks/${file}`, import.meta.url), "utf8");

async function deliver(action: Action, topic: string, shop: string, rawBody: string) {
  try {
    return await action(routeArgs(signedWebhookRequest({ topic, shop, payload: null, rawBody })));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const ORDER_ID = "820982911946154508";
const LINE_ITEM_IDS = {
  "2026-04": [
    "487817672276298554",
    "789012345678901234",
    "890123456789012345",
    "976318377106520349",
    "315789986012684393",
  ],
  "2025-10": ["487817672276298554", "976318377106520349", "315789986012684393"],
};
const MAPPED_VARIANT = "642667041472713922";

const VERSIONS = [
  { version: "2026-04", dir: "" },
  { version: "2025-10", dir: "2025-10/" },
] as const;

/** The documented order with its first line a mapped print product and no cancellation. */
function printableOrder(documented: string): string {
  const edited = documented
    .replace('"variant_id": null', `"variant_id": ${MAPPED_VARIANT}`)
    .replace(/"cancelled_at": "[^"]+"/, '"cancelled_at": null');
  expect(edited).not.toBe(documented);
  return edited;
}

describe.each(VERSIONS)("order topics, as documented for $version", ({ version, dir }) => {
  const asDocumented = `documented-${version}.myshopify.com`;
  const printable = `printable-${version}.myshopify.com`;

  beforeAll(async () => {
    for (const shop of [asDocumented, printable]) {
      await recordInstall({ shop, scopes: "read_orders" });
      await saveMapping({
        shop,
        mapping: {
          variantId: `gid://shopify/ProductVariant/${MAPPED_VARIANT}`,
          offeringId: 228478,
          title: "Aviator sunglasses print",
          contentUrl: "https://files.example.com/book.pdf",
          contentWidth: 210,
          contentHeight: 297,
          numberOfPages: 24,
        },
      });
    }
  });

  it("orders/paid: 200; recorded under the exact 18-digit ids, and not printed: the sample is already cancelled", async () => {
    const response = await deliver(
      ordersPaid,
      "orders/paid",
      asDocumented,
      fixture(`${dir}orders/paid.json`),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ outcome: "recorded" });
    expect((await planRecordedOrders()).map((p) => p.outcome)).toEqual(["cancelled"]);

    const order = await prisma.shopOrder.findUniqueOrThrow({
      where: { shop_shopifyOrderId: { shop: asDocumented, shopifyOrderId: ORDER_ID } },
      include: { printOrders: true, events: true },
    });
    expect(order.customerId).toBe("115310627314723954");
    expect((JSON.parse(order.lineItems) as { id: string }[]).map((l) => l.id)).toEqual(
      LINE_ITEM_IDS[version],
    );
    expect(order.cancelledAt).not.toBeNull();
    expect(order.printOrders).toEqual([]);
    expect(order.events.map((e) => e.type)).toEqual(["cancelled_before_planning"]);
  });

  it("orders/paid with the first line mapped and not cancelled: a planned print order", async () => {
    const response = await deliver(
      ordersPaid,
      "orders/paid",
      printable,
      printableOrder(fixture(`${dir}orders/paid.json`)),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ outcome: "recorded" });
    expect((await planRecordedOrders()).map((p) => p.outcome)).toEqual(["planned"]);
    const [printOrder] = await prisma.printOrder.findMany({
      where: { shop: printable, shopifyOrderId: ORDER_ID },
      include: { items: true },
    });
    expect(printOrder?.orderReference).toBe(`PC-${ORDER_ID}-1`);
    expect(printOrder?.items.map((i) => [i.shopifyLineItemId, i.variantId, i.quantity])).toEqual([
      [LINE_ITEM_IDS[version][0], `gid://shopify/ProductVariant/${MAPPED_VARIANT}`, 1],
    ]);
  });

  it("orders/updated: 200, for a stored order and for one the app never saw", async () => {
    const body = fixture(`${dir}orders/updated.json`);
    for (const shop of [printable, asDocumented]) {
      const response = await deliver(ordersUpdated, "orders/updated", shop, body);
      expect(response.status, await response.clone().text()).toBe(200);
    }
    await prisma.shopOrder.deleteMany({ where: { shop: asDocumented } });
    const unseen = await deliver(ordersUpdated, "orders/updated", asDocumented, body);
    expect(unseen.status, await unseen.clone().text()).toBe(200);
  });

  it("orders/cancelled: 200, and the planned print order of that exact order is cancelled", async () => {
    const response = await deliver(
      ordersCancelled,
      "orders/cancelled",
      printable,
      fixture(`${dir}orders/cancelled.json`),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const [printOrder] = await prisma.printOrder.findMany({
      where: { shop: printable, shopifyOrderId: ORDER_ID },
    });
    expect(printOrder?.status).toBe("cancelled");
  });
});

describe("app and compliance topics, as documented (2025-10 through 2026-04)", () => {
  const SHOP = "documented-app.myshopify.com";

  beforeAll(async () => {
    await recordInstall({ shop: SHOP, scopes: "read_orders" });
  });

  it("app/scopes_update: 200, and the shop's scopes are the payload's current ones", async () => {
    const response = await deliver(
      scopesUpdate,
      "app/scopes_update",
      SHOP,
      fixture("app/scopes_update.json"),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const shop = await prisma.shop.findUniqueOrThrow({ where: { shop: SHOP } });
    expect(shop.scopes).toBe("read_products,write_products");
  });

  it.each([
    ["customers/data_request", dataRequest, "reported"],
    ["customers/redact", customersRedact, "redacted"],
  ] as const)(
    "%s: 200 with the {shop} placeholder in shop_domain",
    async (topic, action, outcome) => {
      const response = await deliver(action, topic, SHOP, fixture(`${topic}.json`));
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await response.json()).toMatchObject({ outcome });
    },
  );

  it("app/uninstalled: 200", async () => {
    const response = await deliver(
      appUninstalled,
      "app/uninstalled",
      SHOP,
      fixture("app/uninstalled.json"),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const shop = await prisma.shop.findUniqueOrThrow({ where: { shop: SHOP } });
    expect(shop.uninstalledAt).not.toBeNull();
  });

  it("shop/redact: 200, and the shop's data is gone", async () => {
    const response = await deliver(shopRedact, "shop/redact", SHOP, fixture("shop/redact.json"));
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ outcome: "shop_deleted" });
    expect(await prisma.shop.count({ where: { shop: SHOP } })).toBe(0);
  });
});
