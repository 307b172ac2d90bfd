/**
 * Whether bytes are a PDF at all, by its header: cheap enough for the request thread, and free
 * of pdf-lib, which only the PDF worker threads load (./inspect.ts).
 */

/** The PDF header may follow a little junk; readers look in the first kilobyte. */
const HEADER_SEARCH_BYTES = 1024;

export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(
    bytes.buffer,
    bytes.byteOffset,
    Math.min(bytes.length, HEADER_SEARCH_BYTES),
  );
  return head.includes("%PDF-");
}
