import "../support/app-env";
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import prisma from "~/db.server";
import { sessionStorage, unauthenticated } from "~/shopify.server";
import { resumeCarrierRatesOffline as resumeCarrierRates } from "~/lib/carrier-resume.server";
import { adminGraphql } from "~/services/shopify-admin";
import { registerCarrierService } from "~/services/rates/carrier-service";
import { saveCarrierState } from "~/data/carrier.server";
import { TEST_API_SECRET, TEST_APP_URL } from "../support/app-env";
import { SHOP, startRatesHarness, type RatesHarness } from "./harness";

let h: RatesHarness;
const offlineId = `offline_${SHOP}`;

beforeAll(async () => {
  h = await startRatesHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("expiring offline tokens", () => {
  it("registers the carrier service in the background with an expired offline session: the token is refreshed and rotated", async () => {
    // GIVEN the merchant turned rates on, and the stored offline token has expired
    await saveCarrierState({ shop: SHOP, enabled: true, carrierServiceId: null });
    const stored = await sessionStorage.loadSession(offlineId);
    expect(stored?.refreshToken).toMatch(/^shprt_/);
    const oldToken = stored!.accessToken;
    stored!.expires = new Date(Date.now() - 60_000);
    await sessionStorage.storeSession(stored!);
    expect(h.shopify.control.expireAccessTokens(SHOP)).toBeGreaterThan(0);

    // WHEN background work calls the Admin API through unauthenticated.admin
    const id = await resumeCarrierRates({ shop: SHOP });

    // THEN the call worked, the token was refreshed and the new one stored
    expect(id).toMatch(/^gid:\/\/shopify\/DeliveryCarrierService\/\d+$/);
    expect(h.shopify.control.listCarrierServices(SHOP).map((c) => c.id)).toEqual([id]);
    const grants = h.shopify.control
      .requestLog({ kind: "oauth" })
      .map((e) => (e as { grantType?: string }).grantType);
    expect(grants).toContain("refresh_token");
    const refreshed = await sessionStorage.loadSession(offlineId);
    expect(refreshed!.accessToken).not.toBe(oldToken);
    expect(refreshed!.expires!.getTime()).toBeGreaterThan(Date.now());
    expect((await prisma.shop.findUniqueOrThrow({ where: { shop: SHOP } })).carrierServiceId).toBe(
      id,
    );
  });
});

describe("uninstall and reinstall", () => {
  it("forgets the carrier service at uninstall, keeps the choice, and registers it again on reinstall", async () => {
    // WHEN Shopify uninstalls the app (the stand-in revokes tokens and sends app/uninstalled)
    const deliveries = await h.shopify.control.uninstallApp(SHOP);
    expect(deliveries.map((d) => d.attempts.at(-1)?.status)).toEqual([200]);

    // THEN sessions are gone, the carrier service id is forgotten, the choice and data stay
    expect(await sessionStorage.findSessionsByShop(SHOP)).toHaveLength(0);
    const after = await prisma.shop.findUniqueOrThrow({ where: { shop: SHOP } });
    expect(after).toMatchObject({ carrierRatesEnabled: true, carrierServiceId: null });
    expect(after.uninstalledAt).toBeInstanceOf(Date);
    // Nothing can be done for an uninstalled shop.
    expect(await resumeCarrierRates({ shop: SHOP })).toBeNull();

    // WHEN the merchant installs again (the install hook resumes rates)
    await h.install();

    // THEN rates are back without the merchant doing anything
    const { carrierServiceId: id } = await prisma.shop.findUniqueOrThrow({ where: { shop: SHOP } });
    expect(id).toMatch(/^gid:\/\/shopify\/DeliveryCarrierService\//);
    const services = h.shopify.control.listCarrierServices(SHOP);
    expect(services.filter((s) => s.active).map((s) => s.id)).toContain(id);
    expect(await prisma.shop.findUniqueOrThrow({ where: { shop: SHOP } })).toMatchObject({
      carrierServiceId: id,
      uninstalledAt: null,
    });
    // And a second call has nothing to do.
    expect(await resumeCarrierRates({ shop: SHOP })).toBeNull();
  });
});

describe("registrations made before shops had their own callback URL", () => {
  /** The state an older version left: registered at the unbound URL, no token. */
  async function registeredAtUnboundUrl() {
    await prisma.shop.update({ where: { shop: SHOP }, data: { carrierCallbackToken: null } });
    const { admin } = await unauthenticated.admin(SHOP);
    const id = await registerCarrierService(adminGraphql(admin), {
      callbackUrl: `${TEST_APP_URL}/carrier/rates`,
    });
    await saveCarrierState({ shop: SHOP, enabled: true, carrierServiceId: id });
    expect(h.shopify.control.listCarrierServices(SHOP).map((s) => s.callbackUrl)).toEqual([
      `${TEST_APP_URL}/carrier/rates`,
    ]);
    return id;
  }
  const ownUrl = async () => {
    const { carrierCallbackToken } = await prisma.shop.findUniqueOrThrow({ where: { shop: SHOP } });
    expect(carrierCallbackToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return `${TEST_APP_URL}/carrier/rates/${carrierCallbackToken}`;
  };

  it("moves the registration to the shop's own URL when rates are resumed", async () => {
    const id = await registeredAtUnboundUrl();
    expect(await resumeCarrierRates({ shop: SHOP })).toBe(id);
    expect(h.shopify.control.listCarrierServices(SHOP)).toMatchObject([
      { id, callbackUrl: await ownUrl(), active: true },
    ]);
    expect(await resumeCarrierRates({ shop: SHOP })).toBeNull();
  });

  it("answers checkout at the unbound URL once, moves the registration, then refuses the unbound URL", async () => {
    const id = await registeredAtUnboundUrl();
    // Checkout calls the old URL: answered (no print items mapped here: no rates).
    const first = await h.shopify.control.requestShippingRates({ shop: SHOP });
    expect(first.status).toBe(200);
    // ... and the registration is moved in the background.
    await vi.waitFor(async () => {
      expect(h.shopify.control.listCarrierServices(SHOP)).toMatchObject([
        { id, callbackUrl: await ownUrl() },
      ]);
    });
    const next = await h.shopify.control.requestShippingRates({ shop: SHOP });
    expect(next.status).toBe(200);
    // The unbound URL no longer answers for this shop.
    const body = JSON.stringify({ rate: { destination: { country: "NL" }, items: [] } });
    const unbound = await fetch(`${h.appUrl}/carrier/rates`, {
      method: "POST",
      body,
      headers: {
        "X-Shopify-Hmac-Sha256": createHmac("sha256", TEST_API_SECRET)
          .update(body)
          .digest("base64"),
        "X-Shopify-Shop-Domain": SHOP,
      },
    });
    expect(unbound.status).toBe(401);
  });
});
