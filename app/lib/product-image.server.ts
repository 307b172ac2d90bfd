import { BUSY, NOT_DRAWN, ProductImageError, renderFirstPage } from "../services/product-image";
import { pdfWorkPool } from "../services/pdf-work/pool";
import {
  downloadReason,
  imageFileNameFor,
  altFor,
  NO_UPLOAD,
  productImageFromUrl,
  type ProductImageSource,
} from "../services/product-creation/image-source";
import {
  adminGraphql,
  isTemporaryStatus,
  ShopifyAdminError,
  userErrorsFailure,
  type AdminApi,
  type ShopifyUserError,
} from "../services/shopify-admin";
import {
  STAGED_UPLOAD,
  type StagedTarget,
} from "../services/shopify-admin/documents/staged-upload";
import { getLogger } from "./logger.server";
import { downloadForApp } from "./preflight.server";

/**
 * The product image made from the merchant's PDF: its first page rendered here and handed to
 * Shopify through a staged upload (Shopify cannot read a PDF as an image, and a staged upload
 * needs no public URL of the app's own). The merchant's words for each failure are in
 * services/product-creation/image-source.ts.
 */

export { productImageFromUrl, type ProductImageSource };

const UPLOAD_TIMEOUT_MS = 30_000;

const log = () => getLogger().child({ component: "product-image" });

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
  // A place among the files the PDF pool holds at once, taken before the download (as the
  // print-file check does): the file's bytes are bounded with its drawing.
  const admission = await pdfWorkPool().admit();
  if (!admission) return { status: "failed", reason: BUSY };
  let png: Uint8Array;
  try {
    const download = await downloadForApp(pdfUrl);
    if (download.kind !== "downloaded")
      return { status: "failed", reason: downloadReason(download) };
    // Drawn in a PDF worker thread under its time and memory limits (services/pdf-work).
    ({ png } = await renderFirstPage(download.bytes));
  } catch (error) {
    if (error instanceof ProductImageError) return { status: "failed", reason: error.message };
    log().warn({ err: error }, "first page not rendered");
    return { status: "failed", reason: NOT_DRAWN };
  } finally {
    admission.release();
  }

  const filename = imageFileNameFor(title);
  let target: StagedTarget;
  try {
    target = await stagedTarget(admin, filename, png.byteLength);
  } catch (error) {
    // On a page the Shopify library hands Shopify's HTTP failures on as a Response: a busy or
    // failing Shopify (5xx, 429) only costs the image; others (401: sign in again) are the
    // framework's to answer.
    if (error instanceof Response && !isTemporaryStatus(error.status)) throw error;
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
