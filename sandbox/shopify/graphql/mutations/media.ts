/**
 * Product media from productSet `files`: a staged upload's bytes or an image
 * fetched from a loopback URL become a MediaImage that is READY when the bytes
 * are a PNG, JPEG, GIF or WebP image, and FAILED (with a media error) otherwise.
 */
import { randomUUID } from "node:crypto";
import type { MediaErrorRecord, MediaRecord, ProductRecord } from "../../state";
import { sniffImage } from "../../state/images";
import type { GraphqlContext } from "../context";

/** Shopify's limit for an image file (20 MB). */
export const IMAGE_BYTES_LIMIT = 20 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 5_000;
export const STAGED_UPLOAD_PATH = "/staged-uploads/";

function fileName(source: string): string {
  let name = "image";
  try {
    name = decodeURIComponent(new URL(source).pathname.split("/").pop() ?? "") || "image";
  } catch {
    // keep the default
  }
  return name.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 120) || "image";
}

function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127\./.test(host);
}

function fail(m: MediaRecord, code: string, message: string, details: string | null = null) {
  m.status = "FAILED";
  m.bytes = null;
  m.error = { code, message, details } satisfies MediaErrorRecord;
}

/** Turns fetched or uploaded bytes into a READY image, or FAILED when they are not one. */
function settle(m: MediaRecord, bytes: Buffer): void {
  if (bytes.length > IMAGE_BYTES_LIMIT) {
    fail(m, "INVALID_IMAGE_FILE_SIZE", "Image file size exceeds the 20 MB limit.");
    return;
  }
  const info = sniffImage(bytes);
  if (!info) {
    fail(
      m,
      "UNSUPPORTED_IMAGE_FILE_TYPE",
      "Image file type is not supported: use a PNG, JPEG, GIF or WebP image.",
    );
    return;
  }
  m.status = "READY";
  m.bytes = bytes;
  m.mimeType = info.mimeType;
  m.width = info.width;
  m.height = info.height;
  m.error = null;
}

async function fetchImage(m: MediaRecord): Promise<void> {
  try {
    const res = await fetch(m.originalSource, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!res.ok) {
      fail(m, "IMAGE_DOWNLOAD_FAILURE", "Image could not be downloaded.", `HTTP ${res.status}`);
      return;
    }
    settle(m, Buffer.from(await res.arrayBuffer()));
  } catch (error) {
    fail(
      m,
      "IMAGE_DOWNLOAD_FAILURE",
      "Image could not be downloaded.",
      error instanceof Error ? error.message : String(error),
    );
  }
}

/** The staged upload a resourceUrl of this stand-in names, by its object key. */
export function stagedKeyOf(ctx: GraphqlContext, source: string): string | null {
  const prefix = `${ctx.fileOrigin ?? ""}${STAGED_UPLOAD_PATH}`;
  if (!ctx.fileOrigin || !source.startsWith(prefix)) return null;
  return decodeURIComponent(source.slice(prefix.length).split("?")[0] ?? "");
}

/**
 * A new MediaImage for a product from a file's originalSource. A staged
 * upload is settled at once; a loopback URL is fetched in the background
 * (PROCESSING until then); any other URL is not fetched (FAILED), since the
 * stand-in never reaches outside the machine.
 */
export function createMedia(
  ctx: GraphqlContext,
  product: ProductRecord,
  source: string,
  alt: string | null,
): MediaRecord {
  const key = stagedKeyOf(ctx, source);
  const upload = key === null ? undefined : ctx.state.stagedUploads.get(key);
  const m: MediaRecord = {
    id: ctx.state.nextId("MediaImage"),
    shop: ctx.shop.domain,
    productId: product.id,
    alt,
    status: "PROCESSING",
    originalSource: source,
    fileKey: `${randomUUID()}/${upload ? upload.filename.replace(/[^A-Za-z0-9._-]+/g, "_") : fileName(source)}`,
    mimeType: null,
    width: null,
    height: null,
    bytes: null,
    error: null,
    createdAt: ctx.state.now(),
  };
  ctx.state.media.set(m.id, m);
  if (key !== null) {
    if (!upload || upload.shop !== ctx.shop.domain) {
      fail(m, "INVALID_SIGNED_URL", "The staged upload URL is not valid for this shop.", source);
    } else if (!upload.bytes) {
      fail(m, "IMAGE_DOWNLOAD_FAILURE", "Nothing was uploaded to the staged upload URL.", source);
    } else {
      settle(m, upload.bytes);
    }
    return m;
  }
  const url = new URL(source);
  if (isLoopback(url)) {
    const work = fetchImage(m);
    ctx.track?.(work);
  } else {
    fail(
      m,
      "IMAGE_DOWNLOAD_FAILURE",
      "Image could not be downloaded: the Shopify stand-in only fetches images from this machine (loopback).",
      source,
    );
  }
  return m;
}
