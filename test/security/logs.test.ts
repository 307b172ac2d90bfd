import "./trace-env";
import "../support/app-env";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import prisma from "~/db.server";
import { fulfilmentStore } from "~/data/fulfilment.server";
import { getLogger } from "~/lib/logger.server";
import { printClientFor } from "~/lib/print-client.server";
import { shopifyAdmin } from "~/lib/admin-client.server";
import { FulfilmentWorker } from "~/services/fulfilment/worker";
import { paymentSecret } from "~/services/print";
import { mintSessionToken } from "../../sandbox/shopify";
import { loader as ordersList } from "~/routes/app.orders._index";
import { TEST_API_KEY, TEST_API_SECRET, TEST_APP_URL } from "../support/app-env";
import {
  ADDRESS_NL,
  fastRetry,
  MAPPINGS,
  placePaidOrder,
  printOrdersOf,
  SANDBOX_KEYS,
  settle,
  startHarness,
  type Harness,
} from "../support/fulfilment-harness";

/**
 * Every line the process logger writes, at level trace. The app has no way to
 * give getLogger() a destination, so the test swaps only getLogger for one
 * built with the app's own createLogger (same redaction) writing here.
 */
const captured = vi.hoisted(() => ({ lines: [] as string[] }));
vi.mock("~/lib/logger.server", async (importOriginal) => {
  const mod = await importOriginal<typeof import("~/lib/logger.server")>();
  const destination = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      captured.lines.push(String(chunk));
      callback();
    },
  });
  const root = mod.createLogger({ level: "trace", destination });
  return { ...mod, getLogger: () => root };
});

const CUSTOMER = {
  email: "wilhelmina.oranje@example.com",
  firstName: "Wilhelmina",
  lastName: "Oranjeboom",
  address1: "Herengracht 502",
  phone: "+31 20 987 6543",
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  for (const mapping of Object.values(MAPPINGS)) await h.map(mapping);
});
afterAll(async () => {
  await h?.close();
});

function worker() {
  // What app/worker.server.ts builds, with the test's fast retries.
  return new FulfilmentWorker(
    {
      store: fulfilmentStore(prisma),
      printClientFor: (shop) => printClientFor(shop, { retry: fastRetry }),
      shopify: shopifyAdmin,
      logger: getLogger().child({ component: "worker" }),
    },
    { baseBackoffMs: 1, maxBackoffMs: 5, leaseMs: 5_000 },
  );
}

describe("logs at level trace over a whole order flow", () => {
  it("carry no key, secret, token or customer personal data", async () => {
    const w = worker();

    // A paid order goes to print: created, paid, shipped (status callback), fulfilled.
    const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }], {
      email: CUSTOMER.email,
      shippingAddress: {
        firstName: CUSTOMER.firstName,
        lastName: CUSTOMER.lastName,
        address1: CUSTOMER.address1,
        phone: CUSTOMER.phone,
      },
    });
    await settle(w);
    let [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("paid");
    h.sandbox.control.advance({ orderId: printOrder!.printOrderId!, to: "SHIPPED" });
    await h.sandbox.control.waitForCallbacks();
    await settle(w);
    [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("fulfilled");

    // An order that needs the merchant: no street.
    const { order: incomplete } = await placePaidOrder(
      h,
      [{ variantId: MAPPINGS.novel.variantId }],
      {
        email: CUSTOMER.email,
        shippingAddress: {
          firstName: CUSTOMER.firstName,
          lastName: CUSTOMER.lastName,
          address1: null,
          phone: CUSTOMER.phone,
        },
      },
    );
    await settle(w);
    const [attention] = await printOrdersOf(incomplete.legacyId);
    expect(attention?.status).toBe("needs_attention");

    // A status callback with a bad signature, and one signed with the right key.
    const callbackUrl = `${h.appUrl}/webhooks/print/${h.callbackId}`;
    const bad = await fetch(callbackUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        order_id: printOrder!.printOrderId,
        signature: paymentSecret("not-the-secret", printOrder!.printOrderId!),
        new_status: "SHIPPED",
      }),
    });
    expect(bad.status).toBe(401);
    const good = await fetch(callbackUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        order_id: printOrder!.printOrderId,
        signature: paymentSecret(SANDBOX_KEYS.secretKey, printOrder!.printOrderId!),
        new_status: "SHIPPED",
      }),
    });
    expect(good.status).toBe(200);
    await settle(w);
    await w.stop();

    const text = captured.lines.join("");
    // The capture works and saw the flow at every level it has.
    expect(captured.lines.length).toBeGreaterThan(20);
    expect(text).toContain('"msg":"print request"');
    expect(text).toContain("status callback rejected");
    expect(text).toContain("print order needs attention");
    expect(text).toMatch(/"level":(10|20)/);

    const tokens = h.shopify.control.listTokens();
    expect(tokens.length).toBeGreaterThan(0);
    const forbidden: Record<string, string> = {
      "print secret key": SANDBOX_KEYS.secretKey,
      "merchant API key": SANDBOX_KEYS.merchantApiKey,
      "Shopify app secret": "test-api-secret",
      "customer email": CUSTOMER.email,
      "customer first name": CUSTOMER.firstName,
      "customer last name": CUSTOMER.lastName,
      "customer street": CUSTOMER.address1,
      "customer phone": CUSTOMER.phone,
      "harness default street": ADDRESS_NL.address1,
    };
    tokens.forEach((t, i) => {
      forbidden[`Shopify access token ${i}`] = t.token;
      if (t.refreshToken) forbidden[`Shopify refresh token ${i}`] = t.refreshToken;
    });
    expect(Object.keys(forbidden).some((k) => k.startsWith("Shopify access token"))).toBe(true);
    const leaks = Object.entries(forbidden)
      .filter(([, value]) => text.includes(value))
      .map(([what, value]) => {
        const line = captured.lines.find((l) => l.includes(value))!;
        return `${what}: ${line.slice(0, 400)}`;
      });
    expect(leaks).toEqual([]);
  });

  // The Shopify library logs plain strings, some holding the whole session token
  // at debug level; pino's field redaction never sees inside a message string,
  // so app/shopify.server.ts scrubs them (redactMessage).
  it("carry no Shopify session token of an admin request", async () => {
    const token = mintSessionToken({
      apiKey: TEST_API_KEY,
      apiSecret: TEST_API_SECRET,
      shop: "print-connect-demo.myshopify.com",
    });
    const from = captured.lines.length;
    const response = await ordersList({
      request: new Request(`${TEST_APP_URL}/app/orders`, {
        headers: { Authorization: `Bearer ${token}` },
      }),
      params: {},
      context: {},
    });
    expect(response.status).toBe(200);
    const text = captured.lines.slice(from).join("");
    expect(text).toContain("session token");
    const signature = token.split(".")[2]!;
    expect(text).not.toContain(signature);
    expect(text).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/);
  });
});
