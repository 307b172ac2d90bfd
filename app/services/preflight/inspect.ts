/**
 * Reads the facts a preflight needs from a PDF with pdf-lib: page count,
 * encryption, and page sizes. pdf-lib parses the document's objects without
 * decoding page content, which keeps a 600-page file to about a tenth of a
 * second (bench/preflight.ts). Runs in a PDF worker thread (../pdf-work): the
 * request thread never loads pdf-lib for a preflight.
 */
import { PDFDocument, type PDFPage } from "pdf-lib";
import { looksLikePdf } from "./header";
import { PAGE_SIZE_TOLERANCE_MM } from "./types";

export { looksLikePdf } from "./header";

export interface PageSize {
  widthMm: number;
  heightMm: number;
}

export interface PdfFacts {
  encrypted: boolean;
  /** Null when the page tree could not be read (an encrypted file may hide it). */
  pages: number | null;
  /** The first page's size as printed (TrimBox else MediaBox, turned by /Rotate). */
  firstPage: PageSize | null;
  /** The first page whose size differs from the first page's, if any. */
  otherSize: (PageSize & { page: number }) | null;
}

export type Inspection =
  { kind: "not_pdf" } | { kind: "damaged" } | { kind: "read"; facts: PdfFacts };

const POINTS_PER_MM = 72 / 25.4;

export async function inspectPdf(bytes: Uint8Array): Promise<Inspection> {
  if (!looksLikePdf(bytes)) return { kind: "not_pdf" };
  let document: PDFDocument;
  try {
    // Encryption is reported as a finding, so the load must not refuse it.
    document = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch {
    return { kind: "damaged" };
  }
  const encrypted = document.isEncrypted;
  let pages: PDFPage[];
  let sizes: PageSize[];
  try {
    pages = document.getPages();
    sizes = pages.map(printedSize);
  } catch {
    // Encrypted files may keep the page tree in encrypted object streams.
    if (encrypted)
      return { kind: "read", facts: { encrypted, pages: null, firstPage: null, otherSize: null } };
    return { kind: "damaged" };
  }
  if (pages.length === 0) return { kind: "damaged" };
  const first = sizes[0]!;
  const otherIndex = sizes.findIndex((size) => !sameSize(size, first));
  return {
    kind: "read",
    facts: {
      encrypted,
      pages: pages.length,
      firstPage: first,
      otherSize: otherIndex < 0 ? null : { page: otherIndex + 1, ...sizes[otherIndex]! },
    },
  };
}

/** The size a page prints at: the TrimBox if the file states one, else the MediaBox, turned by /Rotate. */
function printedSize(page: PDFPage): PageSize {
  const box = (page.node.TrimBox() ?? page.node.MediaBox()).asRectangle();
  const width = Math.abs(box.width) / POINTS_PER_MM;
  const height = Math.abs(box.height) / POINTS_PER_MM;
  if (!Number.isFinite(width) || !Number.isFinite(height))
    throw new Error("page box is not a number");
  const quarterTurns = Math.round(page.getRotation().angle / 90);
  const turned = Math.abs(quarterTurns) % 2 === 1;
  return {
    widthMm: roundMm(turned ? height : width),
    heightMm: roundMm(turned ? width : height),
  };
}

export function roundMm(value: number): number {
  return Math.round(value * 10) / 10;
}

function sameSize(a: PageSize, b: PageSize): boolean {
  return (
    Math.abs(a.widthMm - b.widthMm) <= PAGE_SIZE_TOLERANCE_MM &&
    Math.abs(a.heightMm - b.heightMm) <= PAGE_SIZE_TOLERANCE_MM
  );
}
