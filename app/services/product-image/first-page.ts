/**
 * The first page of a PDF as a PNG, drawn in a PDF worker thread (../pdf-work) so the request
 * thread never waits on pdfjs: whatever the file asks for, this ends within the pool's
 * wall-clock limit, with the image or a ProductImageError in the merchant's words.
 */
import { pdfWorkPool, type PdfWorkPool } from "../pdf-work/pool";
import {
  BUSY,
  MAX_PAGE_OPERATORS,
  MAX_SIDE_PX,
  ProductImageError,
  TOO_COMPLEX,
  type RenderedPage,
} from "./render";

export interface RenderOptions {
  /** The longer side in pixels, at most 1600. */
  maxSidePx?: number;
  /** Wall-clock limit of the drawing; the pool's (20 s) when not given. */
  timeoutMs?: number;
  /** Drawing operators the first page may have; MAX_PAGE_OPERATORS when not given. */
  maxOperators?: number;
  /** The process's pool when not given. */
  pool?: PdfWorkPool;
}

/**
 * Draws the first page, its longer side `maxSidePx` (at most 1600) pixels, on white.
 * The bytes are handed over to the drawing thread: do not use `pdf` afterwards.
 */
export async function renderFirstPage(
  pdf: Uint8Array,
  opts: RenderOptions = {},
): Promise<RenderedPage> {
  const pool = opts.pool ?? pdfWorkPool();
  const outcome = await pool.run(
    {
      kind: "render",
      bytes: pdf,
      maxSidePx: opts.maxSidePx ?? MAX_SIDE_PX,
      maxOperators: opts.maxOperators ?? MAX_PAGE_OPERATORS,
    },
    opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {},
  );
  switch (outcome.kind) {
    case "done":
      if (outcome.value.kind === "refused") throw new ProductImageError(outcome.value.message);
      return {
        png: outcome.value.png,
        widthPx: outcome.value.widthPx,
        heightPx: outcome.value.heightPx,
      };
    case "timed_out":
    case "out_of_memory":
      throw new ProductImageError(TOO_COMPLEX);
    case "busy":
      throw new ProductImageError(BUSY);
  }
}
