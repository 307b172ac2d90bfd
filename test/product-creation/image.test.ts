import "../support/app-env";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { PDFDocument, rgb } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productImageFromPdf, productImageFromUrl } from "~/lib/product-image.server";
import {
  PASSWORD_PROTECTED,
  ProductImageError,
  renderFirstPage,
  UNREADABLE,
} from "~/services/product-image";
import { adminGraphql, type AdminApi } from "~/services/shopify-admin";
import { authenticate } from "~/shopify.server";
import { encryptedPdf } from "../../sandbox/files";
import { DEMO_SHOP, get, startAdminEnv, type AdminEnv } from "../admin/helpers";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * A landscape page (400 x 200 pt) on white: a red block over its left quarter and a second
 * page in blue, which must not show (only the first page is drawn).
 */
async function markedPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const first = document.addPage([400, 200]);
  first.drawRectangle({ x: 0, y: 0, width: 100, height: 200, color: rgb(1, 0, 0) });
  const second = document.addPage([400, 200]);
  second.drawRectangle({ x: 0, y: 0, width: 400, height: 200, color: rgb(0, 0, 1) });
  return document.save();
}

/** The PNG decoded: its size and the colour at a point. */
async function decode(png: Uint8Array) {
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const pixels = context.getImageData(0, 0, image.width, image.height).data;
  return {
    width: image.width,
    height: image.height,
    at(x: number, y: number) {
      const i = (y * image.width + x) * 4;
      return [pixels[i], pixels[i + 1], pixels[i + 2]];
    },
  };
}

describe("renderFirstPage", () => {
  it("draws the first page, its longer side 1600 px, on white", async () => {
    const rendered = await renderFirstPage(await markedPdf());
    expect([...rendered.png.slice(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(rendered).toMatchObject({ widthPx: 1600, heightPx: 800 });
    const image = await decode(rendered.png);
    expect([image.width, image.height]).toEqual([1600, 800]);
    expect(image.at(200, 400)).toEqual([255, 0, 0]); // inside the red quarter
    expect(image.at(1200, 400)).toEqual([255, 255, 255]); // the white rest, not page 2's blue
    expect(image.at(1599, 0)).toEqual([255, 255, 255]);
  });

  it("draws smaller on request, never larger than 1600 px", async () => {
    const small = await renderFirstPage(await markedPdf(), { maxSidePx: 400 });
    expect([small.widthPx, small.heightPx]).toEqual([400, 200]);
    expect((await decode(small.png)).at(50, 100)).toEqual([255, 0, 0]);
    const capped = await renderFirstPage(await markedPdf(), { maxSidePx: 5000 });
    expect([capped.widthPx, capped.heightPx]).toEqual([1600, 800]);
  });

  it("refuses a password-protected PDF and a file that is not one, in plain words", async () => {
    await expect(renderFirstPage(encryptedPdf())).rejects.toEqual(
      new ProductImageError(PASSWORD_PROTECTED),
    );
    await expect(
      renderFirstPage(new TextEncoder().encode("This is a text file named .pdf\n")),
    ).rejects.toEqual(new ProductImageError(UNREADABLE));
    const cut = await markedPdf();
    await expect(renderFirstPage(cut.slice(0, 200))).rejects.toBeInstanceOf(ProductImageError);
  });
});

describe("productImageFromUrl", () => {
  it("passes an http(s) address through and refuses anything else", () => {
    expect(productImageFromUrl(" https://cdn.example.com/cover.jpg ", "My book")).toEqual({
      status: "ok",
      originalSource: "https://cdn.example.com/cover.jpg",
      alt: "First page of My book",
    });
    for (const bad of ["javascript:alert(1)", "cover.jpg", "ftp://example.com/a.png", ""]) {
      expect(productImageFromUrl(bad, "My book")).toEqual({
        status: "failed",
        reason: "Enter the image's full web address, starting with https://",
      });
    }
  });
});

describe("productImageFromPdf", () => {
  let env: AdminEnv;
  let admin: AdminApi;
  beforeAll(async () => {
    env = await startAdminEnv();
    ({ admin } = await authenticate.admin(get("/app")));
  });
  afterAll(async () => {
    await env?.close();
  });

  it("uploads the first page of the merchant's PDF to Shopify's staged upload target", async () => {
    const result = await productImageFromPdf({
      admin,
      pdfUrl: `${env.sandbox.url}/files/photo-book/interior-48.pdf`,
      title: "Summer in Zeeland: Photo book",
    });
    if (result.status !== "ok") throw new Error(result.reason);
    expect(result.alt).toBe("First page of Summer in Zeeland: Photo book");
    expect(result.originalSource.startsWith(`${env.shopify.url}/staged-uploads/`)).toBe(true);
    expect(result.originalSource.endsWith("/summer-in-zeeland-photo-book.png")).toBe(true);
    const staged = env.shopify.control
      .stagedUploads(DEMO_SHOP)
      .find((u) => u.resourceUrl === result.originalSource);
    expect(staged).toMatchObject({
      resource: "IMAGE",
      mimeType: "image/png",
      filename: "summer-in-zeeland-photo-book.png",
      uploaded: true,
    });
    // The size announced is the size uploaded.
    expect(staged!.size).toBeGreaterThan(1000);
    expect(Number(staged!.fileSize)).toBe(staged!.size);

    // Shopify takes the staged file as the product's image: the A4-with-bleed page, upright.
    const data = await adminGraphql(admin)<{
      productSet: { product: { id: string } | null; userErrors: unknown[] };
    }>(
      `#graphql
      mutation ImageTest($input: ProductSetInput!) {
        productSet(input: $input, synchronous: true) { product { id } userErrors { field message } }
      }`,
      {
        input: {
          title: "Summer in Zeeland",
          files: [{ originalSource: result.originalSource, contentType: "IMAGE", alt: result.alt }],
        },
      },
    );
    expect(data.productSet.userErrors).toEqual([]);
    await env.shopify.control.waitForMedia();
    const media = env.shopify.control.product(data.productSet.product!.id, DEMO_SHOP)?.media;
    expect(media).toMatchObject([
      { status: "READY", alt: result.alt, mimeType: "image/png", width: 1141, height: 1600 },
    ]);
    const served = await fetch(media![0]!.url!);
    const image = await decode(new Uint8Array(await served.arrayBuffer()));
    expect([image.width, image.height]).toEqual([1141, 1600]);
    // The book's first page as the sandbox draws it: a sea-green ground with the title in
    // white, over a sand-coloured band at the foot.
    const [r, g, b] = image.at(5, 5);
    expect(g! > r! && b! > r! && g! < 128).toBe(true);
    expect(image.at(5, image.height - 5)[0]).toBeGreaterThan(200);
    let white = 0;
    for (let y = 0; y < image.height / 2; y += 4)
      for (let x = 0; x < image.width; x += 4) if (image.at(x, y).every((c) => c! > 240)) white++;
    expect(white).toBeGreaterThan(10);
  });

  it("gives the reason, and makes no upload, when the PDF cannot be had or read", async () => {
    const before = env.shopify.control.stagedUploads(DEMO_SHOP).length;
    const missing = await productImageFromPdf({
      admin,
      pdfUrl: `${env.sandbox.url}/files/photo-book/no-such-file.pdf`,
      title: "Missing",
    });
    expect(missing.status).toBe("failed");
    if (missing.status === "failed") {
      expect(missing.reason).toMatch(/404/);
      expect(missing.reason).toMatch(/without an image/);
    }
    expect(
      await productImageFromPdf({
        admin,
        pdfUrl: `${env.sandbox.url}/files/bad/encrypted.pdf`,
        title: "Locked",
      }),
    ).toEqual({ status: "failed", reason: PASSWORD_PROTECTED });
    expect(
      await productImageFromPdf({
        admin,
        pdfUrl: `${env.sandbox.url}/files/bad/not-a-pdf.pdf`,
        title: "Text",
      }),
    ).toEqual({ status: "failed", reason: UNREADABLE });
    expect(env.shopify.control.stagedUploads(DEMO_SHOP).length).toBe(before);
  });

  it("says Shopify did not take the image when the staged upload is refused", async () => {
    env.shopify.control.injectFault({
      target: "graphql",
      mutation: "stagedUploadsCreate",
      status: 503,
      times: 1,
    });
    const result = await productImageFromPdf({
      admin,
      pdfUrl: `${env.sandbox.url}/files/photo-book/interior-24.pdf`,
      title: "Refused",
    });
    expect(result).toEqual({
      status: "failed",
      reason:
        "Shopify did not take the product image just now, so the product was made without one. Add an image in Shopify, or try again.",
    });
  });
});
