/**
 * The first page of a PDF as a PNG, for a product image. Pure rendering, no framework:
 * pdfjs-dist (Mozilla's PDF reader, the legacy build made for Node) draws the page onto an
 * @napi-rs/canvas canvas (Skia, prebuilt, no system libraries), which encodes the PNG.
 *
 * This runs in a PDF worker thread (../pdf-work), never on the request thread: pdfjs draws
 * synchronously, and only terminating the thread stops it. The app calls `renderFirstPage`
 * (./first-page.ts), which hands the work to the pool under its time and memory limits.
 *
 * Bounded here as well: the longer side is at most 1600 px, a first page with more drawing
 * operators than `maxOperators` is not drawn, embedded images over 64 megapixels are not
 * decoded, and no JavaScript in the PDF is evaluated (`isEvalSupported: false`, no XFA
 * forms). Password-protected PDFs are refused, as preflight refuses them for print.
 */
import { createRequire } from "node:module";
import path from "node:path";

/** The most pixels the longer side of the image may have. */
export const MAX_SIDE_PX = 1600;
const MIN_SIDE_PX = 16;
/** Larger embedded images are left out rather than decoded (about 256 MB as RGBA). */
const MAX_IMAGE_PIXELS = 64 * 1024 * 1024;
/**
 * Drawing operators a first page may have (as pdfjs counts them, a path and its fill being
 * one). A photo page has tens, a dense page of text a few thousand, detailed vector artwork
 * tens of thousands. Each operator costs up to half a millisecond at 1600 px (a fill over
 * the whole page, measured on the project machine), so a page far beyond this would not be
 * drawn within the pool's 20 s anyway: it is refused after the count, before any drawing.
 */
export const MAX_PAGE_OPERATORS = 100_000;

/** Why no image could be made, in the merchant's words. */
export class ProductImageError extends Error {
  override name = "ProductImageError";
}

export const PASSWORD_PROTECTED =
  "The PDF is password-protected, so its first page cannot be shown as the product image. Upload it without a password, or give an image address instead.";
export const UNREADABLE =
  "The PDF could not be read, so no product image was made from it. Check that the file opens in a PDF reader, or give an image address instead.";
export const NOT_DRAWN =
  "The image could not be made from this PDF: its first page could not be drawn. Give an image address instead.";
/** Too many operators, or the drawing was stopped at the time or memory limit. */
export const TOO_COMPLEX =
  "The image could not be made from this PDF: its first page is too complex to draw in time. Give an image address instead.";
/** Every PDF thread was taken: nothing is wrong with the file. */
export const BUSY =
  "The image could not be made from this PDF just now: the app is busy with other PDFs. Try again in a minute, or give an image address instead.";

export interface RenderedPage {
  png: Uint8Array;
  widthPx: number;
  heightPx: number;
}

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

let pdfjsLoading: Promise<{ pdfjs: PdfJs; assets: Assets }> | undefined;

interface Assets {
  standardFontDataUrl: string;
  cMapUrl: string;
  wasmUrl: string;
  iccUrl: string;
}

/**
 * pdfjs-dist and @napi-rs/canvas stay outside the server bundle (plain package imports), so
 * their data folders are found next to the installed package, from wherever this code runs.
 */
function pdfjsAssets(): Assets {
  const root = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
  const folder = (name: string) => `${path.join(root, name)}${path.sep}`;
  return {
    standardFontDataUrl: folder("standard_fonts"),
    cMapUrl: folder("cmaps"),
    wasmUrl: folder("wasm"),
    iccUrl: folder("iccs"),
  };
}

/** Loaded on first use: the reader is large and most requests never need it. */
function loadPdfJs(): Promise<{ pdfjs: PdfJs; assets: Assets }> {
  pdfjsLoading ??= (async () => {
    // The worker's code runs in this thread (pdfjs's "fake worker"); loading it here, as a
    // package import, spares pdfjs from finding its file by a path relative to its own.
    await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
    const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
    return { pdfjs, assets: pdfjsAssets() };
  })();
  pdfjsLoading.catch(() => {
    pdfjsLoading = undefined;
  });
  return pdfjsLoading;
}

/**
 * The reader and the canvas, loaded once per thread. A PDF thread loads them before it starts
 * a task's clock (../pdf-work/worker.ts): on a busy machine loading takes seconds, which are
 * no fault of the file.
 */
export async function loadDrawing() {
  const [{ pdfjs, assets }, { createCanvas }] = await Promise.all([
    loadPdfJs(),
    import("@napi-rs/canvas"),
  ]);
  return { pdfjs, assets, createCanvas };
}

/**
 * The PDF's bytes as pdfjs takes them: a Uint8Array over a buffer of its own, because the
 * reader takes the buffer over (a Node Buffer may share a pooled one).
 */
function ownBytes(pdf: Uint8Array): Uint8Array {
  const whole = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength;
  return whole && !Buffer.isBuffer(pdf) ? pdf : new Uint8Array(pdf);
}

/**
 * Draws the first page, its longer side `maxSidePx` (at most 1600) pixels, on white, in this
 * thread and for as long as it takes: call it only where the thread may be terminated (a PDF
 * worker thread). The bytes are handed to the reader: do not use `pdf` afterwards.
 */
export async function drawFirstPage(
  pdf: Uint8Array,
  opts: { maxSidePx?: number; maxOperators?: number } = {},
): Promise<RenderedPage> {
  const maxSide = Math.round(
    Math.min(MAX_SIDE_PX, Math.max(MIN_SIDE_PX, opts.maxSidePx ?? MAX_SIDE_PX)),
  );
  const maxOperators = opts.maxOperators ?? MAX_PAGE_OPERATORS;
  const { pdfjs, assets, createCanvas } = await loadDrawing();
  const task = pdfjs.getDocument({
    data: ownBytes(pdf),
    ...assets,
    cMapPacked: true,
    isEvalSupported: false,
    enableXfa: false,
    useSystemFonts: false,
    disableFontFace: true,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    maxImageSize: MAX_IMAGE_PIXELS,
    stopAtErrors: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    let document;
    try {
      document = await task.promise;
    } catch (error) {
      throw new ProductImageError(
        (error as { name?: string } | null)?.name === "PasswordException"
          ? PASSWORD_PROTECTED
          : UNREADABLE,
      );
    }
    // A file with only an owner password opens, but the print service refuses it all the same.
    const metadata = await document.getMetadata().catch(() => null);
    if ((metadata?.info as { EncryptFilterName?: unknown } | undefined)?.EncryptFilterName) {
      throw new ProductImageError(PASSWORD_PROTECTED);
    }
    if (document.numPages < 1) throw new ProductImageError(UNREADABLE);
    let page;
    try {
      page = await document.getPage(1);
    } catch {
      throw new ProductImageError(UNREADABLE);
    }
    const unit = page.getViewport({ scale: 1 });
    if (!(unit.width > 0 && unit.height > 0)) throw new ProductImageError(UNREADABLE);
    // Counted before anything is drawn: reading the page's operators is cheap beside drawing them.
    let operators: number;
    try {
      operators = (await page.getOperatorList({ intent: "display" })).fnArray.length;
    } catch {
      throw new ProductImageError(NOT_DRAWN);
    }
    if (operators > maxOperators) throw new ProductImageError(TOO_COMPLEX);
    const scale = maxSide / Math.max(unit.width, unit.height);
    const viewport = page.getViewport({ scale });
    const widthPx = Math.max(1, Math.min(maxSide, Math.round(viewport.width)));
    const heightPx = Math.max(1, Math.min(maxSide, Math.round(viewport.height)));
    const canvas = createCanvas(widthPx, heightPx);
    try {
      await page.render({
        canvas: canvas as unknown as HTMLCanvasElement,
        viewport,
        background: "rgb(255,255,255)",
        intent: "display",
      }).promise;
    } catch {
      throw new ProductImageError(NOT_DRAWN);
    }
    const png = await canvas.encode("png");
    return { png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), widthPx, heightPx };
  } catch (error) {
    if (error instanceof ProductImageError) throw error;
    throw new ProductImageError(NOT_DRAWN);
  } finally {
    await task.destroy().catch(() => undefined);
  }
}
