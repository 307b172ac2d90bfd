import "../support/app-env";
import { createRequire } from "node:module";
import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";
import { AppProvider } from "@shopify/polaris";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import OrderPage, { loader as orderLoader } from "~/routes/app.orders.$id";
import { mintSessionToken } from "../../sandbox/shopify";
import { TEST_API_KEY, TEST_API_SECRET, TEST_APP_URL } from "../support/app-env";
import {
  MAPPINGS,
  placePaidOrder,
  printOrdersOf,
  SHOP,
  startHarness,
  type Harness,
} from "../support/fulfilment-harness";

/**
 * URLs from outside (a customer's "Print file" property, the print service's
 * tracking URL) become links in the admin. A `javascript:` URL there runs in
 * the app's origin: only http(s) is stored, and only http(s) is rendered.
 */

const JS_URL = "javascript:alert(document.domain)";
const polarisEnglish = createRequire(import.meta.url)(
  "@shopify/polaris/locales/en.json",
) as ComponentProps<typeof AppProvider>["i18n"];

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.map(MAPPINGS.photoBook);
  await h.map(MAPPINGS.notebook);
});
afterAll(async () => {
  await h?.close();
});

/** The order page as the server renders it: the real loader, then the route's component. */
async function orderPageHtml(printOrderId: string): Promise<string> {
  const handler = createStaticHandler([
    {
      id: "routes/app",
      path: "/app",
      loader: () => ({ format: { locale: "en", timeZone: "UTC" } }),
      children: [
        {
          id: "routes/app.orders.$id",
          path: "orders/:id",
          loader: (args) => orderLoader({ ...args, context: {} }),
          Component: OrderPage,
        },
      ],
    },
  ]);
  const token = mintSessionToken({ apiKey: TEST_API_KEY, apiSecret: TEST_API_SECRET, shop: SHOP });
  const context = await handler.query(
    new Request(`${TEST_APP_URL}/app/orders/${printOrderId}`, {
      headers: { Authorization: `Bearer ${token}` },
    }),
  );
  if (context instanceof Response) throw new Error(`order page answered ${context.status}`);
  expect(context.errors).toBeNull();
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(
    createElement(
      AppProvider,
      { i18n: polarisEnglish },
      createElement(StaticRouterProvider, { router, context, hydrate: false }),
    ),
  );
}

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);

describe("a customer's print file property", () => {
  it("is not stored as the file when it is not an http(s) URL, and the order asks the merchant", async () => {
    const { order, deliveries } = await placePaidOrder(h, [
      { variantId: MAPPINGS.notebook.variantId, properties: { "Print file": JS_URL } },
    ]);
    expect(deliveries.map((d) => d.attempts.at(-1)?.status)).toEqual([200]);
    let [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder?.items.map((i) => i.fileDetails)).toEqual([null]);

    await h.worker().drain();
    [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder).toMatchObject({
      status: "needs_attention",
      lastErrorCode: "FILE_URL_INVALID",
      lastErrorMessage: expect.stringMatching(/"Print file".*not a web address \(http or https\)/),
    });
    // Nothing went to the print service.
    expect(
      h.sandbox.control.orders().filter((o) => o.reference === printOrder!.orderReference),
    ).toEqual([]);

    const html = await orderPageHtml(printOrder!.id);
    expect(html).toContain("not a web address");
    expect(hrefs(html).filter((href) => /^\s*javascript:/i.test(href))).toEqual([]);
    expect(html).not.toContain("javascript:");
  });
});

describe("the print service's tracking URL", () => {
  it("is not stored, linked or sent to Shopify when it is not an http(s) URL", async () => {
    const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
    const worker = h.worker();
    await worker.drain();
    let [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("paid");

    h.sandbox.control.advance({
      orderId: printOrder!.printOrderId!,
      to: "SHIPPED",
      tracking: { code: "TRACK-JS-1", url: JS_URL },
    });
    await h.sandbox.control.waitForCallbacks();
    await worker.drain();
    [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder).toMatchObject({
      status: "fulfilled",
      trackingCode: "TRACK-JS-1",
      trackingUrl: null,
    });
    const fulfillment = h.shopify.control.getOrder(order.id)!.fulfillments[0]!;
    expect(fulfillment.trackingInfo.map((t) => [t.number, t.url ?? null])).toEqual([
      ["TRACK-JS-1", null],
    ]);

    const html = await orderPageHtml(printOrder!.id);
    expect(html).toContain("TRACK-JS-1");
    expect(html).not.toContain("javascript:");
  });
});

describe("the order page", () => {
  it("makes no link of a stored javascript: URL (a row written before the rule)", async () => {
    const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
    const [printOrder] = await printOrdersOf(order.legacyId);
    await prisma.printOrder.update({
      where: { id: printOrder!.id },
      data: { trackingCode: "OLD-ROW-1", trackingUrl: JS_URL },
    });
    await prisma.printOrderItem.update({
      where: { id: printOrder!.items[0]!.id },
      data: { fileDetails: JSON.stringify({ contentUrl: JS_URL, numberOfPages: 24 }) },
    });

    const html = await orderPageHtml(printOrder!.id);
    expect(html).toContain("OLD-ROW-1");
    expect(hrefs(html).filter((href) => /^\s*javascript:/i.test(href))).toEqual([]);
    expect(hrefs(html).join(" ")).not.toContain("javascript:");
  });
});
