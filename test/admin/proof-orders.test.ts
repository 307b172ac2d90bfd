import "../support/app-env";
import type { AppLoadContext } from "@remix-run/node";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { testDatabaseProvider, testDbFile } from "../support/app-env";
import { seedProof, type SeededProof } from "../support/proof-seed";
import { action as listAction, loader as listLoader } from "~/routes/app.orders._index";
import { loader as detailLoader, action as detailAction } from "~/routes/app.orders.$id";
import { loader as homeLoader } from "~/routes/app._index";
import { call, data, DEMO_SHOP, get, post, startAdminEnv, type AdminEnv } from "./helpers";

/**
 * Proof copies on the read side, through the real routes: the Orders list marks them and
 * filters by kind (the page address holds the filter, paging stays exact across it), the bulk
 * actions treat them by their own rules, a proof's page speaks of a proof (its cost, no
 * Shopify fulfilment), and Home lists them. Proofs are stored as placing one stores them
 * (test/support/proof-seed.ts).
 */

let env: AdminEnv;
const T0 = Date.parse("2026-11-01T10:00:00Z");
const OTHER_SHOP = "other-proofs.myshopify.com";
const proofs = new Map<number, SeededProof>();

async function seedSale(n: number, status: string) {
  const at = new Date(T0 + n * 60_000);
  const shopOrder = await prisma.shopOrder.create({
    data: {
      shop: DEMO_SHOP,
      shopifyOrderId: String(50_000 + n),
      name: `#${1000 + n}`,
      currency: "EUR",
      lineItems: JSON.stringify([
        { id: String(60_000 + n), title: "Photo book", quantity: 1, price: "34.95" },
      ]),
      createdAt: at,
    },
  });
  await prisma.printOrder.create({
    data: {
      shop: DEMO_SHOP,
      shopOrderId: shopOrder.id,
      shopifyOrderId: shopOrder.shopifyOrderId,
      shopifyOrderName: shopOrder.name,
      orderReference: `PC-${50_000 + n}-1`,
      status,
      currency: "EUR",
      wholesaleTotalMinor: 2345,
      createdAt: at,
      nextAttemptAt: new Date("9999-12-31T00:00:00Z"),
      items: {
        create: {
          shop: DEMO_SHOP,
          itemReference: "1",
          shopifyLineItemId: String(60_000 + n),
          variantId: "gid://shopify/ProductVariant/20008",
          offeringId: 228570,
          quantity: 1,
          title: "Photo book",
          revenueMinor: 3495,
          revenueCurrency: "EUR",
        },
      },
    },
  });
}

/** The proofs' states: the rest are pending. */
const PROOF_STATUS: Record<number, string> = {
  3: "awaiting_approval",
  5: "needs_attention",
  7: "fulfilled",
  9: "held",
  11: "pending",
  13: "paid",
};

beforeAll(async () => {
  env = await startAdminEnv();
  // 30 sales and 30 proofs, interleaved: sale n at minute n, proof n half a minute later.
  for (let n = 1; n <= 30; n++) {
    await seedSale(n, n % 2 ? "paid" : "shipped");
    proofs.set(
      n,
      await seedProof(DEMO_SHOP, {
        n,
        at: new Date(T0 + n * 60_000 + 30_000),
        status: PROOF_STATUS[n] ?? "pending",
        quantity: n === 7 ? 2 : 1,
        ...(n === 7
          ? {
              serviceState: "SHIPPED",
              tracking: {
                code: "3SPOST123",
                url: "https://tracking.example.com/3SPOST123",
                company: "PostNL",
              },
            }
          : {}),
        ...(n === 5
          ? {
              error: {
                code: "MERCH_INSUFFICIENT_BALANCE",
                message: "The print-service account does not have enough credit.",
                action: "Top up your print-service account credit, then retry.",
              },
            }
          : {}),
      }),
    );
  }
  await seedProof(OTHER_SHOP, { n: 1, at: new Date(T0) });
});
afterAll(async () => {
  await env?.close();
});

type ListBody = {
  rows: { id: string; shopifyOrderName: string; kind: string; status: string }[];
  nextCursor: string | null;
  previousCursor: string | null;
  query: { kind: string };
};

const list = async (query: string) =>
  data<ListBody>(await call(listLoader, get(`/app/orders${query}`)));

/** Every page of a filter, following the cursors to the end. */
async function allPages(filter: string): Promise<ListBody[]> {
  const pages: ListBody[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 10; i++) {
    const page: ListBody = await list(`?${filter}${cursor ? `&after=${cursor}` : ""}`);
    pages.push(page);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return pages;
}

describe("Orders list with proofs", () => {
  it("marks each row as a sale or a proof", async () => {
    const body = await list("");
    expect(body.query.kind).toBe("");
    // Newest first: proof 30, sale 30, proof 29, ...
    expect(body.rows.slice(0, 4).map((r) => [r.shopifyOrderName, r.kind])).toEqual([
      ["Proof P30", "proof"],
      ["#1030", "sale"],
      ["Proof P29", "proof"],
      ["#1029", "sale"],
    ]);
  });

  it("shows only proofs or only sales, paging exactly across the filter and back", async () => {
    for (const [kind, prefix] of [
      ["proof", "Proof P"],
      ["sale", "#"],
    ] as const) {
      const pages = await allPages(`kind=${kind}`);
      expect(pages.map((p) => p.rows.length)).toEqual([25, 5]);
      const names = pages.flatMap((p) => p.rows.map((r) => r.shopifyOrderName));
      expect(new Set(names).size).toBe(30);
      expect(names.every((name) => name.startsWith(prefix))).toBe(true);
      expect(pages.flatMap((p) => p.rows).every((r) => r.kind === kind)).toBe(true);
      expect(pages[0]!.query.kind).toBe(kind);
      expect(pages[0]!.previousCursor).toBeNull();
      // Back from the last page: the first page again, exactly.
      const back = await list(`?kind=${kind}&before=${pages[1]!.previousCursor}`);
      expect(back.rows.map((r) => r.id)).toEqual(pages[0]!.rows.map((r) => r.id));
      expect(back.previousCursor).toBeNull();
    }
    // Another shop's proof never shows.
    const proofPages = await allPages("kind=proof");
    const ids = proofPages.flatMap((p) => p.rows.map((r) => r.id));
    expect(ids.sort()).toEqual([...proofs.values()].map((p) => p.id).sort());
  });

  it("combines the kind with the status tabs and the search, and ignores an unknown kind", async () => {
    const attention = await list("?kind=proof&view=attention");
    expect(attention.rows.map((r) => r.shopifyOrderName)).toEqual(["Proof P5"]);
    const salesAttention = await list("?kind=sale&view=attention");
    expect(salesAttention.rows).toEqual([]);
    // "proof p1" finds the proofs whose name starts so, as typed.
    const byName = await list("?q=proof%20p1");
    expect(byName.rows.map((r) => r.shopifyOrderName).sort()).toEqual(
      ["Proof P1", ...Array.from({ length: 10 }, (_, i) => `Proof P1${i}`)].sort(),
    );
    const proofSearchInSales = await list("?kind=sale&q=proof");
    expect(proofSearchInSales.rows).toEqual([]);
    const unknown = await list("?kind=gift");
    expect(unknown.query.kind).toBe("");
    expect(new Set(unknown.rows.map((r) => r.kind))).toEqual(new Set(["sale", "proof"]));
  });

  it("uses the (shop, kind, createdAt) index for a page of one kind", async () => {
    if (testDatabaseProvider !== "sqlite") return;
    const db = createClient({ url: `file:${testDbFile}` });
    const plan = await db.execute({
      sql: `EXPLAIN QUERY PLAN SELECT id FROM PrintOrder WHERE shop = ? AND kind = ? AND (createdAt < ? OR (createdAt = ? AND id < ?)) ORDER BY createdAt DESC, id DESC LIMIT 26`,
      args: [
        DEMO_SHOP,
        "proof",
        "2026-11-01T10:20:00.000+00:00",
        "2026-11-01T10:20:00.000+00:00",
        proofs.get(20)!.id,
      ],
    });
    db.close();
    const detail = plan.rows.map((r) => String(r.detail)).join("\n");
    expect(detail).toMatch(/SEARCH PrintOrder USING INDEX PrintOrder_shop_kind_createdAt_idx/);
    // Read in createdAt order from the index: at most rows of one same instant are sorted by
    // id ("RIGHT PART"), never the whole kind.
    expect(detail).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  });

  it("approves and cancels proofs in bulk by each one's rules, naming them", async () => {
    type BulkBody = { message: string; outcomes: { name: string; ok: boolean }[] };
    const approve = await data<BulkBody>(
      await call(
        listAction,
        post("/app/orders?index", {
          intent: "approve",
          ids: [proofs.get(3)!.id, proofs.get(9)!.id, proofs.get(13)!.id],
        }),
      ),
    );
    expect(approve.message).toBe(
      "2 orders approved; 1 order could not be: Proof P13 (not possible while the order is paid at the print service).",
    );
    const cancel = await data<BulkBody>(
      await call(
        listAction,
        post("/app/orders?index", {
          intent: "cancel",
          ids: [proofs.get(11)!.id, proofs.get(7)!.id],
        }),
      ),
    );
    // A finished proof was never fulfilled in Shopify: its refusal says shipped.
    expect(cancel.message).toBe(
      "1 order cancelled; 1 order could not be: Proof P7 (not possible while the order is shipped).",
    );
    const after = await prisma.printOrder.findMany({
      where: { id: { in: [3, 9, 11, 13].map((n) => proofs.get(n)!.id) } },
      select: { shopifyOrderName: true, status: true },
      orderBy: { createdAt: "asc" },
    });
    expect(after).toEqual([
      { shopifyOrderName: "Proof P3", status: "ready" },
      { shopifyOrderName: "Proof P9", status: "ready" },
      { shopifyOrderName: "Proof P11", status: "cancelled" },
      { shopifyOrderName: "Proof P13", status: "paid" },
    ]);
  });
});

type DetailBody = {
  order: {
    shopifyOrderName: string;
    kind: string;
    status: string;
    shownStatus: string;
    proof: { cost: { amountMinor: number; currency: string } | null; copies: number } | null;
    tracking: { code: string | null; url: string | null } | null;
    events: { message: string }[];
    items: { title: string; quantity: number; shopPrice: unknown }[];
  };
};

describe("A proof's order page", () => {
  it("is a proof: its cost instead of a margin, shipped (not fulfilled in Shopify), tracked", async () => {
    const proof = proofs.get(7)!;
    const body = await data<DetailBody>(
      await call(detailLoader, get(`/app/orders/${proof.id}`), { id: proof.id }),
    );
    expect(body.order.shopifyOrderName).toBe("Proof P7");
    expect(body.order.kind).toBe("proof");
    expect(body.order.status).toBe("fulfilled");
    expect(body.order.shownStatus).toBe("shipped");
    expect(body.order.proof).toEqual({ cost: { amountMinor: 1170, currency: "EUR" }, copies: 2 });
    expect(body.order.tracking).toMatchObject({ code: "3SPOST123" });
    expect(body.order.items).toEqual([
      expect.objectContaining({ title: "Dotted Notebook A5", quantity: 2, shopPrice: null }),
    ]);
    expect(body.order.events.map((e) => e.message)).toEqual(["You ordered Proof P7."]);
  });

  it("has no cost yet before the quote; a sale's page is no proof", async () => {
    const unquoted = await seedProof(DEMO_SHOP, {
      n: 99,
      at: new Date(T0 - 3_600_000),
      wholesaleTotalMinor: null,
    });
    const body = await data<DetailBody>(
      await call(detailLoader, get(`/app/orders/${unquoted.id}`), { id: unquoted.id }),
    );
    expect(body.order.proof).toEqual({ cost: null, copies: 1 });
    expect(body.order.shownStatus).toBe("pending");
    const sale = await prisma.printOrder.findFirstOrThrow({
      where: { shop: DEMO_SHOP, shopifyOrderName: "#1001" },
    });
    const saleBody = await data<DetailBody>(
      await call(detailLoader, get(`/app/orders/${sale.id}`), { id: sale.id }),
    );
    expect(saleBody.order.kind).toBe("sale");
    expect(saleBody.order.proof).toBeNull();
  });

  it("is another shop's to no one: 404 for its page and its actions", async () => {
    const other = await prisma.printOrder.findFirstOrThrow({ where: { shop: OTHER_SHOP } });
    expect(
      (await call(detailLoader, get(`/app/orders/${other.id}`), { id: other.id })).status,
    ).toBe(404);
    const action = await call(detailAction, post(`/app/orders/${other.id}`, { intent: "cancel" }), {
      id: other.id,
    });
    expect(action.status).toBe(404);
  });
});

describe("Home with proofs", () => {
  it("counts proofs in the tiles and lists a proof that needs attention as a proof", async () => {
    const deferred = (await homeLoader({
      request: get("/app"),
      params: {},
      context: {} as AppLoadContext,
    })) as unknown as {
      data: {
        counts: Record<string, number>;
        attention: { id: string; shopifyOrderName: string; kind: string; reason: string }[];
        activity: { shopOrderName: string }[];
        setupCheck: Promise<unknown>;
      };
    };
    const body = deferred.data;
    const stored = await prisma.printOrder.count({ where: { shop: DEMO_SHOP } });
    expect(Object.values(body.counts).reduce((a, b) => a + b, 0)).toBe(stored);
    const proof = body.attention.find((a) => a.id === proofs.get(5)!.id);
    expect(proof).toMatchObject({ shopifyOrderName: "Proof P5", kind: "proof" });
    expect(proof!.reason).toMatch(/credit/);
    expect(body.attention.filter((a) => a.kind === "sale")).toEqual([]);
    expect(body.activity.some((a) => a.shopOrderName.startsWith("Proof P"))).toBe(true);
    await body.setupCheck.catch(() => null);
  });
});
