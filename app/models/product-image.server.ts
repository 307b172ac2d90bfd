import { getLogger } from "../lib/logger.server";
import { downloadForApp } from "../lib/preflight.server";
import { problemWithDownload } from "../services/preflight/check";
import { DEFAULT_MAX_BYTES, type Download } from "../services/preflight/fetch";
import { slugOf } from "../services/product-creation/text";
import { NOT_DRAWN, ProductImageError, renderFirstPage } from "../services/product-image";
import { httpUrlOrNull } from "../services/safe-url";
import {
  adminGraphql,
  ShopifyAdminError,
  userErrorsFailure,
  type AdminApi,
  type ShopifyUserError,
} from "../services/shopify-admin";

/**
 * The product image of a created product: the interior PDF's first page, rendered here and
 * handed to Shopify through a staged upload (Shopify cannot read a PDF as an image, and a
 * staged upload needs no public URL of the app's own), or an image address the merchant
 * gives. Any failure is a sentence for the merchant: the product is created without an image.
 */

export type ProductImageSource =
  | { status: "ok"; originalSource: string; alt: string }
  /** In the merchant's words; creation goes on without an image. */
  | { status: "failed"; reason: string };

/** Shopify keeps at most 512 characters of alt text. */
const MAX_ALT = 512;
const UPLOAD_TIMEOUT_MS = 30_000;

const STAGED_UPLOAD = `#graphql
mutation PrintConnectStagedUpload($input: [StagedUploadInput!]!) {
  stagedUploadsCreate(input: $input) {
    stagedTargets { url resourceUrl parameters { name value } }
    userErrors { field message }
  }
}`;

interface StagedTarget {
  url: string | null;
  resourceUrl: string | null;
  parameters: { name: string; value: string }[];
}

const log = () => getLogger().child({ component: "product-image" });

function altFor(title: string): string {
  return `First page of ${title.trim()}`.slice(0, MAX_ALT);
}

/** "My Book: Part 2!" -> "my-book-part-2.png"; a title without letters -> "product-image.png". */
function fileNameFor(title: string): string {
  return `${slugOf(title, 60) || "product-image"}.png`;
}

function downloadReason(download: Exclude<Download, { kind: "downloaded" }>): string {
  const problem = problemWithDownload(download, DEFAULT_MAX_BYTES);
  const message =
    download.kind === "unreachable"
      ? `The PDF could not be downloaded for the product image: ${download.reason}.`
      : problem.message;
  return `${message} ${problem.fix} The product was made without an image; add one in Shopify, or give an image address.`;
}

const NO_UPLOAD =
  "Shopify did not take the product image just now, so the product was made without one. Add an image in Shopify, or try again.";

/**
 * The interior PDF's first page as the product image: downloaded under the preflight's
 * address rule and limits, rendered to PNG, uploaded to Shopify's staged upload target.
 * `originalSource` is the staged file, for productSet's `files`.
 */
export async function productImageFromPdf({
  admin,
  pdfUrl,
  title,
}: {
  admin: AdminApi;
  pdfUrl: string;
  title: string;
}): Promise<ProductImageSource> {
  const download = await downloadForApp(pdfUrl);
  if (download.kind !== "downloaded") return { status: "failed", reason: downloadReason(download) };

  let png: Uint8Array;
  try {
    // Drawn in a PDF worker thread under its time and memory limits (services/pdf-work).
    ({ png } = await renderFirstPage(download.bytes));
  } catch (error) {
    if (error instanceof ProductImageError) return { status: "failed", reason: error.message };
    log().warn({ err: error }, "first page not rendered");
    return { status: "failed", reason: NOT_DRAWN };
  }

  const filename = fileNameFor(title);
  let target: StagedTarget;
  try {
    target = await stagedTarget(admin, filename, png.byteLength);
  } catch (error) {
    // On a page the Shopify library hands Shopify's HTTP failures on as a Response: a busy or
    // failing Shopify (5xx, 429) only costs the image; others (401: sign in again) are the
    // framework's to answer.
    if (error instanceof Response && error.status < 500 && error.status !== 429) throw error;
    log().warn(
      { err: error instanceof Response ? `HTTP ${error.status}` : error },
      "staged upload not created",
    );
    return { status: "failed", reason: NO_UPLOAD };
  }

  try {
    await upload(target, filename, png);
  } catch (error) {
    log().warn({ err: error }, "staged upload failed");
    return { status: "failed", reason: NO_UPLOAD };
  }
  return { status: "ok", originalSource: target.resourceUrl!, alt: altFor(title) };
}

async function stagedTarget(
  admin: AdminApi,
  filename: string,
  fileSize: number,
): Promise<StagedTarget> {
  const data = await adminGraphql(admin)<{
    stagedUploadsCreate: { stagedTargets: StagedTarget[] | null; userErrors: ShopifyUserError[] };
  }>(STAGED_UPLOAD, {
    input: [
      {
        resource: "IMAGE",
        filename,
        mimeType: "image/png",
        httpMethod: "POST",
        fileSize: String(fileSize),
      },
    ],
  });
  const { stagedTargets, userErrors } = data.stagedUploadsCreate;
  if (userErrors.length > 0) throw userErrorsFailure(userErrors, "stagedUploadsCreate");
  const target = stagedTargets?.[0];
  if (!target?.url || !target.resourceUrl) {
    throw new ShopifyAdminError("refused", "stagedUploadsCreate answered no target");
  }
  return target;
}

/** The staged target's form: every parameter in Shopify's order, then the file last. */
async function upload(target: StagedTarget, filename: string, png: Uint8Array): Promise<void> {
  const form = new FormData();
  for (const { name, value } of target.parameters) form.append(name, value);
  // A copy over a plain ArrayBuffer, which Blob takes (the PNG may sit in a shared one).
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), filename);
  const response = await fetch(target.url!, {
    method: "POST",
    body: form,
    signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    redirect: "error",
  });
  await response.body?.cancel().catch(() => undefined);
  if (!response.ok) throw new Error(`staged upload answered HTTP ${response.status}`);
}

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
