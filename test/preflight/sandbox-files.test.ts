import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectationFor,
  preflightFile,
  type PreflightExpectation,
  type PreflightResult,
} from "~/services/preflight";
import { measureSpine } from "../../sandbox/catalogue/spine";
import { OFFERINGS } from "../../sandbox/catalogue/offerings";
import { makePdf } from "../../sandbox/files";
import { startSandbox, type Sandbox } from "../../sandbox/index";

/**
 * The print sandbox hosts real PDFs at /files/...: the demo's good files, the
 * bad ones the demo's stopped orders point at, and any size on request. Each
 * is downloaded over HTTP and preflighted as the app would.
 */

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

const offering = (id: number) => OFFERINGS.find((o) => o.id === id)!;
const expectation = (id: number, numberOfPages: number, width: number, height: number) =>
  expectationFor(offering(id), { numberOfPages, contentWidth: width, contentHeight: height });
const photoBook = (pages: number) => expectation(228478, pages, 210, 297);
const notebook = expectation(228570, 120, 148, 210);
const artPrint = expectation(228550, 1, 300, 400);

const fileUrl = (name: string) => `${sandbox.url}/files/${name}`;
const check = (name: string, expect: PreflightExpectation) => preflightFile(fileUrl(name), expect);
const codes = (result: PreflightResult) => result.problems.map((p) => p.code);

describe("the sandbox's files over HTTP", () => {
  it("serves a PDF with its type and length, and HEAD without the body", async () => {
    const got = await fetch(fileUrl("photo-book/interior-24.pdf"));
    const body = new Uint8Array(await got.arrayBuffer());
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("application/pdf");
    expect(Number(got.headers.get("content-length"))).toBe(body.length);
    expect(new TextDecoder().decode(body.subarray(0, 5))).toBe("%PDF-");
    const head = await fetch(fileUrl("photo-book/interior-24.pdf"), { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(body.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it("answers 404 for unknown names and generated files over the limits", async () => {
    for (const name of [
      "photo-book/interior-25.pdf",
      "bad/unknown.pdf",
      "notebooks/nested%2Fname.pdf",
      "generate/2001p-210x297mm.pdf",
      "generate/24p-5001x297mm.pdf",
      "generate/0p-210x297mm.pdf",
      "generate/24p-210x297.pdf",
    ]) {
      const got = await fetch(fileUrl(name));
      expect(got.status, name).toBe(404);
      await got.arrayBuffer();
    }
  });

  it("makes the same bytes for the same file", async () => {
    const spec = { pages: 3, widthMm: 100, heightMm: 150, fillBytesPerPage: 4096 };
    expect(Buffer.from(await makePdf(spec)).equals(Buffer.from(await makePdf(spec)))).toBe(true);
    const first = await (await fetch(fileUrl("generate/3p-100x150mm.pdf"))).arrayBuffer();
    const again = await (await fetch(fileUrl("generate/3p-100x150mm.pdf"))).arrayBuffer();
    expect(Buffer.from(first).equals(Buffer.from(again))).toBe(true);
  });
});

describe("preflighting the sandbox's files", () => {
  it("passes the demo's good files", async () => {
    expect((await check("photo-book/interior-24.pdf", photoBook(24))).status).toBe("passed");
    expect((await check("photo-book/interior-48.pdf", photoBook(48))).status).toBe("passed");
    expect((await check("art/dunes-at-dusk-30x40.pdf", artPrint)).status).toBe("passed");
    const customerFile = await check("notebooks/order-1001-anna.pdf", notebook);
    expect(customerFile).toMatchObject({ status: "passed", pages: 120, pageWidthMm: 154 });
  });

  it("makes covers of the size the sandbox's spine rule gives", async () => {
    const cover = measureSpine(offering(228478), 48)!;
    const result = await check("photo-book/cover-48.pdf", photoBook(48));
    expect(result.pages).toBe(1);
    expect([result.pageWidthMm, result.pageHeightMm]).toEqual([
      cover.coverWidth,
      cover.coverHeight,
    ]);
  });

  it("stops the demo's bad files with the right problem", async () => {
    expect(codes(await check("bad/photo-book-47-pages.pdf", photoBook(48)))).toEqual([
      "PAGE_COUNT",
    ]);
    expect(codes(await check("bad/photo-book-letter-size.pdf", photoBook(24)))).toEqual([
      "PAGE_SIZE",
    ]);
    expect(codes(await check("bad/not-a-pdf.pdf", photoBook(24)))).toEqual(["NOT_PDF"]);
    expect(codes(await check("bad/encrypted.pdf", photoBook(24)))).toEqual(["ENCRYPTED"]);
    expect(codes(await check("photo-book/interior-40.pdf", photoBook(40)))).toEqual(["NOT_FOUND"]);
  });

  it("generates any page count and size, decimals included", async () => {
    const letter = expectation(228479, 30, 215.9, 279.4);
    const result = await check("generate/30p-215.9x279.4mm.pdf", letter);
    expect(result).toMatchObject({
      status: "passed",
      pages: 30,
      pageWidthMm: 215.9,
      pageHeightMm: 279.4,
    });
    expect(codes(await check("generate/24p-216x303mm.pdf", photoBook(26)))).toEqual(["PAGE_COUNT"]);
  });
});
