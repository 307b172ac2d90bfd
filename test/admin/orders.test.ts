import "../support/app-env";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as listAction, loader as listLoader } from "~/routes/app.orders._index";
import { loader as changesLoader } from "~/routes/app.orders.changes";
import { loader as detailLoader, action as detailAction } from "~/routes/app.orders.$id";
import { loader as homeLoader, action as homeAction } from "~/routes/app._index";
import { saveMapping } from "~/data/mapping.server";
import { call, data, DEMO_SHOP, get, post, startAdminEnv, type AdminEnv } from "./helpers";

let env: AdminEnv;
const T0 = Date.parse("2026-11-01T10:00:00Z");

async function seedOrder(
  n: number,
  status: string,
  options: { shop?: string; at?: number; fileless?: boolean } = {},
) {
  const shop = options.shop ?? DEMO_SHOP;
  const at = new Date(options.at ?? T0 + n * 60_000);
  const shopOrder = await prisma.shopOrder.create({
    data: {
      shop,
      shopifyOrderId: String(50000 + n),
      name: `#${1000 + n}`,
      email: "anna@example.com",
      currency: "EUR",
      shippingAddress: JSON.stringify({
        name: "Anna de Vries",
        address1: "Keizersgracht 123",
        zip: "1015 CJ",
        city: "Amsterdam",
        country: "Netherlands",
        country_code: "NL",
      }),
      lineItems: JSON.stringify([
        { id: String(60000 + n), title: "Photo book", quantity: 1, price: "34.95" },
      ]),
      createdAt: at,
    },
  });
  const printOrder = await prisma.printOrder.create({
    data: {
      shop,
      shopOrderId: shopOrder.id,
      shopifyOrderId: shopOrder.shopifyOrderId,
      shopifyOrderName: shopOrder.name,
      orderReference: `PC-${50000 + n}-1`,
      status,
      resumeStatus: status === "needs_attention" ? "ready" : null,
      currency: "EUR",
      wholesaleTotalMinor: 2345,
      createdAt: at,
      holdUntil: status === "held" ? new Date(T0 + 86_400_000) : null,
      lastErrorCode: status === "needs_attention" ? "MERCH_INSUFFICIENT_BALANCE" : null,
      lastErrorMessage:
        status === "needs_attention"
          ? "The print-service account does not have enough credit."
          : null,
      lastErrorAction:
        status === "needs_attention"
          ? "Top up your print-service account credit, then retry."
          : null,
      items: {
        create: {
          shop,
          itemReference: "1",
          shopifyLineItemId: String(60000 + n),
          variantId: "gid://shopify/ProductVariant/20008",
          offeringId: 228570,
          quantity: 1,
          title: "Dotted Notebook A5",
          fileDetails: options.fileless
            ? null
            : JSON.stringify({ contentUrl: "https://files.example.com/a.pdf", numberOfPages: 120 }),
          fileProperty: options.fileless ? "Print file" : null,
        },
      },
    },
  });
  await prisma.orderEvent.create({
    data: {
      shop,
      shopOrderId: shopOrder.id,
      printOrderId: printOrder.id,
      actor: "worker",
      type: "planned",
      message: `Planned ${shopOrder.name}.`,
      at,
    },
  });
  return printOrder;
}

type ListBody = {
  rows: { id: string; shopifyOrderName: string; status: string; copies: number }[];
  nextCursor: string | null;
  previousCursor: string | null;
};

beforeAll(async () => {
  env = await startAdminEnv();
  const statuses = [
    "pending",
    "held",
    "awaiting_approval",
    "needs_attention",
    "paid",
    "shipped",
    "cancelled",
    "awaiting_files",
  ];
  for (let n = 1; n <= 60; n++)
    await seedOrder(n, statuses[n % statuses.length]!, { fileless: n % statuses.length === 7 });
  await seedOrder(999, "needs_attention", { shop: "other-shop.myshopify.com" });
  await saveMapping({
    shop: DEMO_SHOP,
    mapping: {
      variantId: "gid://shopify/ProductVariant/20008",
      offeringId: 228570,
      contentWidth: 148,
      contentHeight: 210,
      numberOfPages: 120,
      fileProperty: "Print file",
    },
  });
});
afterAll(async () => {
  await env?.close();
});

describe("Orders list", () => {
  it("pages newest first with cursors, without gaps or repeats, and back again", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    const pages: ListBody[] = [];
    do {
      const body: ListBody = await data<ListBody>(
        await call(listLoader, get(`/app/orders${cursor ? `?after=${cursor}` : ""}`)),
      );
      pages.push(body);
      seen.push(...body.rows.map((r) => r.shopifyOrderName));
      cursor = body.nextCursor;
    } while (cursor);
    expect(pages.map((p) => p.rows.length)).toEqual([25, 25, 10]);
    expect(seen).toHaveLength(60);
    expect(new Set(seen).size).toBe(60);
    expect(seen[0]).toBe("#1060");
    expect(seen.at(-1)).toBe("#1001");
    expect(pages[0]!.previousCursor).toBeNull();
    expect(pages[0]!.rows[0]!.copies).toBe(1);

    const back = await data<ListBody>(
      await call(listLoader, get(`/app/orders?before=${pages[2]!.previousCursor}`)),
    );
    expect(back.rows.map((r) => r.shopifyOrderName)).toEqual(
      pages[1]!.rows.map((r) => r.shopifyOrderName),
    );
    expect(back.nextCursor).not.toBeNull();
    expect(back.previousCursor).not.toBeNull();
  });

  it("filters by view, by order name and by date, and never shows another shop's orders", async () => {
    const attention = await data<ListBody>(
      await call(listLoader, get("/app/orders?view=attention")),
    );
    expect(attention.rows.length).toBeGreaterThan(0);
    expect(attention.rows.every((r) => r.status === "needs_attention")).toBe(true);
    expect(attention.rows.some((r) => r.shopifyOrderName === "#1999")).toBe(false);

    const byName = await data<ListBody>(await call(listLoader, get("/app/orders?q=1042")));
    expect(byName.rows.map((r) => r.shopifyOrderName)).toEqual(["#1042"]);
    const byPrefix = await data<ListBody>(await call(listLoader, get("/app/orders?q=%23104")));
    expect(byPrefix.rows).toHaveLength(10);

    const day = new Date(T0).toISOString().slice(0, 10);
    const byDate = await data<ListBody>(
      await call(listLoader, get(`/app/orders?from=${day}&to=${day}`)),
    );
    expect(byDate.rows.length).toBe(25);
    expect(byDate.nextCursor).not.toBeNull();
    const none = await data<ListBody>(await call(listLoader, get("/app/orders?from=2030-01-01")));
    expect(none.rows).toEqual([]);
  });
});

describe("Print order detail and actions", () => {
  const byName = (name: string) =>
    prisma.printOrder.findFirstOrThrow({ where: { shop: DEMO_SHOP, shopifyOrderName: name } });

  it("shows items, prices, address, timeline and the possible actions", async () => {
    const order = await byName("#1001"); // held
    const body = await data<{
      order: Record<string, unknown> & {
        items: unknown[];
        events: unknown[];
        actions: Record<string, boolean>;
        shippingAddress: string[];
      };
    }>(await call(detailLoader, get(`/app/orders/${order.id}`), { id: order.id }));
    expect(body.order.status).toBe("held");
    expect(body.order.items).toHaveLength(1);
    expect(body.order.events).toHaveLength(1);
    expect(body.order.shippingAddress).toEqual([
      "Anna de Vries",
      "Keizersgracht 123",
      "1015 CJ Amsterdam",
      "Netherlands",
    ]);
    expect(body.order.actions).toEqual({
      approve: true,
      retry: false,
      cancel: true,
      attach: false,
      printAnyway: false,
    });
  });

  it("answers 404 for another shop's order", async () => {
    const other = await prisma.printOrder.findFirstOrThrow({
      where: { shop: "other-shop.myshopify.com" },
    });
    const response = await call(detailLoader, get(`/app/orders/${other.id}`), { id: other.id });
    expect(response.status).toBe(404);
    const action = await call(detailAction, post(`/app/orders/${other.id}`, { intent: "retry" }), {
      id: other.id,
    });
    expect(action.status).toBe(404);
  });

  it("approves a held order: it goes to print now, with a timeline entry", async () => {
    const order = await byName("#1009"); // held
    const response = await call(
      detailAction,
      post(`/app/orders/${order.id}`, { intent: "approve" }),
      { id: order.id },
    );
    expect(await data(response)).toMatchObject({
      ok: true,
      message: "Approved: sending to print.",
    });
    const after = await prisma.printOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(after.status).toBe("ready");
    expect(after.approvedAt).not.toBeNull();
    const events = await prisma.orderEvent.findMany({
      where: { printOrderId: order.id },
      orderBy: { at: "desc" },
    });
    expect(events[0]).toMatchObject({ actor: "merchant", type: "approved" });
    // Approving again is refused with a reason.
    const again = await call(detailAction, post(`/app/orders/${order.id}`, { intent: "approve" }), {
      id: order.id,
    });
    expect(again.status).toBe(200);
    expect(await data(again)).toMatchObject({
      ok: false,
      message: "Not possible while the order is being sent to print",
    });
  });

  it("retries an order that needed attention: back where it stopped, error cleared", async () => {
    const order = await byName("#1003"); // needs_attention, resume ready
    const response = await call(
      detailAction,
      post(`/app/orders/${order.id}`, { intent: "retry" }),
      { id: order.id },
    );
    expect(await data(response)).toMatchObject({ ok: true });
    const after = await prisma.printOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(after).toMatchObject({ status: "ready", lastErrorCode: null, lastErrorMessage: null });
  });

  it("attaches a file to an item waiting for one, validating the URL", async () => {
    const order = await byName("#1007"); // awaiting_files, no file
    const item = await prisma.printOrderItem.findFirstOrThrow({
      where: { printOrderRowId: order.id },
    });
    const bad = await call(
      detailAction,
      post(`/app/orders/${order.id}`, { intent: "attach", itemId: item.id, fileUrl: "not a url" }),
      { id: order.id },
    );
    expect(bad.status).toBe(200);
    expect(await data(bad)).toMatchObject({
      ok: false,
      itemId: item.id,
      fieldError: expect.stringMatching(/https/),
    });

    const ok = await call(
      detailAction,
      post(`/app/orders/${order.id}`, {
        intent: "attach",
        itemId: item.id,
        fileUrl: "https://files.example.com/anna.pdf",
      }),
      { id: order.id },
    );
    expect(await data(ok)).toMatchObject({ ok: true, message: "File attached" });
    const stored = await prisma.printOrderItem.findUniqueOrThrow({ where: { id: item.id } });
    expect(JSON.parse(stored.fileDetails!)).toMatchObject({
      contentUrl: "https://files.example.com/anna.pdf",
      numberOfPages: 120,
    });
  });

  it("cancels an order while it is held, and not once it is paid", async () => {
    const held = await byName("#1017");
    expect(
      await data(
        await call(detailAction, post(`/app/orders/${held.id}`, { intent: "cancel" }), {
          id: held.id,
        }),
      ),
    ).toMatchObject({ ok: true });
    expect((await prisma.printOrder.findUniqueOrThrow({ where: { id: held.id } })).status).toBe(
      "cancelled",
    );
    const paid = await byName("#1004");
    const refused = await call(detailAction, post(`/app/orders/${paid.id}`, { intent: "cancel" }), {
      id: paid.id,
    });
    expect(refused.status).toBe(200);
    expect(await data(refused)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/paid/),
    });
  });

  it("rejects unknown intents", async () => {
    const order = await byName("#1001");
    const response = await call(
      detailAction,
      post(`/app/orders/${order.id}`, { intent: "delete" }),
      { id: order.id },
    );
    expect(response.status).toBe(400);
  });
});

/** Home's data: its loader defers the key check, so it answers deferred data, not a Response. */
async function homeData<T>(): Promise<T> {
  const deferred = (await homeLoader({
    request: get("/app"),
    params: {},
    context: {} as AppLoadContext,
  })) as unknown as { data: T };
  return deferred.data;
}

describe("Home", () => {
  it("counts orders by state, lists what needs attention with reasons, and recent activity", async () => {
    const body = await homeData<{
      counts: Record<string, number>;
      attention: { id: string; status: string; reason: string; action: string | null }[];
      activity: unknown[];
      setupCheck: Promise<{ items: { id: string; state: string }[] }>;
    }>();
    const total = Object.values(body.counts).reduce((a, b) => a + b, 0);
    expect(total).toBe(60);
    expect(body.attention.length).toBeGreaterThan(0);
    const first = body.attention[0]!;
    expect(first.status).toBe("needs_attention");
    expect(first.reason).toMatch(/credit/);
    expect(first.action).toMatch(/Top up/);
    expect(body.activity.length).toBe(10);
    const { items } = await body.setupCheck;
    expect(items.find((i) => i.id === "mapping")?.state).toBe("ok");
    expect(items.find((i) => i.id === "keys")?.state).toBe("action");
  });

  it("retries from the attention list in one click", async () => {
    const before = await homeData<{ attention: { id: string; status: string }[] }>();
    const target = before.attention.find((a) => a.status === "needs_attention")!;
    const response = await call(homeAction, post("/app", { intent: "retry", id: target.id }));
    expect(await data(response)).toMatchObject({ ok: true });
    const after = await homeData<{ attention: { id: string }[] }>();
    expect(after.attention.some((a) => a.id === target.id)).toBe(false);
  });
});

describe("Several orders at once", () => {
  const byName = (name: string) =>
    prisma.printOrder.findFirstOrThrow({ where: { shop: DEMO_SHOP, shopifyOrderName: name } });
  type BulkBody = {
    message: string;
    tone: string;
    outcomes: { id: string; name: string; ok: boolean; message: string }[];
  };

  it("approves the held orders among those selected and says which could not be", async () => {
    const held = [await byName("#1025"), await byName("#1033")]; // held
    const paid = await byName("#1028"); // paid
    const response = await call(
      listAction,
      post("/app/orders?index", {
        intent: "approve",
        ids: [...held.map((o) => o.id), paid.id],
      }),
    );
    const body = await data<BulkBody>(response);
    expect(body.message).toBe(
      "2 orders approved; 1 order could not be: #1028 (not possible while the order is paid at the print service).",
    );
    expect(body.tone).toBe("warning");
    const after = await prisma.printOrder.findMany({
      where: { id: { in: [...held, paid].map((o) => o.id) } },
      select: { shopifyOrderName: true, status: true },
      orderBy: { shopifyOrderName: "asc" },
    });
    expect(after).toEqual([
      { shopifyOrderName: "#1025", status: "ready" },
      { shopifyOrderName: "#1028", status: "paid" },
      { shopifyOrderName: "#1033", status: "ready" },
    ]);
  });

  it("cancels only what each order's rules allow, and never another shop's order", async () => {
    const held = await byName("#1041"); // held
    const shipped = await byName("#1045"); // shipped
    const other = await prisma.printOrder.findFirstOrThrow({
      where: { shop: "other-shop.myshopify.com" },
    });
    const body = await data<BulkBody>(
      await call(
        listAction,
        post("/app/orders?index", { intent: "cancel", ids: [held.id, shipped.id, other.id] }),
      ),
    );
    expect(body.outcomes.map((o) => o.ok)).toEqual([true, false, false]);
    expect(body.message).toMatch(/^1 order cancelled; 2 orders could not be: #1045 \(/);
    expect((await prisma.printOrder.findUniqueOrThrow({ where: { id: held.id } })).status).toBe(
      "cancelled",
    );
    expect((await prisma.printOrder.findUniqueOrThrow({ where: { id: shipped.id } })).status).toBe(
      "shipped",
    );
    expect((await prisma.printOrder.findUniqueOrThrow({ where: { id: other.id } })).status).toBe(
      "needs_attention",
    );
  });

  it("refuses a request without orders or with an unknown action", async () => {
    expect((await call(listAction, post("/app/orders?index", { intent: "approve" }))).status).toBe(
      400,
    );
    const order = await byName("#1049");
    const wrong = await call(
      listAction,
      post("/app/orders?index", { intent: "ship", ids: [order.id] }),
    );
    expect(wrong.status).toBe(400);
  });
});

describe("Live updates", () => {
  it("answers a new version of the shop's orders, and of one order, once something happens", async () => {
    const order = await prisma.printOrder.findFirstOrThrow({
      where: { shop: DEMO_SHOP, shopifyOrderName: "#1057" }, // held
    });
    const version = async (path: string) =>
      (await data<{ version: string }>(await call(changesLoader, get(path)))).version;
    const shopBefore = await version("/app/orders/changes");
    const orderBefore = await version(`/app/orders/changes?order=${order.id}`);
    const otherOrder = await prisma.printOrder.findFirstOrThrow({
      where: { shop: DEMO_SHOP, shopifyOrderName: "#1050" },
    });
    const otherBefore = await version(`/app/orders/changes?order=${otherOrder.id}`);
    // Same answer while nothing happens.
    expect(await version("/app/orders/changes")).toBe(shopBefore);

    await call(detailAction, post(`/app/orders/${order.id}`, { intent: "approve" }), {
      id: order.id,
    });
    expect(await version("/app/orders/changes")).not.toBe(shopBefore);
    expect(await version(`/app/orders/changes?order=${order.id}`)).not.toBe(orderBefore);
    expect(await version(`/app/orders/changes?order=${otherOrder.id}`)).toBe(otherBefore);
    // The pages carry the version they were read at.
    const list = await data<{ version: string }>(await call(listLoader, get("/app/orders")));
    expect(list.version).toBe(await version("/app/orders/changes"));
    // Another shop's changes are not this shop's.
    const other = await version("/app/orders/changes");
    await prisma.orderEvent.create({
      data: {
        shop: "other-shop.myshopify.com",
        shopOrderId: (await prisma.shopOrder.findFirstOrThrow({
          where: { shop: "other-shop.myshopify.com" },
        }))!.id,
        actor: "worker",
        type: "planned",
        message: "Planned.",
      },
    });
    expect(await version("/app/orders/changes")).toBe(other);
  });
});

describe("The order page in plain words", () => {
  async function detail(id: string) {
    return (
      await data<{
        order: {
          copies: number;
          split: { index: number; of: number; orders: { id: string; current: boolean }[] } | null;
          margin: Record<string, unknown> & { status: string };
          events: { by: string; type: string; message: string }[];
          items: { offeringName: string | null; offeringId: number }[];
        };
      }>(await call(detailLoader, get(`/app/orders/${id}`), { id }))
    ).order;
  }

  it("shows one entry per state change, by whom in words, even for entries written twice", async () => {
    const order = await prisma.printOrder.findFirstOrThrow({
      where: { shop: DEMO_SHOP, shopifyOrderName: "#1013" }, // shipped
    });
    const at = new Date(T0 + 3_600_000);
    const base = { shop: DEMO_SHOP, shopOrderId: order.shopOrderId, printOrderId: order.id };
    // As the callback and the poll wrote them before: three entries for one shipment.
    await prisma.orderEvent.createMany({
      data: [
        {
          ...base,
          actor: "callback",
          type: "status_callback",
          message: "Status update from the print service: PAID to SHIPPED.",
          at: new Date(at.getTime() - 1000),
        },
        { ...base, actor: "poller", type: "service_state", message: "Print service: Shipped.", at },
        { ...base, actor: "poller", type: "shipped", message: "Shipped with tracking TR1.", at },
        {
          ...base,
          actor: "merchant",
          type: "approved",
          message: "Approved: sending to print.",
          at: new Date(at.getTime() - 5000),
        },
      ],
    });
    const { events } = await detail(order.id);
    expect(events.map((e) => [e.by, e.message])).toEqual([
      ["Print service", "Shipped with tracking TR1."],
      ["You", "Approved: sending to print."],
      ["Print Connect", "Planned #1013."],
    ]);
    const text = JSON.stringify(events.map((e) => [e.by, e.message]));
    for (const code of ["worker", "poller", "callback", "PAID", "SHIPPED"]) {
      expect(text).not.toContain(code);
    }
  });

  it("counts copies, and says which of a split order's print orders this is with links to the others", async () => {
    const first = await prisma.printOrder.findFirstOrThrow({
      where: { shop: DEMO_SHOP, shopifyOrderName: "#1021" },
      include: { items: true },
    });
    await prisma.printOrderItem.update({
      where: { id: first.items[0]!.id },
      data: { quantity: 3 },
    });
    const second = await prisma.printOrder.create({
      data: {
        shop: DEMO_SHOP,
        shopOrderId: first.shopOrderId,
        shopifyOrderId: first.shopifyOrderId,
        shopifyOrderName: first.shopifyOrderName,
        groupIndex: 1,
        orderReference: `${first.orderReference}-b`,
        status: "pending",
        currency: "EUR",
        createdAt: first.createdAt,
        items: {
          create: [
            {
              shop: DEMO_SHOP,
              itemReference: "2",
              shopifyLineItemId: "x",
              variantId: "gid://shopify/ProductVariant/20001",
              offeringId: 228478,
              quantity: 2,
              title: "Photo book",
            },
          ],
        },
      },
    });
    const one = await detail(first.id);
    expect(one.copies).toBe(3);
    expect(one.split).toMatchObject({ index: 1, of: 2 });
    expect(one.split!.orders.map((o) => [o.id, o.current])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    expect((await detail(second.id)).split).toMatchObject({ index: 2, of: 2 });

    const list = await data<{
      rows: { id: string; copies: number; split: { index: number; of: number } | null }[];
    }>(await call(listLoader, get("/app/orders?q=1021")));
    expect(list.rows.map((r) => [r.id, r.copies, r.split])).toEqual(
      expect.arrayContaining([
        [first.id, 3, { index: 1, of: 2 }],
        [second.id, 2, { index: 2, of: 2 }],
      ]),
    );
  });

  it("shows the margin: Shopify price minus what the print service charges, and a loss as a loss", async () => {
    const order = await prisma.printOrder.findFirstOrThrow({
      where: { shop: DEMO_SHOP, shopifyOrderName: "#1012" },
    });
    // 1 copy at 34.95 in Shopify, 23.45 charged by the print service.
    expect((await detail(order.id)).margin).toMatchObject({
      status: "ok",
      price: { amountMinor: 3495, currency: "EUR" },
      cost: { amountMinor: 2345, currency: "EUR" },
      margin: { amountMinor: 1150, currency: "EUR" },
      loss: false,
    });
    await prisma.printOrder.update({
      where: { id: order.id },
      data: { wholesaleTotalMinor: 4000 },
    });
    expect((await detail(order.id)).margin).toMatchObject({
      status: "ok",
      margin: { amountMinor: -505, currency: "EUR" },
      loss: true,
    });
    // In another currency without an exchange rate: said in words, not guessed.
    await prisma.printOrder.update({ where: { id: order.id }, data: { currency: "USD" } });
    const other = (await detail(order.id)).margin;
    expect(other.status).toBe("unknown");
    expect(other.reason).toMatch(/USD.*EUR|EUR.*USD/);
  });
});
