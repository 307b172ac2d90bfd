import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { recordInstall } from "~/data/shop.server";
import { loader as settingsLoader, action as settingsAction } from "~/routes/app.settings";
import { loader as offLoader, action as offAction } from "~/routes/alerts.off/route";
import { alertOffUrl } from "~/services/alerts/off-link";
import { TEST_API_SECRET, TEST_APP_URL } from "../support/app-env";
import { call, data, DEMO_SHOP, get, post, startAdminEnv, type AdminEnv } from "./helpers";

/**
 * Settings' alerts section through its route (its own form, intent "alerts"), and the signed
 * link at the foot of every alert e-mail that turns that kind off without signing in.
 */
let env: AdminEnv;
beforeAll(async () => {
  env = await startAdminEnv();
  await recordInstall({ shop: DEMO_SHOP, scopes: "" });
  await recordInstall({ shop: "other-shop.myshopify.com", scopes: "" });
});
afterAll(async () => {
  await env?.close();
});

type Alerts = {
  alertEmail: string;
  attention: boolean;
  webhooks: boolean;
  payment: boolean;
  prices: boolean;
  weekly: boolean;
  last: unknown;
  lastFailed: unknown;
};
const alerts = async () =>
  (await data<{ alerts: Alerts }>(await call(settingsLoader, get("/app/settings")))).alerts;
const attentionOn = async (shop: string) =>
  (await prisma.shop.findUniqueOrThrow({ where: { shop } })).alertsAttention;

describe("Settings: alerts by e-mail", () => {
  it("start on, to the shop's own address, and save on their own", async () => {
    expect(await alerts()).toEqual({
      alertEmail: "",
      attention: true,
      webhooks: true,
      payment: true,
      prices: true,
      weekly: true,
      last: null,
      lastFailed: null,
    });
    const refused = await call(
      settingsAction,
      post("/app/settings", { intent: "alerts", alertEmail: "orders@", attention: "on" }),
    );
    expect(await data(refused)).toEqual({
      intent: "alerts",
      ok: false,
      fieldErrors: { alertEmail: "Enter an e-mail address such as orders@yourshop.com" },
    });
    expect((await alerts()).alertEmail).toBe("");

    const saved = await call(
      settingsAction,
      post("/app/settings", {
        intent: "alerts",
        alertEmail: " orders@shop.example ",
        webhooks: "on",
        weekly: "on",
      }),
    );
    expect(await data(saved)).toEqual({ intent: "alerts", ok: true });
    expect(await alerts()).toMatchObject({
      alertEmail: "orders@shop.example",
      attention: false,
      webhooks: true,
      payment: false,
      prices: false,
      weekly: true,
    });
  });
});

describe("the link that turns alerts off", () => {
  const link = (shop: string) =>
    new URL(alertOffUrl(TEST_APP_URL, TEST_API_SECRET, shop, "attention"));
  const form = (url: URL) =>
    new Request(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        shop: url.searchParams.get("shop")!,
        kind: url.searchParams.get("kind")!,
        sig: url.searchParams.get("sig")!,
      }),
    });

  it("asks when opened and turns that kind off only when confirmed", async () => {
    await prisma.shop.updateMany({ data: { alertsAttention: true } });
    const url = link(DEMO_SHOP);
    const opened = await call(offLoader, new Request(url));
    expect(opened.status).toBe(200);
    expect(await attentionOn(DEMO_SHOP)).toBe(true);

    const confirmed = await call(offAction, form(url));
    expect(await data(confirmed)).toEqual({ done: true, shop: DEMO_SHOP, kind: "attention" });
    expect(await attentionOn(DEMO_SHOP)).toBe(false);
    expect(await attentionOn("other-shop.myshopify.com")).toBe(true);
  });

  it("turns off only the kind its e-mail was about, and its signature is that kind's own", async () => {
    await prisma.shop.updateMany({ data: { alertsAttention: true, alertsWebhooks: true } });
    const webhooksOn = async () =>
      (await prisma.shop.findUniqueOrThrow({ where: { shop: DEMO_SHOP } })).alertsWebhooks;
    const url = new URL(alertOffUrl(TEST_APP_URL, TEST_API_SECRET, DEMO_SHOP, "webhooks"));
    // The webhooks link's signature does not turn attention alerts off.
    const swapped = new URL(url);
    swapped.searchParams.set("kind", "attention");
    expect((await call(offAction, form(swapped))).status).toBe(400);

    expect(await data(await call(offAction, form(url)))).toEqual({
      done: true,
      shop: DEMO_SHOP,
      kind: "webhooks",
    });
    expect(await webhooksOn()).toBe(false);
    expect(await attentionOn(DEMO_SHOP)).toBe(true);
  });

  it.each(["prices", "weekly"] as const)(
    "turns off the %s e-mails from their own link, and says what still shows",
    async (kind) => {
      await prisma.shop.updateMany({ data: { alertsPrices: true, alertsWeekly: true } });
      const on = async () => {
        const row = await prisma.shop.findUniqueOrThrow({ where: { shop: DEMO_SHOP } });
        return { prices: row.alertsPrices, weekly: row.alertsWeekly };
      };
      const url = new URL(alertOffUrl(TEST_APP_URL, TEST_API_SECRET, DEMO_SHOP, kind));
      const opened = await call(offLoader, new Request(url));
      expect(opened.status).toBe(200);
      expect(await on()).toEqual({ prices: true, weekly: true });
      // The other kind's signature does not do.
      const swapped = new URL(url);
      swapped.searchParams.set("kind", kind === "prices" ? "weekly" : "prices");
      expect((await call(offAction, form(swapped))).status).toBe(400);

      expect(await data(await call(offAction, form(url)))).toEqual({
        done: true,
        shop: DEMO_SHOP,
        kind,
      });
      expect(await on()).toEqual({ prices: kind !== "prices", weekly: kind !== "weekly" });
      expect((await alerts())[kind]).toBe(false);
    },
  );

  it("refuses an altered link, or one shop's signature on another shop", async () => {
    await prisma.shop.updateMany({ data: { alertsAttention: true } });
    const altered = link(DEMO_SHOP);
    altered.searchParams.set("sig", `${altered.searchParams.get("sig")!.slice(0, -2)}xx`);
    expect((await call(offLoader, new Request(altered))).status).toBe(400);
    expect((await call(offAction, form(altered))).status).toBe(400);

    const borrowed = link(DEMO_SHOP);
    borrowed.searchParams.set("shop", "other-shop.myshopify.com");
    expect((await call(offAction, form(borrowed))).status).toBe(400);
    expect(await attentionOn("other-shop.myshopify.com")).toBe(true);
    expect(await attentionOn(DEMO_SHOP)).toBe(true);
  });
});
