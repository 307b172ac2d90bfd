import "../support/app-env";
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { loader as templateLoader } from "~/routes/app.cover-template";
import { loader as spineLoader } from "~/routes/app.cover-spine";
import type { CoverSpineAnswer } from "~/pages/cover-template/cover-template.server";
import { BARCODE_TAG } from "~/services/book-kit/cover-template-pdf";
import { saveMapping } from "~/data/mapping.server";
import { savePrintSettings } from "~/data/print-settings.server";
import { TEST_APP_URL } from "../support/app-env";
import {
  call,
  data,
  DEMO_SHOP,
  get,
  sandboxSettings,
  startAdminEnv,
  type AdminEnv,
} from "./helpers";

/**
 * The cover template download through the real route: the real database, the print sandbox's
 * spine answer over HTTP, the PDF drawn in the app's PDF pool. A mapped variant and a typed
 * offering and page count each give the PDF, with its file name; what cannot be a template is
 * refused in plain text.
 */

const PT_PER_MM = 72 / 25.4;
const HARDCOVER_A4 = 228478;
const SOFTCOVER_A5 = 228500;
const WALL_CALENDAR = 228530;
const PHOTO_BOOK = "20001";
const PHOTO_BOOK_GID = `gid://shopify/ProductVariant/${PHOTO_BOOK}`;

let env: AdminEnv;
beforeAll(async () => {
  env = await startAdminEnv();
  await savePrintSettings({ shop: DEMO_SHOP, input: sandboxSettings(env.sandbox) });
  await saveMapping({
    shop: DEMO_SHOP,
    mapping: {
      variantId: PHOTO_BOOK_GID,
      title: "Photo book - 48 pages",
      offeringId: HARDCOVER_A4,
      contentUrl: `${env.sandbox.url}/files/photo-book/interior-48.pdf`,
      contentWidth: 210,
      contentHeight: 297,
      numberOfPages: 48,
    },
  });
  await prisma.variantMapping.update({
    where: { shop_variantId: { shop: DEMO_SHOP, variantId: PHOTO_BOOK_GID } },
    data: { isbn: "9780306406157" },
  });
});
afterAll(async () => {
  await prisma.variantMapping.deleteMany({ where: { shop: DEMO_SHOP, variantId: PHOTO_BOOK_GID } });
  await env?.close();
});

const download = (query: string) => call(templateLoader, get(`/app/cover-template?${query}`));

/** The sandbox's own measure, asked directly. */
async function spineOf(offeringId: number, numberOfPages: number) {
  const query = new URLSearchParams({
    merchantApiKey: "sandbox-merchant-key",
    offeringId: String(offeringId),
    numberOfPages: String(numberOfPages),
  });
  const response = await fetch(`${env.sandbox.jsonBaseUrl}/offering/spine?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { coverWidth: number; coverHeight: number };
}

async function pdfPageSizeMm(response: Response) {
  const document = await PDFDocument.load(new Uint8Array(await response.arrayBuffer()));
  expect(document.getPageCount()).toBe(1);
  const { width, height } = document.getPage(0).getSize();
  return { width: width / PT_PER_MM, height: height / PT_PER_MM };
}

/** The first page's content stream, decoded, as text. */
function pageContent(document: PDFDocument): string {
  const page = document.getPage(0);
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => document.context.lookup(ref))
      : [contents];
  return streams
    .map((stream) =>
      stream instanceof PDFRawStream
        ? Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1")
        : "",
    )
    .join("\n");
}

async function plainRefusal(response: Response, status: number): Promise<string> {
  expect(response.status).toBe(status);
  expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
  return (await response.text()).trim();
}

describe("GET /app/cover-template", () => {
  it(
    "answers a mapped variant's template: its offering, pages and ISBN",
    { timeout: 30_000 },
    async () => {
      const response = await download(`variantId=${PHOTO_BOOK}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/pdf");
      expect(response.headers.get("Content-Disposition")).toBe(
        'attachment; filename="cover-template-hardcover-book-a4-portrait-48p.pdf"',
      );
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      const bytes = new Uint8Array(await response.clone().arrayBuffer());
      expect(Number(response.headers.get("Content-Length"))).toBe(bytes.length);
      const size = await pdfPageSizeMm(response);
      const cover = await spineOf(HARDCOVER_A4, 48);
      expect(size.width).toBeCloseTo(cover.coverWidth, 6);
      expect(size.height).toBeCloseTo(cover.coverHeight, 6);
      const document = await PDFDocument.load(bytes);
      expect(document.getTitle()).toBe("Cover template: Hardcover book A4 portrait, 48 pages");
      // The mapping's ISBN is drawn: the barcode's bars and its "ISBN …" line are on the page.
      const content = pageContent(document);
      expect(content).toContain(`/${BARCODE_TAG} BMC`);
      const isbnLine = Buffer.from("ISBN 9780306406157").toString("hex").toUpperCase();
      expect(content).toContain(`<${isbnLine}> Tj`);
    },
  );

  it(
    "answers a typed offering and page count (Create product, before saving)",
    { timeout: 30_000 },
    async () => {
      const response = await download(
        `offeringId=${SOFTCOVER_A5}&pages=240&isbn=${encodeURIComponent("0-306-40615-2")}&title=${encodeURIComponent("The Long Walk")}`,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/pdf");
      expect(response.headers.get("Content-Disposition")).toBe(
        'attachment; filename="cover-template-softcover-book-a5-240p.pdf"',
      );
      const size = await pdfPageSizeMm(response);
      const cover = await spineOf(SOFTCOVER_A5, 240);
      expect(size.width).toBeCloseTo(cover.coverWidth, 6);
      expect(size.height).toBeCloseTo(cover.coverHeight, 6);
    },
  );

  it("refuses an offering without a spine in plain words", async () => {
    expect(await plainRefusal(await download(`offeringId=${WALL_CALENDAR}&pages=13`), 400)).toBe(
      "Wall calendar A3 has no cover to wrap.",
    );
  });

  it("refuses pages outside the offering's range with its rule", async () => {
    expect(await plainRefusal(await download(`offeringId=${SOFTCOVER_A5}&pages=2000`), 400)).toBe(
      "Softcover book A5 takes 32 to 600 pages.",
    );
    expect(await plainRefusal(await download(`offeringId=${SOFTCOVER_A5}&pages=12.5`), 400)).toBe(
      "Enter the number of pages as a whole number; Softcover book A5 takes 32 to 600 pages.",
    );
    expect(await plainRefusal(await download(`offeringId=${SOFTCOVER_A5}`), 400)).toBe(
      "Enter the number of pages; Softcover book A5 takes 32 to 600 pages.",
    );
  });

  it("refuses an ISBN with a wrong check digit, saying which digit", async () => {
    expect(
      await plainRefusal(
        await download(`offeringId=${SOFTCOVER_A5}&pages=240&isbn=9780306406158`),
        400,
      ),
    ).toBe("This ISBN's last digit should be 7: check for a typing mistake.");
  });

  it("refuses a title too long, an unmapped variant and a malformed link", async () => {
    const title = "x".repeat(256);
    expect(
      await plainRefusal(
        await download(`offeringId=${SOFTCOVER_A5}&pages=240&title=${title}`),
        400,
      ),
    ).toBe("The title is longer than 255 characters.");
    expect(await plainRefusal(await download("variantId=20010"), 404)).toMatch(/not mapped/);
    expect(await plainRefusal(await download("variantId=abc"), 400)).toMatch(/not a variant id/);
    expect(await plainRefusal(await download("offeringId=-1&pages=40"), 400)).toMatch(
      /Choose an offering/,
    );
    expect(await plainRefusal(await download("offeringId=999999&pages=40"), 404)).toMatch(
      /not in the print service's catalogue/,
    );
  });

  it("keeps a request without a session out, as every admin route does", async () => {
    const browser = new Request(
      new URL(`/app/cover-template?offeringId=${SOFTCOVER_A5}&pages=240`, TEST_APP_URL),
      {
        headers: {
          "User-Agent":
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        },
      },
    );
    const response = await call(templateLoader, browser);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth/login");

    const forged = new Request(
      new URL(`/app/cover-template?offeringId=${SOFTCOVER_A5}&pages=240`, TEST_APP_URL),
      { headers: { Authorization: "Bearer not-a-session-token" } },
    );
    const refused = await call(templateLoader, forged);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("Content-Type")).not.toBe("application/pdf");
  });
});

describe("GET /app/cover-spine", () => {
  it("answers the spine now and at the page count the merchant had", async () => {
    const body = await data<CoverSpineAnswer>(
      await call(spineLoader, get(`/app/cover-spine?offeringId=${SOFTCOVER_A5}&pages=240&was=120`)),
    );
    expect(body.now?.status).toBe("ok");
    expect(body.was?.status).toBe("ok");
    if (body.now?.status !== "ok" || body.was?.status !== "ok") return;
    // Uncoated 90gsm: 120 leaves x 0.11 mm + 0.5 mm glue; 60 leaves x 0.11 mm + 0.5 mm.
    expect(body.now.spine.spineWidthMm).toBe(13.7);
    expect(body.was.spine.spineWidthMm).toBe(7.1);
  });

  it("answers nothing for half-typed input, and no spine for wall art", async () => {
    expect(
      await data<CoverSpineAnswer>(
        await call(spineLoader, get("/app/cover-spine?offeringId=&pages=2")),
      ),
    ).toEqual({ now: null, was: null });
    const calendar = await data<CoverSpineAnswer>(
      await call(spineLoader, get(`/app/cover-spine?offeringId=${WALL_CALENDAR}&pages=13`)),
    );
    expect(calendar.now).toEqual({ status: "no_spine" });
  });
});
