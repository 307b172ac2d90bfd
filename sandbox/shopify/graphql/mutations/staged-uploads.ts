/**
 * stagedUploadsCreate: upload targets on the stand-in's own origin, shaped
 * like Shopify's Google Cloud Storage ones (a POST form with a signed policy,
 * or a signed PUT URL). server/uploads.ts takes the upload.
 */
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type { StagedUploadRecord } from "../../state";
import { requireAccess } from "../access";
import type { Args, GraphqlContext, UserError, View } from "../context";
import { IMAGE_BYTES_LIMIT, STAGED_UPLOAD_PATH } from "./media";

/** Signs the targets of this process (the upload checks the signature came back). */
const SIGNING_KEY = randomBytes(32);
const BUCKET = "shopify-staged-uploads";
const SUPPORTED = new Set(["IMAGE", "PRODUCT_IMAGE", "SHOP_IMAGE", "COLLECTION_IMAGE", "FILE"]);

export function signKey(key: string): string {
  return createHmac("sha256", SIGNING_KEY).update(key).digest("hex");
}

function timestamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

export function stagedUploadsCreate(ctx: GraphqlContext, inputs: Args[]): View {
  requireAccess(ctx, "stagedUploadsCreate", "write_products", "write_files");
  const errors: UserError[] = [];
  inputs.forEach((input, i) => {
    const path = ["input", String(i)];
    if (!String(input.filename ?? "").trim()) {
      errors.push({ field: [...path, "filename"], message: "Filename can't be blank" });
    }
    if (!String(input.mimeType ?? "").trim()) {
      errors.push({ field: [...path, "mimeType"], message: "Mime type can't be blank" });
    }
    const resource = String(input.resource);
    if (resource === "VIDEO" || resource === "MODEL_3D") {
      if (input.fileSize == null) {
        errors.push({
          field: [...path, "fileSize"],
          message: `File size is required for ${resource} uploads.`,
        });
      }
    }
    if (!SUPPORTED.has(resource)) {
      errors.push({
        field: [...path, "resource"],
        message: `The Shopify stand-in does not take ${resource} uploads.`,
      });
    }
    if (input.fileSize != null) {
      const size = Number(input.fileSize);
      if (!Number.isSafeInteger(size) || size < 0) {
        errors.push({ field: [...path, "fileSize"], message: "File size is invalid." });
      } else if (resource !== "FILE" && size > IMAGE_BYTES_LIMIT) {
        errors.push({
          field: [...path, "fileSize"],
          message: "File size exceeds the maximum of 20 MB for images.",
        });
      }
    }
  });
  if (errors.length) return { stagedTargets: null, userErrors: errors };

  const origin = ctx.fileOrigin ?? "";
  const now = ctx.state.now();
  const targets = inputs.map((input) => {
    const filename = String(input.filename)
      .trim()
      .replace(/[/\\]+/g, "_");
    const folder = input.resource === "FILE" ? "files" : "products";
    const key = `tmp/${ctx.shop.id}/${folder}/${randomUUID()}/${filename}`;
    const method = input.httpMethod === "POST" ? "POST" : "PUT";
    const mimeType = String(input.mimeType).trim();
    const signature = signKey(key);
    const date = timestamp(now);
    const credential = `merchant-assets@shopify-tiers.iam.gserviceaccount.com/${date.slice(0, 8)}/auto/storage/goog4_request`;
    const fileSize = input.fileSize == null ? null : Number(input.fileSize);
    const policy = Buffer.from(
      JSON.stringify({
        conditions: [
          { "Content-Type": mimeType },
          { success_action_status: "201" },
          { acl: "private" },
          ["content-length-range", 1, fileSize ?? IMAGE_BYTES_LIMIT],
          { bucket: BUCKET },
          { key },
          { "x-goog-date": date },
          { "x-goog-credential": credential },
          { "x-goog-algorithm": "GOOG4-RSA-SHA256" },
        ],
        expiration: new Date(now + 7 * 24 * 3600 * 1000).toISOString(),
      }),
    ).toString("base64");
    const parameters =
      method === "POST"
        ? [
            { name: "Content-Type", value: mimeType },
            { name: "success_action_status", value: "201" },
            { name: "acl", value: "private" },
            { name: "key", value: key },
            { name: "x-goog-date", value: date },
            { name: "x-goog-credential", value: credential },
            { name: "x-goog-algorithm", value: "GOOG4-RSA-SHA256" },
            { name: "x-goog-signature", value: signature },
            { name: "policy", value: policy },
          ]
        : [
            { name: "content_type", value: mimeType },
            { name: "acl", value: "private" },
          ];
    const record: StagedUploadRecord = {
      key,
      shop: ctx.shop.domain,
      resource: String(input.resource),
      filename,
      mimeType,
      httpMethod: method,
      fileSize,
      parameters,
      bytes: null,
      uploadedContentType: null,
      createdAt: now,
      uploadedAt: null,
    };
    ctx.state.stagedUploads.set(key, record);
    const resourceUrl = `${origin}${STAGED_UPLOAD_PATH}${key.split("/").map(encodeURIComponent).join("/")}`;
    return {
      url:
        method === "POST"
          ? `${origin}${STAGED_UPLOAD_PATH}`
          : `${resourceUrl}?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Date=${date}&X-Goog-Signature=${signature}`,
      resourceUrl,
      parameters,
    };
  });
  return { stagedTargets: targets, userErrors: [] };
}
