/**
 * A print file whose check passes the PDF thread's limit, in the order path (issue 24): the
 * order stops exactly as it does for a damaged file (needs attention, PREFLIGHT_FAILED, Print
 * anyway offered, nothing sent to the print service), and only the words differ. Through the
 * real path: a signed webhook, the worker, the app's guarded download from a file server of
 * this test's own, the print sandbox.
 */
import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { fulfilmentStore } from "~/data/fulfilment.server";
import { createAppPreflight } from "~/lib/preflight.server";
import { printClientFor } from "~/lib/print-client.server";
import { shopifyAdmin } from "~/lib/admin-client.server";
import { getPrintOrderDetail } from "~/pages/order-detail/view.server";
import { FulfilmentWorker } from "~/services/fulfilment/worker";
import { parsePreflight } from "~/services/preflight";
import { pdfWorkPool } from "~/services/pdf-work/pool";
import { makePdf } from "../../sandbox/files";
import { sendBytes, startFileServer, type FileServer } from "../preflight/file-server";
import {
  fastRetry,
  placePaidOrder,
  printOrdersOf,
  settle,
  SHOP,
  startHarness,
  type Harness,
} from "../support/fulfilment-harness";
import { objectStreamPdf } from "../support/hostile-pdf";

const DAMAGED_BOOK = "gid://shopify/ProductVariant/20001";
const HEAVY_BOOK = "gid://shopify/ProductVariant/20002";
const silent = { debug() {}, info() {}, warn() {}, error() {} };

let h: Harness;
let files: FileServer;
let worker: FulfilmentWorker;

beforeAll(async () => {
  h = await startHarness();
  files = await startFileServer({
    "/damaged.pdf": sendBytes(
      (await makePdf({ pages: 24, widthMm: 216, heightMm: 303 })).subarray(0, 3000),
    ),
    "/many-objects.pdf": sendBytes(objectStreamPdf(300_000)),
  });
  for (const [variantId, file] of [
    [DAMAGED_BOOK, "damaged.pdf"],
    [HEAVY_BOOK, "many-objects.pdf"],
  ] as const) {
    await h.map({
      variantId,
      title: `Hardcover Photo Book (${file})`,
      offeringId: 228478,
      contentUrl: `${files.url}/${file}`,
      contentWidth: 210,
      contentHeight: 297,
      numberOfPages: 24,
    });
  }
  // A thread ready before the clock matters: starting one on a busy machine takes a while.
  await pdfWorkPool().run({
    kind: "inspect",
    bytes: await makePdf({ pages: 1, widthMm: 210, heightMm: 297 }),
  });
  // The app's own check, with 1.5 s to read a file instead of 20 s: the damaged file is read
  // at once, the heavy one takes several seconds.
  worker = new FulfilmentWorker(
    {
      store: fulfilmentStore(prisma),
      printClientFor: (shop) => printClientFor(shop, { retry: fastRetry }),
      shopify: shopifyAdmin,
      logger: silent,
      preflight: createAppPreflight({
        allowedPrivateHosts: ["127.0.0.1"],
        sandboxOrigin: null,
        readTimeoutMs: 1_500,
      }),
    },
    { baseBackoffMs: 1, maxBackoffMs: 5, leaseMs: 5_000 },
  );
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await files?.close();
  await h?.close();
});

describe("a print file too costly to check", () => {
  it(
    "stops the order as a damaged file does, in its own plain words",
    { timeout: 60_000 },
    async () => {
      const damaged = await placePaidOrder(h, [{ variantId: DAMAGED_BOOK }]);
      const heavy = await placePaidOrder(h, [{ variantId: HEAVY_BOOK }]);
      await settle(worker, 30_000);

      const [stoppedDamaged] = await printOrdersOf(damaged.order.legacyId);
      const [stoppedHeavy] = await printOrdersOf(heavy.order.legacyId);
      for (const printOrder of [stoppedDamaged!, stoppedHeavy!]) {
        expect(printOrder.status).toBe("needs_attention");
        expect(printOrder.lastErrorCode).toBe("PREFLIGHT_FAILED");
        expect(printOrder.resumeStatus).toBe("pending");
        expect(printOrder.printOrderId).toBeNull();
        const detail = await getPrintOrderDetail({ shop: SHOP, id: printOrder.id });
        expect(detail?.actions).toMatchObject({ retry: true, printAnyway: true, cancel: true });
      }
      // The same action for both; only what is wrong differs.
      expect(stoppedHeavy!.lastErrorAction).toBe(stoppedDamaged!.lastErrorAction);
      expect(stoppedDamaged!.lastErrorMessage).toContain("This PDF is damaged and cannot be read.");
      expect(stoppedHeavy!.lastErrorMessage).toContain(
        "This PDF could not be checked: reading it took longer, or more memory, than a print file may need.",
      );
      expect(parsePreflight(stoppedDamaged!.items[0]!.preflight)).toMatchObject({
        status: "failed",
        problems: [expect.objectContaining({ code: "DAMAGED" })],
      });
      expect(parsePreflight(stoppedHeavy!.items[0]!.preflight)).toMatchObject({
        status: "failed",
        problems: [expect.objectContaining({ code: "TOO_COMPLEX" })],
      });
      // Nothing reached the print service for either.
      expect(h.sandbox.control.requests({ op: "order.create" })).toHaveLength(0);
    },
  );
});
