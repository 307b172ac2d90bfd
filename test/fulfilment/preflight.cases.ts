/**
 * The print-file check in the pipeline, through the real path: signed
 * webhooks from the Shopify stand-in, the worker, real PDFs downloaded over
 * HTTP (from the print sandbox, or from a small file server of this test's own
 * whose file can be replaced behind the same URL), and the print sandbox
 * recording what was created and paid.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { getPrintOrderDetail } from "~/pages/order-detail/view.server";
import { action as orderAction, loader as orderLoader } from "~/routes/app.orders.$id";
import { parsePreflight } from "~/services/preflight";
import { printAnywayPrintOrder, retryPrintOrder } from "~/services/fulfilment/commands";
import { printOrderCommandStore } from "~/data/print-order-commands.server";
import { makePdf } from "../../sandbox/files";
import { call, data, get, post } from "../admin/helpers";
import { ATTENTION_TEXT } from "~/services/merchant-text/errors";
import {
  MAPPINGS,
  placePaidOrder,
  printOrdersOf,
  settle,
  SHOP,
  startHarness,
  type FulfilmentModel,
  type Harness,
} from "../support/fulfilment-harness";

/** Serves PDFs whose content the test may replace, and counts the downloads. */
interface FileServer {
  url: string;
  set(path: string, body: Uint8Array): void;
  downloads(path: string): number;
  close(): Promise<void>;
}

async function startFileServer(): Promise<FileServer> {
  const files = new Map<string, Uint8Array>();
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = req.url ?? "";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const body = files.get(path);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "application/pdf", "content-length": body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    set: (path, body) => files.set(path, body),
    downloads: (path) => hits.get(path) ?? 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const PHOTO_BOOK_48 = "gid://shopify/ProductVariant/20002";
const MAGAZINE = "gid://shopify/ProductVariant/20004";

/** Run in both of the shop's models (docs/decisions/0023): the same expectations hold. */
export function describePreflight(model: FulfilmentModel): void {
  let h: Harness;
  let files: FileServer;
  beforeAll(async () => {
    h = await startHarness({ model });
    files = await startFileServer();
    for (const mapping of Object.values(MAPPINGS)) await h.map(mapping);
  });
  afterAll(async () => {
    await files?.close();
    await h?.close();
  });
  afterEach(() => {
    h.sandbox.control.clearFaults();
  });

  const sandboxFile = (path: string) => `${h.sandbox.url}/files/${path}`;

  /** The hardcover A4 book (24 to 800 pages) of variant `variantId`, with this file. */
  function mapBook(variantId: string, contentUrl: string, numberOfPages: number) {
    return h.map({
      variantId,
      title: `Hardcover Photo Book - ${numberOfPages} pages`,
      offeringId: 228478,
      contentUrl,
      contentWidth: 210,
      contentHeight: 297,
      numberOfPages,
    });
  }

  /** The print sandbox's orders under this print order's reference. */
  const atService = (orderReference: string) =>
    h.sandbox.control.orders().filter((o) => o.reference === orderReference);

  const createRequestsFor = (orderReference: string) =>
    h.sandbox.control
      .requests({ op: "order.create" })
      .filter((r) => r.path.includes(orderReference));

  async function onlyPrintOrder(shopifyOrderId: string | number) {
    const printOrders = await printOrdersOf(shopifyOrderId);
    expect(printOrders).toHaveLength(1);
    return printOrders[0]!;
  }

  /** Ships the paid print order at the sandbox; the status callback leads to the Shopify fulfillment. */
  async function shipAndFulfil(printOrderId: number) {
    h.sandbox.control.advance({ orderId: printOrderId, to: "SHIPPED" });
    await h.sandbox.control.waitForCallbacks();
    await settle(h.worker());
    if (model === "service") await requestAgainInShopify(printOrderId);
  }

  /**
   * In the service model Print Connect declined Shopify's request while the order was stopped;
   * once it is fixed, the merchant chooses "Request fulfillment" in Shopify again, as the
   * decline said, and the tracking goes out.
   */
  async function requestAgainInShopify(printOrderId: number) {
    const row = await prisma.printOrder.findFirstOrThrow({ where: { shop: SHOP, printOrderId } });
    const service = h.shopify.control.fulfillmentServices(SHOP)[0]!.location.id;
    for (const fo of h.shopify.control.getOrder(row.shopifyOrderId)!.fulfillmentOrders) {
      if (fo.location.id === service && fo.requestStatus === "REJECTED")
        await h.shopify.control.requestFulfillment(fo.id);
    }
    await settle(h.worker());
  }

  describe("a mapping's print file that does not fit its product", () => {
    it("a wrong page count stops the order before anything is created or paid; after the fix and a retry it is printed once", async () => {
      await mapBook(PHOTO_BOOK_48, sandboxFile("bad/photo-book-47-pages.pdf"), 48);
      const { order } = await placePaidOrder(h, [{ variantId: PHOTO_BOOK_48 }]);
      await settle(h.worker());

      let printOrder = await onlyPrintOrder(order.legacyId);
      expect(printOrder.status).toBe("needs_attention");
      expect(printOrder.lastErrorCode).toBe("PREFLIGHT_FAILED");
      expect(printOrder.lastErrorMessage).toMatch(
        /^"Hardcover Photo Book[^"]*": Your PDF has 47 pages; .* needs 48 pages/,
      );
      expect(printOrder.lastErrorAction).toBe(ATTENTION_TEXT.preflightFailed.action);
      expect(printOrder.resumeStatus).toBe("pending");
      // The order page says where the corrected file goes: this product's mapping, with its page.
      const page = await data<{
        order: { items: { fileSource: unknown; fileCheck: { status: string } | null }[] };
      }>(await call(orderLoader, get(`/app/orders/${printOrder.id}`), { id: printOrder.id }));
      expect(page.order.items[0]).toMatchObject({
        fileCheck: { status: "failed" },
        fileSource: { kind: "mapping", url: `/app/products/${PHOTO_BOOK_48.split("/").pop()}` },
      });
      // Nothing at the print service: not quoted into an order, not created, not paid.
      expect(printOrder.printOrderId).toBeNull();
      expect(createRequestsFor(printOrder.orderReference)).toHaveLength(0);
      expect(atService(printOrder.orderReference)).toHaveLength(0);
      // The result is kept with the item and with the mapping whose file it is.
      expect(parsePreflight(printOrder.items[0]!.preflight)).toMatchObject({
        status: "failed",
        pages: 47,
        problems: [expect.objectContaining({ code: "PAGE_COUNT" })],
      });
      const mapping = await prisma.variantMapping.findUniqueOrThrow({
        where: { shop_variantId: { shop: SHOP, variantId: PHOTO_BOOK_48 } },
      });
      expect(parsePreflight(mapping.preflight)?.status).toBe("failed");
      // The admin offers the override for this order, and says what is wrong with the file.
      const detail = await getPrintOrderDetail({ shop: SHOP, id: printOrder.id });
      expect(detail?.actions).toMatchObject({ retry: true, printAnyway: true, cancel: true });
      expect(detail?.items[0]?.fileCheck).toMatchObject({
        status: "failed",
        problems: [
          {
            message: expect.stringContaining("Your PDF has 47 pages"),
            fix: expect.any(String),
          },
        ],
      });

      // The merchant puts the right file in the mapping and retries.
      await mapBook(PHOTO_BOOK_48, sandboxFile("photo-book/interior-48.pdf"), 48);
      expect(
        await retryPrintOrder(printOrderCommandStore, { shop: SHOP, id: printOrder.id }),
      ).toMatchObject({
        ok: true,
      });
      await settle(h.worker());
      printOrder = await onlyPrintOrder(order.legacyId);
      expect(printOrder.status, printOrder.lastErrorMessage ?? "").toBe("paid");
      expect(parsePreflight(printOrder.items[0]!.preflight)).toMatchObject({
        status: "passed",
        url: sandboxFile("photo-book/interior-48.pdf"),
      });
      const [paid] = atService(printOrder.orderReference);
      expect(atService(printOrder.orderReference)).toHaveLength(1);
      expect(paid!.history.filter((step) => step.to === "PAID")).toHaveLength(1);
      expect(JSON.stringify(paid!.items[0])).toContain("interior-48.pdf");

      await shipAndFulfil(printOrder.printOrderId!);
      printOrder = await onlyPrintOrder(order.legacyId);
      expect(printOrder.status).toBe("fulfilled");
      const fixed = await getPrintOrderDetail({ shop: SHOP, id: printOrder.id });
      expect(fixed?.items[0]?.fileCheck).toEqual({
        status: "passed",
        summary: "File checked: 48 pages, 216 × 303 mm",
        problems: [],
      });
    });

    it("a wrong page size (US Letter with bleed for an A4 book) stops it the same way, until the mapping is fixed", async () => {
      await mapBook(MAGAZINE, sandboxFile("bad/photo-book-letter-size.pdf"), 24);
      const { order } = await placePaidOrder(h, [{ variantId: MAGAZINE }]);
      await settle(h.worker());

      let printOrder = await onlyPrintOrder(order.legacyId);
      expect(printOrder.status).toBe("needs_attention");
      expect(printOrder.lastErrorCode).toBe("PREFLIGHT_FAILED");
      expect(printOrder.lastErrorMessage).toMatch(/Your PDF's pages are .*222 × 285 mm/);
      expect(parsePreflight(printOrder.items[0]!.preflight)?.problems.map((p) => p.code)).toEqual([
        "PAGE_SIZE",
      ]);
      expect(createRequestsFor(printOrder.orderReference)).toHaveLength(0);

      // A second order of the same product stops on the stored result, and a retry
      // without a fix stops again: nothing reaches the print service either way.
      const second = await placePaidOrder(h, [{ variantId: MAGAZINE }]);
      await settle(h.worker());
      const secondOrder = await onlyPrintOrder(second.order.legacyId);
      expect(secondOrder.lastErrorCode).toBe("PREFLIGHT_FAILED");
      await retryPrintOrder(printOrderCommandStore, { shop: SHOP, id: printOrder.id });
      await settle(h.worker());
      printOrder = await onlyPrintOrder(order.legacyId);
      expect(printOrder.lastErrorCode).toBe("PREFLIGHT_FAILED");
      expect(createRequestsFor(printOrder.orderReference)).toHaveLength(0);

      await mapBook(MAGAZINE, sandboxFile("photo-book/interior-24.pdf"), 24);
      for (const id of [printOrder.id, secondOrder.id]) {
        expect(await retryPrintOrder(printOrderCommandStore, { shop: SHOP, id })).toMatchObject({
          ok: true,
        });
      }
      await settle(h.worker());
      for (const legacyId of [order.legacyId, second.order.legacyId]) {
        const fixed = await onlyPrintOrder(legacyId);
        expect(fixed.status, fixed.lastErrorMessage ?? "").toBe("paid");
        expect(atService(fixed.orderReference)).toHaveLength(1);
        expect(
          atService(fixed.orderReference)[0]!.history.filter((s) => s.to === "PAID"),
        ).toHaveLength(1);
        await shipAndFulfil(fixed.printOrderId!);
        expect((await onlyPrintOrder(legacyId)).status).toBe("fulfilled");
      }
    });

    it("a file replaced behind the same URL is checked again on the merchant's retry, and downloaded no more than needed", async () => {
      const path = "/shop-files/photo-book-24.pdf";
      files.set(path, await makePdf({ pages: 23, widthMm: 216, heightMm: 303 }));
      const variantId = "gid://shopify/ProductVariant/20005";
      await mapBook(variantId, `${files.url}${path}`, 24);

      const first = await placePaidOrder(h, [{ variantId }]);
      await settle(h.worker());
      const stopped = await onlyPrintOrder(first.order.legacyId);
      expect(stopped.lastErrorCode).toBe("PREFLIGHT_FAILED");
      expect(files.downloads(path)).toBe(1);
      // Another order of the product: the mapping's stored result answers, no download.
      const second = await placePaidOrder(h, [{ variantId }]);
      await settle(h.worker());
      expect((await onlyPrintOrder(second.order.legacyId)).lastErrorCode).toBe("PREFLIGHT_FAILED");
      expect(files.downloads(path)).toBe(1);

      // The merchant uploads a corrected file to the same address and retries one order.
      files.set(path, await makePdf({ pages: 24, widthMm: 216, heightMm: 303 }));
      await retryPrintOrder(printOrderCommandStore, { shop: SHOP, id: stopped.id });
      await settle(h.worker());
      const fixed = await onlyPrintOrder(first.order.legacyId);
      expect(fixed.status, fixed.lastErrorMessage ?? "").toBe("paid");
      expect(files.downloads(path)).toBe(2);
      // The mapping now holds the passing result: a new order is printed without a download.
      const third = await placePaidOrder(h, [{ variantId }]);
      await settle(h.worker());
      expect((await onlyPrintOrder(third.order.legacyId)).status).toBe("paid");
      expect(files.downloads(path)).toBe(2);
    });
    it("orders of a new product worked at once wait for one download of its file, and each is printed once", async () => {
      const path = "/shop-files/launch-24.pdf";
      files.set(path, await makePdf({ pages: 24, widthMm: 216, heightMm: 303 }));
      const variantId = "gid://shopify/ProductVariant/20010";
      await mapBook(variantId, `${files.url}${path}`, 24);

      // A launch: four orders come before the file was ever checked, and four lanes take them.
      const placed = [];
      for (let i = 0; i < 4; i++) placed.push(await placePaidOrder(h, [{ variantId }]));
      await settle(h.worker({ concurrency: 4 }));
      for (const { order } of placed) {
        const printOrder = await onlyPrintOrder(order.legacyId);
        expect(printOrder.status, printOrder.lastErrorMessage ?? "").toBe("paid");
        expect(atService(printOrder.orderReference)).toHaveLength(1);
      }
      expect(files.downloads(path)).toBe(1);
    });
  });

  describe("a customer's own file (line item property)", () => {
    it("a wrong file that arrives after creation stops the order before the file is sent or the order paid; Print anyway sends it and logs the override", async () => {
      const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.notebook.variantId }]);
      await settle(h.worker());
      let printOrder = await onlyPrintOrder(order.legacyId);
      expect(printOrder.status).toBe("awaiting_files");
      const printOrderId = printOrder.printOrderId!;
      const filesSentBefore = h.sandbox.control.requests({ op: "order.files" }).length;

      // The notebook is 96 pages of A5; the customer's upload has 95.
      const line = h.shopify.control.getOrder(order.id)!.lineItems[0]!;
      await h.shopify.control.setLineItemProperty(
        order.id,
        line.id,
        "Print file",
        sandboxFile("generate/95p-154x216mm.pdf"),
        { topics: ["orders/updated"] },
      );
      await settle(h.worker());

      printOrder = await onlyPrintOrder(order.legacyId);
      expect(printOrder.status).toBe("needs_attention");
      expect(printOrder.lastErrorCode).toBe("PREFLIGHT_FAILED");
      expect(printOrder.lastErrorMessage).toMatch(/Your PDF has 95 pages; .* needs 96 pages/);
      expect(printOrder.resumeStatus).toBe("awaiting_files");
      expect(h.sandbox.control.requests({ op: "order.files" })).toHaveLength(filesSentBefore);
      expect(h.sandbox.control.order(printOrderId)?.state).toBe("OPEN");

      // The merchant knows better (say, the last page is added by the printer) and prints anyway,
      // from the order page.
      const response = await call(
        orderAction,
        post(`/app/orders/${printOrder.id}`, { intent: "print_anyway" }),
        { id: printOrder.id },
      );
      expect(response.status).toBe(200);
      expect(await data(response)).toMatchObject({ ok: true, intent: "print_anyway" });
      await settle(h.worker());

      printOrder = await onlyPrintOrder(order.legacyId);
      expect(printOrder.status, printOrder.lastErrorMessage ?? "").toBe("paid");
      expect(
        h.sandbox.control
          .requests({ op: "order.files" })
          .slice(filesSentBefore)
          .filter((r) => r.status === 200),
      ).toHaveLength(1);
      expect(JSON.stringify(h.sandbox.control.order(printOrderId)!.items[0])).toContain(
        "95p-154x216mm.pdf",
      );
      const override = printOrder.events.filter((e) => e.type === "preflight_overridden");
      expect(override).toHaveLength(1);
      expect(override[0]!.actor).toBe("merchant");
      expect(override[0]!.message).toMatch(
        /^Printing despite the file check, at the merchant's request: ".*": Your PDF has 95 pages/,
      );
      expect(JSON.parse(printOrder.items[0]!.preflightOverride!)).toMatchObject({
        at: expect.any(String),
        problems: [expect.objectContaining({ code: "PAGE_COUNT" })],
      });
      const detail = await getPrintOrderDetail({ shop: SHOP, id: printOrder.id });
      expect(detail?.items[0]?.fileCheck).toMatchObject({
        status: "overridden",
        summary: expect.stringMatching(/^Printed despite: Your PDF has 95 pages/),
      });
      expect(detail?.actions.printAnyway).toBe(false);
    });

    it("a wrong file given at checkout stops the order before it is created", async () => {
      const { order } = await placePaidOrder(h, [
        {
          variantId: MAPPINGS.notebook.variantId,
          properties: { "Print file": sandboxFile("bad/not-a-pdf.pdf") },
        },
      ]);
      await settle(h.worker());
      const printOrder = await onlyPrintOrder(order.legacyId);
      expect(printOrder.lastErrorCode).toBe("PREFLIGHT_FAILED");
      expect(printOrder.lastErrorMessage).toContain("is not a PDF");
      expect(atService(printOrder.orderReference)).toHaveLength(0);
    });
  });

  describe("Print anyway", () => {
    it("is refused for an order the file check did not stop", async () => {
      // Stopped for another reason: an incomplete address.
      const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.novel.variantId }], {
        shippingAddress: { address1: null },
      });
      await settle(h.worker());
      const stopped = await onlyPrintOrder(order.legacyId);
      expect(stopped.lastErrorCode).toBe("ADDRESS_INVALID");
      expect(
        await printAnywayPrintOrder(printOrderCommandStore, { shop: SHOP, id: stopped.id }),
      ).toEqual({
        ok: false,
        status: 409,
        message: "Print anyway is only possible for an order stopped by the print-file check.",
      });
      expect((await getPrintOrderDetail({ shop: SHOP, id: stopped.id }))?.actions.printAnyway).toBe(
        false,
      );

      // On its way: the order page answers with the reason, and nothing changes.
      const paid = await placePaidOrder(h, [{ variantId: MAPPINGS.novel.variantId }]);
      await settle(h.worker());
      const going = await onlyPrintOrder(paid.order.legacyId);
      expect(going.status).toBe("paid");
      const response = await call(
        orderAction,
        post(`/app/orders/${going.id}`, { intent: "print_anyway" }),
        { id: going.id },
      );
      expect(await data(response)).toMatchObject({
        ok: false,
        intent: "print_anyway",
        message: "Print anyway is only possible for an order stopped by the print-file check.",
      });
      const after = await onlyPrintOrder(paid.order.legacyId);
      expect(after.status).toBe("paid");
      expect(after.events.some((e) => e.type === "preflight_overridden")).toBe(false);
      expect(
        await printAnywayPrintOrder(printOrderCommandStore, {
          shop: "someone-else.myshopify.com",
          id: going.id,
        }),
      ).toMatchObject({ ok: false, status: 404 });
    });
  });

  describe("a print file that cannot be downloaded to check it", () => {
    it("does not stop the order: the print service fetches it itself; noted once", async () => {
      await mapBook(PHOTO_BOOK_48, "https://files.example.invalid/x.pdf", 48);
      const { order } = await placePaidOrder(h, [{ variantId: PHOTO_BOOK_48 }]);
      await settle(h.worker());
      const printOrder = await onlyPrintOrder(order.legacyId);
      expect(printOrder.status, printOrder.lastErrorMessage ?? "").toBe("paid");
      expect(parsePreflight(printOrder.items[0]!.preflight)?.status).toBe("unreachable");
      // Checked in prepare, again before creation: one note all the same.
      const notes = printOrder.events.filter((e) => e.type === "preflight_unreachable");
      expect(notes).toHaveLength(1);
      expect(notes[0]!.message).toMatch(
        /^Could not download the print file for ".*" to check it \(.+\); the print service will fetch it itself\.$/,
      );
      // A download that did not happen is no verdict to keep with the mapping.
      const mapping = await prisma.variantMapping.findUniqueOrThrow({
        where: { shop_variantId: { shop: SHOP, variantId: PHOTO_BOOK_48 } },
      });
      expect(mapping.preflight).toBeNull();
      const detail = await getPrintOrderDetail({ shop: SHOP, id: printOrder.id });
      expect(detail?.items[0]?.fileCheck).toMatchObject({
        status: "unreachable",
        summary: expect.stringMatching(/^Not checked: /),
      });
    });
  });
}
