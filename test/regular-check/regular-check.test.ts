/**
 * The regular check with Shopify through the real path: the Shopify stand-in over HTTP (the
 * Shopify library's offline session), the orders/paid route for the webhooks, the database,
 * the fulfilment worker and the print sandbox. Issue 26's proof: 50 orders whose webhooks are
 * lost, 10 whose webhooks come late, 10 delivered normally; after one round each of the 70 is
 * printed and paid exactly once; a second round and the late webhooks change nothing.
 */
import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { recordInstall, recordUninstall, storedShopContact } from "~/data/shop.server";
import { runRegularCheck } from "~/lib/regular-check.server";
import { settle, SHOP, startHarness, type Harness } from "../support/fulfilment-harness";
import {
  appState,
  deliverLateWebhooks,
  expectEachPrintedAndPaidOnce,
  LATE,
  LOST,
  placeOrders,
  type PlacedOrders,
} from "./scenario";

/** Installed, but its token is gone (no offline session): its look fails, alone. */
const REVOKED_SHOP = "a-revoked-shop.myshopify.com";
/** Uninstalled: never asked. */
const UNINSTALLED_SHOP = "b-uninstalled-shop.myshopify.com";

describe("the regular check with Shopify", () => {
  let h: Harness;
  let placed: PlacedOrders;

  beforeAll(async () => {
    h = await startHarness();
    placed = await placeOrders(h);
    await prisma.shop.create({ data: { shop: REVOKED_SHOP } });
    await prisma.shop.create({ data: { shop: UNINSTALLED_SHOP, uninstalledAt: new Date() } });
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it("finds every paid order no webhook brought, once, even with two instances at once", async () => {
    expect(await prisma.shopOrder.count({ where: { shop: SHOP } })).toBe(10);

    // Two instances start their round at the same moment: the shop's lease lets one look.
    const rounds = await Promise.all([
      runRegularCheck({ owner: "instance-a" }),
      runRegularCheck({ owner: "instance-b" }),
    ]);
    const demoLooks = rounds.flatMap((r) => r.looks.filter((l) => l.shop === SHOP));
    expect(demoLooks.map((l) => l.outcome).sort()).toEqual(["busy", "checked"]);
    const checked = demoLooks.find((l) => l.outcome === "checked");
    // All 70 paid orders are in the window: 5 pages of 15.
    expect(checked).toMatchObject({ found: LOST + LATE, complete: true, pages: 5 });

    // One shop's failure stops nobody; an uninstalled shop is not asked.
    const looked = rounds.flatMap((r) => r.looks.map((l) => l.shop));
    expect(looked).not.toContain(UNINSTALLED_SHOP);
    const revoked = rounds.flatMap((r) => r.looks).filter((l) => l.shop === REVOKED_SHOP);
    expect(revoked.map((l) => l.outcome)).toContain("failed");
    const revokedRow = await prisma.regularCheck.findUniqueOrThrow({
      where: { shop: REVOKED_SHOP },
    });
    expect(revokedRow.lastProblem).toMatch(
      /^Print Connect has lost its access to your Shopify store\. Open it from your Shopify admin/,
    );
    expect(revokedRow.checkedThrough).toBeNull();
    expect(revokedRow.leaseOwner).toBeNull();

    const sync = await prisma.regularCheck.findUniqueOrThrow({ where: { shop: SHOP } });
    expect(sync).toMatchObject({ ordersFound: LOST + LATE, lastProblem: null, leaseOwner: null });
    expect(sync.checkedThrough).not.toBeNull();

    await settle(h.worker(), 30_000);
    await expectEachPrintedAndPaidOnce(h, placed);
  }, 90_000);

  it("changes nothing on a second round or when the late webhooks arrive", async () => {
    const before = await appState();

    const second = await runRegularCheck({ owner: "instance-a" });
    expect(second.found).toBe(0);
    expect(second.looks.find((l) => l.shop === SHOP)).toMatchObject({
      outcome: "checked",
      found: 0,
    });

    // The orders the check took: their webhooks now arrive, and are answered as already planned.
    expect(await deliverLateWebhooks(h, placed.late)).toEqual(
      Array.from({ length: LATE }, () => "already_planned"),
    );
    await settle(h.worker(), 30_000);

    expect(await appState()).toEqual(before);
    expect(
      (await prisma.regularCheck.findUniqueOrThrow({ where: { shop: SHOP } })).ordersFound,
    ).toBe(LOST + LATE);
    await expectEachPrintedAndPaidOnce(h, placed);
  }, 60_000);

  it("keeps the contact of a shop that has none kept, for the e-mail if its access is lost", async () => {
    // As for a shop installed before contacts were kept, and not signed in since.
    await prisma.shop.update({
      where: { shop: SHOP },
      data: { contactName: null, contactEmail: null },
    });
    expect(await storedShopContact(SHOP)).toBeNull();

    await runRegularCheck({ owner: "instance-a" });
    expect(await storedShopContact(SHOP)).toEqual({
      name: "Print Connect Demo",
      email: "owner@print-connect-demo.example",
    });
    // The shop without a session fails its own look, and has nothing kept.
    expect(await storedShopContact(REVOKED_SHOP)).toBeNull();
  });

  it("starts a reinstalled shop's check at the reinstall, not at orders paid while it was away", async () => {
    const shop = "c-returning-shop.myshopify.com";
    await recordInstall({ shop, scopes: "read_orders" });
    const longAgo = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
    await prisma.regularCheck.create({ data: { shop, checkedThrough: longAgo } });
    await recordUninstall({ shop });
    const before = Date.now();
    await recordInstall({ shop, scopes: "read_orders" });
    const sync = await prisma.regularCheck.findUniqueOrThrow({ where: { shop } });
    expect(sync.checkedThrough!.getTime()).toBeGreaterThanOrEqual(before);
    // Signing in again without an uninstall between leaves the window alone.
    await recordInstall({ shop, scopes: "read_orders" });
    expect(await prisma.regularCheck.findUniqueOrThrow({ where: { shop } })).toEqual(sync);
  });
});
