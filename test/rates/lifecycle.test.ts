import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { sessionStorage } from "~/shopify.server";
import { resumeCarrierRates } from "~/services/rates/app.server";
import { saveCarrierState } from "~/models/carrier.server";
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
