import { problemWithDownload } from "../preflight/check";
import { DEFAULT_MAX_BYTES, type Download } from "../preflight/fetch";
import { httpUrlOrNull } from "../safe-url";
import { slugOf } from "./text";

/**
 * The product image of a created product: the interior PDF's first page (app/lib makes it), or
 * an image address the merchant gives. Any failure is a sentence for the merchant: the product
 * is created without an image.
 */

export type ProductImageSource =
  | { status: "ok"; originalSource: string; alt: string }
  /** In the merchant's words; creation goes on without an image. */
  | { status: "failed"; reason: string };

/** Shopify keeps at most 512 characters of alt text. */
const MAX_ALT = 512;

export function altFor(title: string): string {
  return `First page of ${title.trim()}`.slice(0, MAX_ALT);
}

/** "My Book: Part 2!" -> "my-book-part-2.png"; a title without letters -> "product-image.png". */
export function imageFileNameFor(title: string): string {
  return `${slugOf(title, 60) || "product-image"}.png`;
}

/** Why the PDF could not be read for the image, with its fix. */
export function downloadReason(download: Exclude<Download, { kind: "downloaded" }>): string {
  const problem = problemWithDownload(download, DEFAULT_MAX_BYTES);
  const message =
    download.kind === "unreachable"
      ? `The PDF could not be downloaded for the product image: ${download.reason}.`
      : problem.message;
  return `${message} ${problem.fix} The product was made without an image; add one in Shopify, or give an image address.`;
}

export const NO_UPLOAD =
  "Shopify did not take the product image just now, so the product was made without one. Add an image in Shopify, or try again.";

/** A merchant-given image address, checked to be http(s), passed through as originalSource. */
export function productImageFromUrl(url: string, title: string): ProductImageSource {
  const checked = httpUrlOrNull(url);
  if (!checked) {
    return {
      status: "failed",
      reason: "Enter the image's full web address, starting with https://",
    };
  }
  return { status: "ok", originalSource: checked, alt: altFor(title) };
}
