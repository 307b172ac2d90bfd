/**
 * The app registers its Shopify fulfillment service, "Print Connect", when a shop installs it,
 * on the next visit of a shop that had not granted the scope, once per shop, and again after a
 * reinstall: through the Shopify library's real token exchange and the stand-in's Admin API.
 */
import "../support/app-env";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_SCOPES, mintSessionToken } from "../../sandbox/shopify";
import prisma from "~/db.server";
import { unauthenticated } from "~/shopify.server";
import { loader as appLayout } from "~/routes/app";
import { ensureFulfillmentService } from "~/lib/fulfillment-service.server";
import { adminGraphql } from "~/services/shopify-admin";
import { registerFulfillmentService } from "~/services/fulfillment-service/registration";
import { TEST_API_KEY, TEST_API_SECRET, TEST_APP_URL } from "../support/app-env";
import { MAPPINGS, SHOP, startRatesHarness, type RatesHarness } from "../rates/harness";

const CALLBACK_URL = `${TEST_APP_URL}/fulfillment-service`;
/** What a shop installed before the app was a fulfillment service granted. */
const EARLIER_SCOPES = DEFAULT_SCOPES.split(",")
  .filter((s) => !/fulfillments$|assigned_fulfillment_orders$|^write_inventory$/.test(s))
  .join(",");

let h: RatesHarness;

beforeAll(async () => {
  h = await startRatesHarness();
});
afterAll(async () => {
  await h?.close();
});

const stored = () =>
  prisma.shop.findUniqueOrThrow({
    where: { shop: SHOP },
    select: {
      fulfillmentServiceId: true,
      fulfillmentLocationId: true,
      scopes: true,
      serviceMoveAt: true,
    },
  });

/** Opens an app page as the merchant does (the layout's loader runs first). */
async function visit(): Promise<void> {
  const token = mintSessionToken({ apiKey: TEST_API_KEY, apiSecret: TEST_API_SECRET, shop: SHOP });
  const response = await appLayout({
    request: new Request(`${TEST_APP_URL}/app`, { headers: { Authorization: `Bearer ${token}` } }),
    params: {},
    context: {},
  });
  expect(response.status).toBe(200);
}

describe("the app's fulfillment service", () => {
  beforeEach(() => {
    h.shopify.control.setScopes(SHOP, DEFAULT_SCOPES);
  });

  it("is registered at install, with tracking, its location kept, once", async () => {
    const services = h.shopify.control.fulfillmentServices(SHOP);
    expect(services).toEqual([
      expect.objectContaining({
        serviceName: "Print Connect",
        handle: "print-connect",
        callbackUrl: CALLBACK_URL,
        trackingSupport: true,
        location: expect.objectContaining({ name: "Print Connect" }),
      }),
    ]);
    expect(await stored()).toMatchObject({
      fulfillmentServiceId: services[0]!.id,
      fulfillmentLocationId: services[0]!.location.id,
      // Nothing was mapped, so nothing moves: a new shop starts in the service model.
      serviceMoveAt: expect.any(Date),
    });
    // Signing in again finds it: no second service, the same ids.
    await h.install();
    expect(h.shopify.control.fulfillmentServices(SHOP).map((s) => s.id)).toEqual([services[0]!.id]);
    expect((await stored()).fulfillmentServiceId).toBe(services[0]!.id);
  });

  it("waits for the scope on a shop installed before, and registers on its next visit once granted", async () => {
    // A shop installed before: no service, the earlier scopes.
    await h.shopify.control.uninstallApp(SHOP);
    h.shopify.control.setScopes(SHOP, EARLIER_SCOPES);
    await h.install();
    expect(await stored()).toMatchObject({
      fulfillmentServiceId: null,
      fulfillmentLocationId: null,
      scopes: EARLIER_SCOPES,
    });
    expect(h.shopify.control.fulfillmentServices(SHOP)).toEqual([]);
    const admin = async () => (await unauthenticated.admin(SHOP)).admin;
    expect(await ensureFulfillmentService({ shop: SHOP, admin })).toBeNull();

    // The shop prints a mapped variant in its own model.
    await h.map(MAPPINGS.photoBook);

    // The merchant grants the new scopes (Home's "needs more access"); app/scopes_update records them.
    h.shopify.control.setScopes(SHOP, DEFAULT_SCOPES);
    await prisma.shop.update({ where: { shop: SHOP }, data: { scopes: DEFAULT_SCOPES } });
    await visit();
    await vi.waitFor(async () => {
      expect((await stored()).fulfillmentServiceId).toMatch(
        /^gid:\/\/shopify\/FulfillmentService\//,
      );
    });
    const [service] = h.shopify.control.fulfillmentServices(SHOP);
    expect(await stored()).toMatchObject({
      fulfillmentServiceId: service!.id,
      fulfillmentLocationId: service!.location.id,
      // It has mappings: it keeps its own model until the merchant confirms the move.
      serviceMoveAt: null,
    });
    await prisma.variantMapping.deleteMany({ where: { shop: SHOP } });
  });

  it("forgets the service at uninstall (Shopify removes it) and registers it again on reinstall", async () => {
    const before = (await stored()).fulfillmentServiceId;
    expect(before).not.toBeNull();
    await h.shopify.control.uninstallApp(SHOP);
    expect(h.shopify.control.fulfillmentServices(SHOP)).toEqual([]);
    expect(await stored()).toMatchObject({
      fulfillmentServiceId: null,
      fulfillmentLocationId: null,
    });
    await h.install();
    const after = await stored();
    expect(after.fulfillmentServiceId).toMatch(/^gid:\/\/shopify\/FulfillmentService\//);
    expect(after.fulfillmentServiceId).not.toBe(before);
    expect(h.shopify.control.fulfillmentServices(SHOP).map((s) => s.id)).toEqual([
      after.fulfillmentServiceId,
    ]);
  });

  it("takes over a service registered at another address (the app moved) instead of making a second", async () => {
    const { admin } = await unauthenticated.admin(SHOP);
    const graphql = adminGraphql(admin);
    const current = (await stored()).fulfillmentServiceId!;
    const moved = await registerFulfillmentService(graphql, {
      callbackUrl: "https://print-connect.example/fulfillment-service",
    });
    expect(moved.serviceId).toBe(current);
    expect(h.shopify.control.fulfillmentServices(SHOP)).toEqual([
      expect.objectContaining({
        id: current,
        callbackUrl: "https://print-connect.example/fulfillment-service",
      }),
    ]);
    // And back: the same service, this app's address again.
    await registerFulfillmentService(graphql, { callbackUrl: CALLBACK_URL });
    expect(h.shopify.control.fulfillmentServices(SHOP)).toEqual([
      expect.objectContaining({ id: current, callbackUrl: CALLBACK_URL }),
    ]);
  });
});
