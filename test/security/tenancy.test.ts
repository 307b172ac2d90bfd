import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { fulfilmentStore } from "~/data/fulfilment.server";
import { applyStatusUpdates } from "~/services/fulfilment/status-updates";
import { saveMapping } from "~/data/mapping.server";
import { savePrintSettings } from "~/data/print-settings.server";
import { recordInstall } from "~/data/shop.server";
import { paymentSecret } from "~/services/print";
import { loader as ordersList } from "~/routes/app.orders._index";
import { loader as orderDetail, action as orderAction } from "~/routes/app.orders.$id";
import { action as homeAction } from "~/routes/app._index";
import { loader as productPage } from "~/routes/app.products.$variantId";
import { loader as publicationsPage } from "~/routes/app.publications";
import { action as settingsAction } from "~/routes/app.settings";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import { planRecordedOrders } from "../support/plan-recorded";
import { action as ordersUpdated } from "~/routes/webhooks.orders.updated";
import { action as ordersCancelled } from "~/routes/webhooks.orders.cancelled";
import { action as customersRedact } from "~/routes/webhooks.customers.redact";
import { loader as productInfo } from "~/routes/proxy.product-info";
import { loader as publicationProxy } from "~/routes/proxy.publication";
import { paidOrderPayload } from "../support/orders";
import { routeArgs, signedWebhookRequest } from "../support/shopify-webhook";
import {
  MAPPINGS,
  SANDBOX_KEYS,
  SHOP as SHOP_A,
  startHarness,
  type Harness,
} from "../support/fulfilment-harness";
import { call, data, get, post } from "../admin/helpers";
import { appProxyRequest } from "../rates/harness";

/**
 * Two shops in one database. Shop A (the stand-in's demo shop, installed with
 * a real token exchange) tries every entry point against shop B's rows; B's
 * rows must come out exactly as they went in.
 */
const SHOP_B = "tenant-b.myshopify.com";
const B_KEYS = { merchantApiKey: "tenant-b-merchant-key", secretKey: "tenant-b-secret-key" };
const B_CUSTOMER = {
  id: 8802,
  email: "bram.b@example.com",
  street: "Damrak 1",
  phone: "+31 20 555 0202",
};
const B_VARIANT_ONLY = "gid://shopify/ProductVariant/20004"; // in A's catalogue, mapped only by B
const B_PRINT_ORDER_ID = 990_001;

let h: Harness;
const b = {
  attention: "",
  held: "",
  awaiting: "",
  awaitingItem: "",
  callbackId: "",
  publicationId: "",
};
const a = { awaiting: "" };

async function deliver(
  action: (args: ReturnType<typeof routeArgs>) => Promise<Response>,
  topic: string,
  shop: string,
  payload: unknown,
): Promise<Response> {
  try {
    return await action(routeArgs(signedWebhookRequest({ topic, shop, payload })));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function bOrder(id: number, variant: number, properties?: Record<string, string>) {
  const payload = paidOrderPayload({
    id,
    name: `#B${id}`,
    email: B_CUSTOMER.email,
    lines: [
      {
        id: id * 10,
        variantId: variant,
        quantity: 1,
        title: "B product",
        ...(properties ? { properties } : {}),
      },
    ],
    address: {
      first_name: "Bram",
      last_name: "Bakker",
      name: "Bram Bakker",
      address1: B_CUSTOMER.street,
      phone: B_CUSTOMER.phone,
    },
  });
  return {
    ...payload,
    customer: {
      id: B_CUSTOMER.id,
      email: B_CUSTOMER.email,
      first_name: "Bram",
      last_name: "Bakker",
    },
  };
}

/** Every row that belongs to shop B, as comparable data. */
async function snapshotB() {
  const where = { shop: SHOP_B };
  const [shop, mappings, shopOrders, printOrders, items, events, publications, compliance] =
    await Promise.all([
      prisma.shop.findUnique({ where }),
      prisma.variantMapping.findMany({ where, orderBy: { variantId: "asc" } }),
      prisma.shopOrder.findMany({ where, orderBy: { id: "asc" } }),
      prisma.printOrder.findMany({ where, orderBy: { id: "asc" } }),
      prisma.printOrderItem.findMany({ where, orderBy: { id: "asc" } }),
      prisma.orderEvent.findMany({ where, orderBy: { id: "asc" } }),
      prisma.publication.findMany({ where, orderBy: { id: "asc" } }),
      prisma.complianceRequest.findMany({ where, orderBy: { id: "asc" } }),
    ]);
  return { shop, mappings, shopOrders, printOrders, items, events, publications, compliance };
}

beforeAll(async () => {
  h = await startHarness();
  for (const mapping of Object.values(MAPPINGS)) await h.map(mapping);

  // Shop B: installed, its own keys, mappings (one on a variant id A has too), orders, a listing.
  await recordInstall({ shop: SHOP_B, scopes: "read_orders" });
  await savePrintSettings({
    shop: SHOP_B,
    input: {
      printEnvironment: "sandbox",
      printBaseUrl: h.sandbox.url,
      ...B_KEYS,
      currency: "EUR",
      routingMode: "manual",
    },
  });
  await saveMapping({
    shop: SHOP_B,
    mapping: { ...MAPPINGS.novel, variantId: B_VARIANT_ONLY, title: "B's magazine" },
  });
  await saveMapping({ shop: SHOP_B, mapping: { ...MAPPINGS.photoBook, title: "B's photo book" } });
  await saveMapping({ shop: SHOP_B, mapping: { ...MAPPINGS.notebook, title: "B's notebook" } });
  for (const payload of [bOrder(880001, 20004), bOrder(880002, 20001), bOrder(880003, 20008)]) {
    expect((await deliver(ordersPaid, "orders/paid", SHOP_B, payload)).status).toBe(200);
  }
  await planRecordedOrders();
  const rows = await prisma.printOrder.findMany({
    where: { shop: SHOP_B },
    include: { items: true },
    orderBy: { shopifyOrderId: "asc" },
  });
  expect(rows.map((r) => r.shopifyOrderId)).toEqual(["880001", "880002", "880003"]);
  const far = new Date("2099-01-01T00:00:00Z");
  await prisma.printOrder.update({
    where: { id: rows[0]!.id },
    data: {
      status: "needs_attention",
      resumeStatus: "paid",
      printOrderId: B_PRINT_ORDER_ID,
      nextAttemptAt: far,
      lastErrorCode: "X",
      lastErrorMessage: "B's problem",
    },
  });
  await prisma.printOrder.update({
    where: { id: rows[1]!.id },
    data: { status: "held", holdUntil: far, nextAttemptAt: far },
  });
  await prisma.printOrder.update({
    where: { id: rows[2]!.id },
    data: { status: "awaiting_files", nextAttemptAt: far },
  });
  expect(rows[2]!.items[0]!.fileDetails).toBeNull();
  b.attention = rows[0]!.id;
  b.held = rows[1]!.id;
  b.awaiting = rows[2]!.id;
  b.awaitingItem = rows[2]!.items[0]!.id;
  b.callbackId = (await prisma.shop.findUniqueOrThrow({ where: { shop: SHOP_B } })).callbackId;
  b.publicationId = (
    await prisma.publication.create({
      data: {
        shop: SHOP_B,
        variantId: B_VARIANT_ONLY,
        title: "B's listing",
        publicationId: 4242,
        checkoutUrl: "https://checkout.example.com/b-only",
        currency: "EUR",
        locale: "en",
      },
    })
  ).id;

  // Shop A: one order waiting for a file, to try B's item through A's own order.
  const aPaid = paidOrderPayload({
    id: 770001,
    lines: [{ id: 7700010, variantId: 20008, quantity: 1, title: "Notebook" }],
  });
  expect((await deliver(ordersPaid, "orders/paid", SHOP_A, aPaid)).status).toBe(200);
  await planRecordedOrders();
  a.awaiting = (
    await prisma.printOrder.updateManyAndReturn({
      where: { shop: SHOP_A, shopifyOrderId: "770001" },
      data: { status: "awaiting_files", nextAttemptAt: new Date("2099-01-01T00:00:00Z") },
    })
  )[0]!.id;
}, 30_000);
afterAll(async () => {
  await h?.close();
});

describe("admin loaders", () => {
  it("never list or show shop B's orders, mappings or listings to shop A", async () => {
    const before = await snapshotB();
    const bNames = ["#B880001", "#B880002", "#B880003"];
    for (const path of ["/app/orders", "/app/orders?view=attention", "/app/orders?q=B88"]) {
      const body = await data<{ rows: { id: string; shopifyOrderName: string }[] }>(
        await call(ordersList, get(path)),
      );
      expect(body.rows.filter((r) => bNames.includes(r.shopifyOrderName))).toEqual([]);
      expect(body.rows.map((r) => r.id)).not.toContain(b.attention);
    }
    for (const id of [b.attention, b.held, b.awaiting]) {
      expect((await call(orderDetail, get(`/app/orders/${id}`), { id })).status).toBe(404);
    }

    // A variant only B has mapped is unmapped on A's product page.
    const product = await call(productPage, get("/app/products/20004"), { variantId: "20004" });
    expect(product.status).toBe(200);
    const productBody = await data<{ mapped: unknown }>(product);
    expect(productBody.mapped).toBeNull();
    expect(JSON.stringify(productBody)).not.toContain("B's magazine");

    const publications = await data<{ page: { rows: { id: string }[] } }>(
      await call(publicationsPage, get("/app/publications")),
    );
    expect(publications.page.rows.map((r) => r.id)).not.toContain(b.publicationId);
    expect(JSON.stringify(publications)).not.toContain("b-only");
    expect(await snapshotB()).toEqual(before);
  });
});

describe("admin actions", () => {
  it("answer 404 to shop B's print order ids and change none of B's rows", async () => {
    const before = await snapshotB();
    for (const [id, fields] of [
      [b.attention, { intent: "retry" }],
      [b.held, { intent: "approve" }],
      [b.held, { intent: "cancel" }],
      [b.attention, { intent: "cancel" }],
      [
        b.awaiting,
        { intent: "attach", itemId: b.awaitingItem, fileUrl: "https://evil.example/a.pdf" },
      ],
    ] as const) {
      const response = await call(orderAction, post(`/app/orders/${id}`, fields), { id });
      expect(response.status, `${fields.intent} ${id}`).toBe(404);
    }
    // The home page's one-click retry/approve.
    for (const [id, intent] of [
      [b.attention, "retry"],
      [b.held, "approve"],
    ] as const) {
      const response = await call(homeAction, post("/app", { intent, id }));
      expect(response.status === 404 || (await data(response)).ok === false).toBe(true);
    }
    // B's item through A's own order id.
    const crossed = await call(
      orderAction,
      post(`/app/orders/${a.awaiting}`, {
        intent: "attach",
        itemId: b.awaitingItem,
        fileUrl: "https://evil.example/a.pdf",
      }),
      { id: a.awaiting },
    );
    expect((await data<{ ok: boolean }>(crossed)).ok).toBe(false);
    expect(await snapshotB()).toEqual(before);
  });

  it("saving settings touches only shop A's row", async () => {
    const before = await snapshotB();
    const response = await call(
      settingsAction,
      post("/app/settings", {
        intent: "save",
        printEnvironment: "sandbox",
        printBaseUrl: h.sandbox.url,
        merchantApiKey: SANDBOX_KEYS.merchantApiKey,
        secretKey: SANDBOX_KEYS.secretKey,
        applicationApiKey: "sandbox-application-key",
        buttonKey: "",
        currency: "USD",
        billingEntityId: "",
        routingMode: "hold",
        holdHours: "6",
        notifyCustomer: "on",
      }),
    );
    expect(response.status).toBeLessThan(400);
    const shopA = await prisma.shop.findUniqueOrThrow({ where: { shop: SHOP_A } });
    expect(shopA).toMatchObject({ currency: "USD", routingMode: "hold", holdHours: 6 });
    expect(await snapshotB()).toEqual(before);
    await savePrintSettings({
      shop: SHOP_A,
      input: { currency: "EUR", routingMode: "immediate", holdHours: 0 },
    });
  });
});

describe("Shopify webhooks", () => {
  it("orders/updated and orders/cancelled signed for shop A with B's order ids change nothing of B", async () => {
    const before = await snapshotB();
    for (const id of [880001, 880002, 880003]) {
      const changed = bOrder(id, 20001);
      changed.shipping_address.address1 = "Attacker street 1";
      changed.email = "attacker@example.com";
      const updated = await deliver(ordersUpdated, "orders/updated", SHOP_A, changed);
      expect(updated.status).toBe(200);
      expect(await updated.json()).toMatchObject({ changed: 0 });
      const cancelled = await deliver(ordersCancelled, "orders/cancelled", SHOP_A, {
        ...changed,
        cancelled_at: new Date().toISOString(),
        cancel_reason: "customer",
      });
      expect(cancelled.status).toBe(200);
    }
    expect(await snapshotB()).toEqual(before);
  });
});

describe("print status callback", () => {
  const callback = (callbackId: string, secret: string, orderId: number) =>
    fetch(`${h.appUrl}/webhooks/print/${callbackId}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        order_id: orderId,
        signature: paymentSecret(secret, orderId),
        new_status: "SHIPPED",
      }),
    });

  it("acknowledges A's callback naming B's order without re-scheduling B's order", async () => {
    const before = await snapshotB();
    const response = await callback(h.callbackId, SANDBOX_KEYS.secretKey, B_PRINT_ORDER_ID);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    // The worker finds no order of A with that id, and drops it.
    expect(
      await applyStatusUpdates(fulfilmentStore(prisma), {
        now: new Date(),
        logger: { warn() {} },
      }),
    ).toMatchObject({ applied: 0, dropped: 1 });
    expect(await snapshotB()).toEqual(before);
  });

  it("refuses B's signature on A's callback address with 401", async () => {
    const before = await snapshotB();
    const response = await callback(h.callbackId, B_KEYS.secretKey, B_PRINT_ORDER_ID);
    expect(response.status).toBe(401);
    // And the reverse: A's key on B's address.
    const reverse = await callback(b.callbackId, SANDBOX_KEYS.secretKey, B_PRINT_ORDER_ID);
    expect(reverse.status).toBe(401);
    expect(await snapshotB()).toEqual(before);
  });
});

describe("app proxy", () => {
  const respond = async (run: () => Promise<Response>) => {
    try {
      return await run();
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  };

  it("answers shop A's signed request for a variant only B maps as not mapped, and hides B's listing", async () => {
    const info = await respond(() =>
      productInfo(
        routeArgs(appProxyRequest("/proxy/product-info", { variant_id: "20004", country: "NL" })),
      ),
    );
    expect(info.status).toBe(200);
    expect(await info.json()).toEqual({ mapped: false });

    const listing = await respond(() =>
      publicationProxy(routeArgs(appProxyRequest("/proxy/publication", { variant_id: "20004" }))),
    );
    expect(listing.headers.get("location") ?? "").not.toContain("b-only");
    expect(await listing.text()).not.toContain("b-only");
  });
});

describe("compliance", () => {
  it("customers/redact for shop A naming B's customer and orders leaves B's data", async () => {
    const before = await snapshotB();
    const response = await deliver(customersRedact, "customers/redact", SHOP_A, {
      shop_id: 1,
      shop_domain: SHOP_A,
      customer: { id: B_CUSTOMER.id, email: B_CUSTOMER.email, phone: B_CUSTOMER.phone },
      orders_to_redact: [880001, 880002, 880003],
    });
    expect(response.status).toBe(200);
    const after = await snapshotB();
    expect(after.shopOrders).toEqual(before.shopOrders);
    expect(after.printOrders).toEqual(before.printOrders);
    expect(after.items).toEqual(before.items);
    expect(after.events).toEqual(before.events);
    expect(JSON.stringify(after.shopOrders)).toContain(B_CUSTOMER.street);
  });
});
