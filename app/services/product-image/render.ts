/**
 * The first page of a PDF as a PNG, for a product image. Pure rendering, no framework:
 * pdfjs-dist (Mozilla's PDF reader, the legacy build made for Node) draws the page onto an
 * @napi-rs/canvas canvas (Skia, prebuilt, no system libraries), which encodes the PNG.
 *
 * Bounded: the longer side is at most 1600 px, embedded images over 64 megapixels are not
 * decoded, no JavaScript in the PDF is evaluated (`isEvalSupported: false`, no XFA forms),
 * and a page that takes longer than 20 s to draw is given up. Password-protected PDFs are
 * refused, as preflight refuses them for print.
 */
import { createRequire } from "node:module";
import path from "node:path";

/** The most pixels the longer side of the image may have. */
export const MAX_SIDE_PX = 1600;
const MIN_SIDE_PX = 16;
/** Larger embedded images are left out rather than decoded (about 256 MB as RGBA). */
const MAX_IMAGE_PIXELS = 64 * 1024 * 1024;
export const RENDER_TIMEOUT_MS = 20_000;

/** Why no image could be made, in the merchant's words. */
export class ProductImageError extends Error {
  override name = "ProductImageError";
}

export const PASSWORD_PROTECTED =
  "The PDF is password-protected, so its first page cannot be shown as the product image. Upload it without a password, or give an image address instead.";
export const UNREADABLE =
  "The PDF could not be read, so no product image was made from it. Check that the file opens in a PDF reader, or give an image address instead.";
export const NOT_DRAWN =
  "The first page of the PDF could not be drawn as an image. Give an image address instead.";

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
 * The PDF's bytes as pdfjs takes them: a Uint8Array over a buffer of its own, because the
 * reader takes the buffer over (a Node Buffer may share a pooled one).
 */
function ownBytes(pdf: Uint8Array): Uint8Array {
  const whole = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength;
  return whole && !Buffer.isBuffer(pdf) ? pdf : new Uint8Array(pdf);
}

function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new ProductImageError(NOT_DRAWN));
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Draws the first page, its longer side `maxSidePx` (at most 1600) pixels, on white.
 * The bytes are handed to the reader: do not use `pdf` afterwards.
 */
export async function renderFirstPage(
  pdf: Uint8Array,
  opts: { maxSidePx?: number; timeoutMs?: number } = {},
): Promise<RenderedPage> {
  const maxSide = Math.round(
    Math.min(MAX_SIDE_PX, Math.max(MIN_SIDE_PX, opts.maxSidePx ?? MAX_SIDE_PX)),
  );
  const { pdfjs, assets } = await loadPdfJs();
  const { createCanvas } = await import("@napi-rs/canvas");
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
  let cancelRender: (() => void) | undefined;
  const work = (async () => {
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
    const scale = maxSide / Math.max(unit.width, unit.height);
    const viewport = page.getViewport({ scale });
    const widthPx = Math.max(1, Math.min(maxSide, Math.round(viewport.width)));
    const heightPx = Math.max(1, Math.min(maxSide, Math.round(viewport.height)));
    const canvas = createCanvas(widthPx, heightPx);
    const render = page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      viewport,
      background: "rgb(255,255,255)",
      intent: "display",
    });
    cancelRender = () => render.cancel();
    try {
      await render.promise;
    } catch {
      throw new ProductImageError(NOT_DRAWN);
    }
    const png = await canvas.encode("png");
    return { png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), widthPx, heightPx };
  })();
  try {
    return await withTimeout(work, opts.timeoutMs ?? RENDER_TIMEOUT_MS, () => cancelRender?.());
  } catch (error) {
    if (error instanceof ProductImageError) throw error;
    throw new ProductImageError(NOT_DRAWN);
  } finally {
    work.catch(() => undefined);
    await task.destroy().catch(() => undefined);
  }
}
