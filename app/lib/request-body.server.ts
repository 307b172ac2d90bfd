/**
 * Reads a request body as text, refusing (null) one larger than `limit` bytes:
 * by its declared length at once, otherwise while it streams, so an oversized
 * body is never held whole in memory.
 */
export async function readBodyWithin(request: Request, limit: number): Promise<string | null> {
  const bytes = await readBodyBytesWithin(request, limit);
  return bytes === null ? null : bytes.toString("utf8");
}

/** The same, as the bytes that came (a signature covers the bytes, not their text). */
export async function readBodyBytesWithin(request: Request, limit: number): Promise<Buffer | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) return null;
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
