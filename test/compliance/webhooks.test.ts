import "../support/app-env";
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { saveMapping } from "~/data/mapping.server";
import { recordInstall } from "~/data/shop.server";
import { sessionStorage } from "~/shopify.server";
import { Session } from "@shopify/shopify-api";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import { planRecordedOrders } from "../support/plan-recorded";
import { action as dataRequest } from "~/routes/webhooks.customers.data_request";
import { action as customersRedact } from "~/routes/webhooks.customers.redact";
import { action as shopRedact } from "~/routes/webhooks.shop.redact";
import { routeArgs, signedWebhookRequest } from "../support/shopify-webhook";
import { paidOrderPayload } from "../support/orders";
import { seedProof } from "../support/proof-seed";
import { recordOrderArrival } from "~/lib/fulfilment-commands.server";
import { aggregate } from "~/data/profit.server";

const SHOP = "compliance.myshopify.com";
const OTHER = "compliance-other.myshopify.com";

type Action = typeof dataRequest;

async function deliver(
  action: Action,
  topic: string,
  payload: unknown,
  options: { shop?: string; secret?: string; webhookId?: string } = {},
) {
  try {
    return await action(
      routeArgs(
        signedWebhookRequest({
          topic,
          shop: options.shop ?? SHOP,
          payload,
          ...(options.secret ? { secret: options.secret } : {}),
          ...(options.webhookId ? { webhookId: options.webhookId } : {}),
        }),
      ),
    );
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** Customer A: two orders, one with a personalised file; customer B: one order. */
const A = {
  id: 7001,
  email: "anna.a@example.com",
  street: "Prinsengracht 263",
  phone: "+31 20 555 0101",
};
const B = { id: 7002, email: "bram.b@example.com", street: "Damrak 1", phone: "+31 20 555 0202" };

function orderFor(
  who: typeof A,
  orderId: number,
  lines: Parameters<typeof paidOrderPayload>[0]["lines"],
) {
  const payload = paidOrderPayload({
    id: orderId,
    lines,
    email: who.email,
    address: {
      address1: who.street,
      phone: who.phone,
      first_name: `First${who.id}`,
      last_name: `Last${who.id}`,
      name: `First${who.id} Last${who.id}`,
    },
  });
  return {
    ...payload,
    customer: {
      id: who.id,
      email: who.email,
      first_name: `First${who.id}`,
      last_name: `Last${who.id}`,
    },
  };
}

async function seedShop(shop: string) {
  await recordInstall({ shop, scopes: "read_orders" });
  await saveMapping({
    shop,
    mapping: {
      variantId: "gid://shopify/ProductVariant/1001",
      offeringId: 228478,
      title: "Photo book",
      contentUrl: "https://files.example.com/book.pdf",
      contentWidth: 210,
      contentHeight: 297,
      numberOfPages: 24,
    },
  });
  await saveMapping({
    shop,
    mapping: {
      variantId: "gid://shopify/ProductVariant/1002",
      offeringId: 228570,
      title: "Notebook",
      contentWidth: 148,
      contentHeight: 210,
      numberOfPages: 96,
      fileProperty: "Print file",
    },
  });
  const base = shop === SHOP ? 0 : 100;
  for (const [who, orderId, lines] of [
    [A, 9001 + base, [{ id: 1 + base, variantId: 1001, quantity: 1, title: "Photo book" }]],
    [
      A,
      9002 + base,
      [
        {
          id: 2 + base,
          variantId: 1002,
          quantity: 1,
          title: "Notebook",
          properties: { "Print file": `https://files.example.com/u/${A.id}/face.pdf` },
        },
        { id: 3 + base, variantId: 5555, quantity: 1, title: "Mug" },
      ],
    ],
    [B, 9003 + base, [{ id: 4 + base, variantId: 1001, quantity: 2, title: "Photo book" }]],
  ] as const) {
    const response = await deliver(
      ordersPaid as Action,
      "orders/paid",
      orderFor(who, orderId, [...lines]),
      { shop },
    );
    expect(response.status).toBe(200);
  }
  // The worker's first act each round: plan what the route recorded.
  await planRecordedOrders();
  // What the worker would have added later: money, tracking, an address event.
  await prisma.printOrder.updateMany({
    where: { shop },
    data: {
      printOrderId: 1000001,
      status: "shipped",
      wholesaleTotalMinor: 4321,
      wholesaleShippingMinor: 595,
      trackingCode: "TRACK-123",
      trackingUrl: "https://track.example/TRACK-123?zip=1015",
      trackingPushed: '["TRACK-123"]',
    },
  });
  const orders = await prisma.shopOrder.findMany({ where: { shop } });
  for (const o of orders) {
    const address = JSON.parse(o.shippingAddress!) as { address1: string; first_name: string };
    await prisma.orderEvent.create({
      data: {
        shop,
        shopOrderId: o.id,
        actor: "webhook:orders/updated",
        type: "address_changed",
        message: `Address changed to ${address.first_name}, ${address.address1} (${o.email})`,
        data: JSON.stringify({ address }),
      },
    });
  }
}

/** The shop's rows in the Profit rollup's tables (marks included). */
async function profitRollupRows(shop: string): Promise<number> {
  const [row] = await prisma.$queryRaw<{ n: bigint | number }[]>`SELECT
    (SELECT COUNT(*) FROM "ProfitStale" WHERE "shop" = ${shop})
    + (SELECT COUNT(*) FROM "ProfitQuarter" WHERE "shop" = ${shop})
    + (SELECT COUNT(*) FROM "ProfitQuarterRevenue" WHERE "shop" = ${shop})
    + (SELECT COUNT(*) FROM "ProfitDayProduct" WHERE "shop" = ${shop}) AS "n"`;
  return Number(row?.n ?? 0);
}

/** Every row of every table, as text: personal data must not appear in it. */
async function databaseText(shop: string): Promise<string> {
  const where = { shop };
  const rows = await Promise.all([
    prisma.shopOrder.findMany({ where }),
    prisma.printOrder.findMany({ where }),
    prisma.printOrderItem.findMany({ where }),
    prisma.orderEvent.findMany({ where }),
    prisma.complianceRequest.findMany({ where }),
  ]);
  return JSON.stringify(rows);
}

beforeAll(async () => {
  await seedShop(SHOP);
  await seedShop(OTHER);
});

describe("customers/data_request", () => {
  it("reports everything held on the customer, and records the request without the email", async () => {
    const response = await deliver(dataRequest, "customers/data_request", {
      shop_id: 1,
      shop_domain: SHOP,
      customer: { id: A.id, email: A.email, phone: A.phone },
      orders_requested: [9001, 9002],
      data_request: { id: 555 },
    });
    expect(response.status).toBe(200);
    const result = (await response.json()) as {
      outcome: string;
      requestId: string;
      orders: number;
    };
    expect(result).toMatchObject({ outcome: "reported", orders: 2 });

    const row = await prisma.complianceRequest.findUniqueOrThrow({
      where: { id: result.requestId },
    });
    expect(row).toMatchObject({
      shop: SHOP,
      topic: "customers/data_request",
      customerId: String(A.id),
    });
    expect(row.completedAt).toBeInstanceOf(Date);
    expect(row.payload).not.toContain(A.email);
    const report = JSON.parse(row.result!) as {
      orders: {
        shopifyOrderId: string;
        email: string;
        shippingAddress: { address1: string };
        printOrders: { trackingCode: string; items: { files: { contentUrl: string } | null }[] }[];
        events: { message: string }[];
      }[];
    };
    expect(report.orders.map((o) => o.shopifyOrderId).sort()).toEqual(["9001", "9002"]);
    expect(report.orders[0]!.email).toBe(A.email);
    expect(report.orders[0]!.shippingAddress.address1).toBe(A.street);
    expect(report.orders[0]!.printOrders[0]!.trackingCode).toBe("TRACK-123");
    expect(JSON.stringify(report)).toContain(`https://files.example.com/u/${A.id}/face.pdf`);
    // Nothing of customer B, nothing of the other shop.
    expect(JSON.stringify(report)).not.toContain(B.email);
    expect(JSON.stringify(report)).not.toContain("9101");
  });

  it("does the work once when the same delivery repeats", async () => {
    const payload = {
      shop_id: 1,
      shop_domain: SHOP,
      customer: { id: B.id, email: B.email },
      orders_requested: [9003],
      data_request: { id: 556 },
    };
    const first = await deliver(dataRequest, "customers/data_request", payload, {
      webhookId: "dr-1",
    });
    const again = await deliver(dataRequest, "customers/data_request", payload, {
      webhookId: "dr-1",
    });
    expect(((await first.json()) as { outcome: string }).outcome).toBe("reported");
    expect(((await again.json()) as { outcome: string }).outcome).toBe("duplicate");
    expect(await prisma.complianceRequest.count({ where: { shop: SHOP, webhookId: "dr-1" } })).toBe(
      1,
    );
  });

  it("answers 401 to a bad HMAC and records nothing", async () => {
    const before = await prisma.complianceRequest.count();
    const response = await deliver(
      dataRequest,
      "customers/data_request",
      { customer: { id: A.id } },
      { secret: "wrong" },
    );
    expect(response.status).toBe(401);
    expect(await prisma.complianceRequest.count()).toBe(before);
  });
});

describe("customers/redact", () => {
  it("answers 401 to a bad HMAC and erases nothing", async () => {
    const response = await deliver(
      customersRedact,
      "customers/redact",
      { customer: { id: A.id, email: A.email }, orders_to_redact: [9001, 9002] },
      { secret: "wrong" },
    );
    expect(response.status).toBe(401);
    expect(await databaseText(SHOP)).toContain(A.street);
  });

  it("erases the customer's personal data everywhere and keeps the financial facts", async () => {
    expect(await databaseText(SHOP)).toContain(A.email);
    const response = await deliver(customersRedact, "customers/redact", {
      shop_id: 1,
      shop_domain: SHOP,
      customer: { id: A.id, email: A.email, phone: A.phone },
      orders_to_redact: [9001, 9002],
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ outcome: "redacted", orders: 2 });

    // THEN no trace of A's email, street, phone, name, personal file or tracking in this shop's rows
    const text = await databaseText(SHOP);
    for (const secret of [
      A.email,
      A.street,
      A.phone,
      `First${A.id}`,
      `Last${A.id}`,
      `/u/${A.id}/face.pdf`,
    ]) {
      expect(text).not.toContain(secret);
    }
    const orders = await prisma.shopOrder.findMany({
      where: { shop: SHOP, shopifyOrderId: { in: ["9001", "9002"] } },
      include: { printOrders: { include: { items: true } } },
    });
    for (const order of orders) {
      expect(order).toMatchObject({ email: null, shippingAddress: null, customerId: null });
      expect(order.redactedAt).toBeInstanceOf(Date);
      // Financial facts kept.
      expect(order.name).toBe(`#${order.shopifyOrderId}`);
      expect(order.currency).toBe("EUR");
      for (const p of order.printOrders) {
        expect(p).toMatchObject({
          status: "shipped",
          wholesaleTotalMinor: 4321,
          wholesaleShippingMinor: 595,
          currency: "EUR",
          printOrderId: 1000001,
          trackingCode: null,
          trackingUrl: null,
        });
        expect(p.items.every((i) => i.quantity > 0 && i.offeringId > 0)).toBe(true);
      }
    }
    const lines = JSON.parse(orders.find((o) => o.shopifyOrderId === "9002")!.lineItems) as {
      price: string;
      quantity: number;
      properties: unknown[];
    }[];
    expect(lines.map((l) => [l.price, l.quantity, l.properties.length])).toEqual([
      ["24.95", 1, 0],
      ["24.95", 1, 0],
    ]);
    // The earlier data-request report for A is erased too.
    const reports = await prisma.complianceRequest.findMany({
      where: { shop: SHOP, topic: "customers/data_request", customerId: String(A.id) },
    });
    expect(reports.every((r) => JSON.parse(r.result!).redacted === true)).toBe(true);

    // AND customer B and the other shop are untouched
    expect(text).toContain(B.email);
    expect(text).toContain(B.street);
    expect(await databaseText(OTHER)).toContain(A.email);
  });

  it("answers 400 with the reason for a payload without a customer", async () => {
    const response = await deliver(customersRedact, "customers/redact", { shop_id: 1 });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/customer/);
  });

  it("leaves a proof copy sent to the shop alone, though its email is the customer's", async () => {
    // The merchant ordered a proof to the shop's own address with an email that is also B's.
    const proof = await seedProof(SHOP, { n: 1, at: new Date(), status: "fulfilled" });
    await prisma.shopOrder.update({ where: { id: proof.shopOrderId }, data: { email: B.email } });
    const response = await deliver(customersRedact, "customers/redact", {
      shop_id: 1,
      shop_domain: SHOP,
      customer: { id: B.id, email: B.email, phone: B.phone },
      orders_to_redact: [9003],
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ outcome: "redacted", orders: 1 });
    const sale = await prisma.shopOrder.findFirstOrThrow({
      where: { shop: SHOP, shopifyOrderId: "9003" },
    });
    expect(sale).toMatchObject({ email: null, shippingAddress: null });
    const kept = await prisma.shopOrder.findUniqueOrThrow({ where: { id: proof.shopOrderId } });
    expect(kept).toMatchObject({ email: B.email, redactedAt: null });
    expect(kept.shippingAddress).toContain("Prinsengracht 200");
  });

  it("reports and then deletes the customer's orders still waiting to be planned", async () => {
    const C = {
      id: 7003,
      email: "cora.c@example.com",
      street: "Rokin 9",
      phone: "+31 20 555 0303",
    };
    const D = { id: 7004, email: "dirk.d@example.com", street: "Spui 4", phone: "+31 20 555 0404" };
    const line = [{ id: 41, variantId: 1001, quantity: 1, title: "Photo book" }];
    // C's order arrives by signed webhook and waits for the worker; so does D's.
    for (const [who, orderId] of [
      [C, 9005],
      [D, 9007],
    ] as const) {
      const response = await deliver(
        ordersPaid as Action,
        "orders/paid",
        orderFor(who, orderId, [...line]),
        { webhookId: `waiting-${orderId}` },
      );
      expect(await response.json()).toEqual({ outcome: "recorded" });
    }
    // And one of C's the planner could not read, kept with C's email in it.
    await recordOrderArrival({
      shop: SHOP,
      webhookId: "kept-9006",
      topic: "orders/paid",
      body: `{"id":9006,"name":"#9006","email":"${C.email}","line_items":"not a list"}`,
    });

    const reported = await deliver(dataRequest, "customers/data_request", {
      shop_id: 1,
      shop_domain: SHOP,
      customer: { id: C.id, email: C.email },
      orders_requested: [9005],
    });
    const { requestId } = (await reported.json()) as { requestId: string };
    const row = await prisma.complianceRequest.findUniqueOrThrow({ where: { id: requestId } });
    const report = JSON.parse(row.result!) as {
      waitingOrders: { shopifyOrderId: string; orderAsReceived: string }[];
    };
    expect(report.waitingOrders.map((w) => w.shopifyOrderId).sort()).toEqual(["9005", "9006"]);
    expect(report.waitingOrders[0]!.orderAsReceived).toContain(C.email);
    expect(row.result).not.toContain(D.email);

    const redacted = await deliver(customersRedact, "customers/redact", {
      shop_id: 1,
      shop_domain: SHOP,
      customer: { id: C.id, email: C.email },
      orders_to_redact: [9005],
    });
    expect(redacted.status).toBe(200);
    const left = await prisma.orderDelivery.findMany({
      where: { shop: SHOP },
      select: { webhookId: true, body: true },
    });
    expect(left.map((d) => d.webhookId)).toEqual(["waiting-9007"]);
    expect(JSON.stringify(left)).not.toContain(C.email);
    const record = await prisma.complianceRequest.findFirstOrThrow({
      where: { shop: SHOP, topic: "customers/redact", customerId: String(C.id) },
    });
    expect(JSON.parse(record.result!)).toMatchObject({ waitingOrders: 2 });
    await prisma.orderDelivery.deleteMany({ where: { shop: SHOP } });
  });
});

describe("shop/redact", () => {
  it("answers 401 to a bad HMAC and deletes nothing", async () => {
    const response = await deliver(
      shopRedact,
      "shop/redact",
      { shop_id: 2, shop_domain: OTHER },
      { shop: OTHER, secret: "wrong" },
    );
    expect(response.status).toBe(401);
    expect(await prisma.shopOrder.count({ where: { shop: OTHER } })).toBe(3);
  });

  it("deletes every row of the shop, keeps one record of the request, leaves other shops alone", async () => {
    const session = new Session({
      id: `offline_${OTHER}`,
      shop: OTHER,
      state: "x",
      isOnline: false,
    });
    session.accessToken = "shpat_other";
    await sessionStorage.storeSession(session);
    await prisma.publication.create({
      data: {
        shop: OTHER,
        title: "Book",
        checkoutUrl: "https://print.example/print/1",
        currency: "EUR",
        locale: "en",
      },
    });
    await prisma.webhookReceipt.create({
      data: { shop: OTHER, webhookId: "w-1", topic: "orders/paid" },
    });
    await prisma.billingEntityRecord.create({
      data: {
        shop: OTHER,
        billingEntityId: 7,
        details: JSON.stringify({ email: "billing@example.com" }),
      },
    });
    await prisma.mappingQuote.create({
      data: {
        shop: OTHER,
        variantId: "gid://shopify/ProductVariant/1",
        offeringId: 228478,
        numberOfPages: 24,
        quantity: 1,
        countryCode: "NL",
        currency: "EUR",
        printMinor: 1000,
        shippingMinor: 495,
        vatMinor: 90,
      },
    });
    await prisma.productCreation.create({
      data: {
        shop: OTHER,
        requestKey: "k-1",
        handle: "a-book-k1",
        title: "A book",
        request: "{}",
        pricingMode: "margin",
        pricingPercent: 30,
        rounding: "99",
        targetMarginBps: 3000,
      },
    });

    // The Profit page read once: the shop's sums are kept in the rollup.
    const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    const week = { start: new Date(today - 6 * 86_400_000), end: new Date(today + 86_400_000) };
    await aggregate(OTHER, { ...week, shift: 0 }, true);
    expect(await profitRollupRows(OTHER)).toBeGreaterThan(0);

    const response = await deliver(
      shopRedact,
      "shop/redact",
      { shop_id: 2, shop_domain: OTHER },
      { shop: OTHER, webhookId: "sr-1" },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ outcome: "shop_deleted" });
    expect(await profitRollupRows(OTHER)).toBe(0);

    const where = { shop: OTHER };
    const counts = await Promise.all([
      prisma.shop.count({ where }),
      prisma.session.count({ where }),
      prisma.variantMapping.count({ where }),
      prisma.shopOrder.count({ where }),
      prisma.printOrder.count({ where }),
      prisma.printOrderItem.count({ where }),
      prisma.orderEvent.count({ where }),
      prisma.publication.count({ where }),
      prisma.webhookReceipt.count({ where }),
      prisma.billingEntityRecord.count({ where }),
      prisma.mappingQuote.count({ where }),
      prisma.productCreation.count({ where }),
    ]);
    expect(counts).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const records = await prisma.complianceRequest.findMany({ where });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ topic: "shop/redact", webhookId: "sr-1" });
    expect(JSON.stringify(records)).not.toContain("@example.com");

    // The first shop keeps its data: its three sales and its proof.
    expect(await prisma.shopOrder.count({ where: { shop: SHOP } })).toBe(4);
    expect(await prisma.variantMapping.count({ where: { shop: SHOP } })).toBe(2);

    // A repeat is harmless.
    const again = await deliver(
      shopRedact,
      "shop/redact",
      { shop_id: 2, shop_domain: OTHER },
      { shop: OTHER, webhookId: "sr-1" },
    );
    expect(again.status).toBe(200);
    expect(await prisma.complianceRequest.count({ where })).toBe(1);
  });
});
