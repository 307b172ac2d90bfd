/**
 * The file side of the stand-in: the staged upload target (a POST form like
 * Google Cloud Storage's, or a signed PUT) that keeps the bytes, and the
 * product images served at their `image.url` (like cdn.shopify.com).
 */
import { createHash } from "node:crypto";
import { signKey } from "../graphql/mutations/staged-uploads";
import { IMAGE_BYTES_LIMIT, STAGED_UPLOAD_PATH } from "../graphql/mutations/media";
import type { StagedUploadRecord } from "../state";
import type { FakeServerState } from "./context";
import { HttpReply } from "./reply";

export const MEDIA_PATH = "/cdn/shop/files/";

interface Part {
  name: string;
  filename: string | null;
  contentType: string | null;
  data: Buffer;
}

/** multipart/form-data parts, in order. */
export function parseMultipart(body: Buffer, contentType: string): Part[] | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) return null;
  while (at >= 0) {
    let start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === "--") break;
    if (body.subarray(start, start + 2).toString() === "\r\n") start += 2;
    const headerEnd = body.indexOf("\r\n\r\n", start);
    if (headerEnd < 0) return null;
    const next = body.indexOf(delimiter, headerEnd + 4);
    if (next < 0) return null;
    const headers = body.subarray(start, headerEnd).toString("utf8");
    // The part's data ends before the CRLF that precedes the next delimiter.
    const data = body.subarray(headerEnd + 4, next - 2);
    const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? "";
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) return null;
    parts.push({
      name,
      filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null,
      contentType: /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1]?.trim() ?? null,
      data,
    });
    at = next;
  }
  return parts;
}

/** Google Cloud Storage answers XML errors. */
function gcsError(status: number, code: string, message: string): HttpReply {
  const xml = `<?xml version='1.0' encoding='UTF-8'?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  return new HttpReply(status, Buffer.from(xml), {
    "Content-Type": "application/xml; charset=UTF-8",
  });
}

function store(upload: StagedUploadRecord, bytes: Buffer, contentType: string | null, now: number) {
  upload.bytes = bytes;
  upload.uploadedContentType = contentType;
  upload.uploadedAt = now;
}

function sizeProblem(upload: StagedUploadRecord, size: number): HttpReply | null {
  const limit = upload.fileSize ?? IMAGE_BYTES_LIMIT;
  if (size > limit) {
    return gcsError(
      400,
      "EntityTooLarge",
      `Your proposed upload is larger than the maximum object size specified in your Policy Document (${limit} bytes).`,
    );
  }
  if (size === 0) {
    return gcsError(
      400,
      "EntityTooSmall",
      "Your proposed upload is smaller than the minimum object size specified in your Policy Document.",
    );
  }
  return null;
}

/** POST <origin>/staged-uploads/: the form fields handed out, then `file`. */
function handlePost(fake: FakeServerState, body: Buffer, contentType: string): HttpReply {
  if (!/^multipart\/form-data/i.test(contentType)) {
    return gcsError(400, "InvalidArgument", "The upload must be multipart/form-data.");
  }
  const parts = parseMultipart(body, contentType);
  if (!parts) return gcsError(400, "InvalidArgument", "The multipart body could not be read.");
  const fileIndex = parts.findIndex((p) => p.name === "file");
  if (fileIndex < 0) return gcsError(400, "InvalidArgument", "Missing file field.");
  // As on Cloud Storage, fields after the file are ignored.
  const fields = new Map(parts.slice(0, fileIndex).map((p) => [p.name, p.data.toString("utf8")]));
  const key = fields.get("key");
  const upload = key === undefined ? undefined : fake.state.stagedUploads.get(key);
  if (!upload || upload.httpMethod !== "POST") {
    return gcsError(403, "AccessDenied", "Invalid key or no such staged upload target.");
  }
  for (const p of upload.parameters) {
    if (fields.get(p.name) !== p.value) {
      return gcsError(
        403,
        "AccessDenied",
        `Invalid according to Policy: Policy Condition failed: field ${p.name} is missing or was changed.`,
      );
    }
  }
  const file = parts[fileIndex]!;
  const problem = sizeProblem(upload, file.data.length);
  if (problem) return problem;
  store(
    upload,
    Buffer.from(file.data),
    fields.get("Content-Type") ?? file.contentType,
    fake.clock.now(),
  );
  const status = fields.get("success_action_status") === "201" ? 201 : 204;
  if (status === 204) return new HttpReply(204, Buffer.alloc(0), {});
  const location = `${fake.url ?? ""}${STAGED_UPLOAD_PATH}${upload.key}`;
  const etag = createHash("md5").update(upload.bytes!).digest("hex");
  const xml = `<?xml version='1.0' encoding='UTF-8'?><PostResponse><Location>${location}</Location><Bucket>shopify-staged-uploads</Bucket><Key>${upload.key}</Key><ETag>"${etag}"</ETag></PostResponse>`;
  return new HttpReply(201, Buffer.from(xml), { "Content-Type": "application/xml; charset=UTF-8" });
}

/** PUT <origin>/staged-uploads/<key>?X-Goog-Signature=...: the raw bytes. */
function handlePut(
  fake: FakeServerState,
  key: string,
  url: URL,
  body: Buffer,
  contentType: string | undefined,
): HttpReply {
  const upload = fake.state.stagedUploads.get(key);
  if (
    !upload ||
    upload.httpMethod !== "PUT" ||
    url.searchParams.get("X-Goog-Signature") !== signKey(key)
  ) {
    return gcsError(
      403,
      "SignatureDoesNotMatch",
      "The request signature we calculated does not match the signature you provided.",
    );
  }
  const problem = sizeProblem(upload, body.length);
  if (problem) return problem;
  store(upload, body, contentType ?? null, fake.clock.now());
  return new HttpReply(200, Buffer.alloc(0), {});
}

/** GET <origin>/cdn/shop/files/<uuid>/<name>: a READY product image, for browsers too. */
function handleMedia(fake: FakeServerState, fileKey: string): HttpReply {
  const media = [...fake.state.media.values()].find((m) => m.fileKey === fileKey);
  if (!media || media.status !== "READY" || !media.bytes) {
    return new HttpReply(404, Buffer.from("Not Found"), { "Content-Type": "text/plain" });
  }
  return new HttpReply(200, media.bytes, {
    "Content-Type": media.mimeType ?? "application/octet-stream",
    "Cache-Control": "public, max-age=31536000, immutable",
    "Access-Control-Allow-Origin": "*",
    "Cross-Origin-Resource-Policy": "cross-origin",
  });
}

/** The file routes, or undefined when the path is not one of them. */
export function handleFiles(
  fake: FakeServerState,
  method: string,
  url: URL,
  body: Buffer,
  contentType: string | undefined,
): HttpReply | undefined {
  const path = url.pathname;
  if (path === STAGED_UPLOAD_PATH || path === STAGED_UPLOAD_PATH.slice(0, -1)) {
    if (method === "POST") return handlePost(fake, body, contentType ?? "");
    return gcsError(405, "MethodNotAllowed", "Use POST with the form fields.");
  }
  if (path.startsWith(STAGED_UPLOAD_PATH)) {
    const key = decodeURIComponent(path.slice(STAGED_UPLOAD_PATH.length));
    if (method === "PUT") return handlePut(fake, key, url, body, contentType);
    // Staged objects are private, as on Cloud Storage.
    return gcsError(
      403,
      "AccessDenied",
      "Anonymous caller does not have storage.objects.get access.",
    );
  }
  if (path.startsWith(MEDIA_PATH) && (method === "GET" || method === "HEAD")) {
    return handleMedia(fake, decodeURIComponent(path.slice(MEDIA_PATH.length)));
  }
  return undefined;
}
