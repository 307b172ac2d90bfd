// The sandbox's file host: real PDFs at GET /files/<path>.pdf, so mappings and demo orders
// can point at files that preflight downloads and reads (docs/decisions/0009-preflight.md).
//
// - /files/generate/<pages>p-<w>x<h>mm.pdf: any page count and size (mm, decimals allowed),
//   e.g. /files/generate/24p-216x303mm.pdf; at most 2,000 pages and 5,000 mm a side.
// - named demo files (NAMED below), good and bad.
//
// Files are made on first request and kept in memory.

import type { IncomingMessage, ServerResponse } from "node:http";
import { measureSpine } from "../catalogue/spine";
import { OFFERINGS } from "../catalogue/offerings";
import { encryptedPdf } from "./encrypted-pdf";
import { makePdf, type PdfSpec } from "./make-pdf";

export { makePdf, type PdfSpec } from "./make-pdf";
export { encryptedPdf } from "./encrypted-pdf";

export const FILES_PREFIX = "/files/";
export const MAX_GENERATED_PAGES = 2000;
export const MAX_GENERATED_MM = 5000;

interface SandboxFile {
  body: Uint8Array;
  contentType: string;
}

/** A hardcover A4 book's cover (back, spine, front and wrap) for its page count, by the sandbox's spine rule. */
function hardcoverA4Cover(pages: number): PdfSpec {
  const hardcoverA4 = OFFERINGS.find((o) => o.id === 228478)!;
  const cover = measureSpine(hardcoverA4, pages)!;
  return { pages: 1, widthMm: cover.coverWidth, heightMm: cover.coverHeight };
}

type Source = PdfSpec | (() => SandboxFile);

const pdf = (body: Uint8Array): SandboxFile => ({ body, contentType: "application/pdf" });

/** The named files; `notebooks/<any name>.pdf` is matched separately. */
const NAMED: Readonly<Record<string, Source>> = {
  // A4 (210 x 297 mm) plus 3 mm bleed on every side.
  "photo-book/interior-24.pdf": { pages: 24, widthMm: 216, heightMm: 303, title: "Coastlines" },
  "photo-book/interior-48.pdf": { pages: 48, widthMm: 216, heightMm: 303, title: "Coastlines" },
  "photo-book/cover-24.pdf": hardcoverA4Cover(24),
  "photo-book/cover-48.pdf": hardcoverA4Cover(48),
  // 300 x 400 mm plus bleed.
  "art/dunes-at-dusk-30x40.pdf": { pages: 1, widthMm: 306, heightMm: 406 },
  "bad/photo-book-47-pages.pdf": { pages: 47, widthMm: 216, heightMm: 303 },
  // US Letter (216 x 279 mm) plus bleed: not A4.
  "bad/photo-book-letter-size.pdf": { pages: 24, widthMm: 222, heightMm: 285 },
  "bad/not-a-pdf.pdf": () => ({
    body: new TextEncoder().encode(
      "This is a text file named .pdf, as a sharing page or a wrong export would be.\n",
    ),
    contentType: "application/pdf",
  }),
  "bad/encrypted.pdf": () => pdf(encryptedPdf()),
};

/** A5 (148 x 210 mm) plus bleed, 120 pages: the demo notebook's customer files. */
const NOTEBOOK: PdfSpec = { pages: 120, widthMm: 154, heightMm: 216 };
const notebookPath = /^notebooks\/[A-Za-z0-9._-]+\.pdf$/;
const generatePath = /^generate\/(\d+)p-(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)mm\.pdf$/;

/** What a path under /files/ names, or null. */
export function fileSource(name: string): Source | null {
  if (Object.hasOwn(NAMED, name)) return NAMED[name]!;
  if (notebookPath.test(name)) return NOTEBOOK;
  const generated = generatePath.exec(name);
  if (!generated) return null;
  const spec = {
    pages: Number(generated[1]),
    widthMm: Number(generated[2]),
    heightMm: Number(generated[3]),
  };
  const sizeOk = (mm: number) => mm > 0 && mm <= MAX_GENERATED_MM;
  if (spec.pages < 1 || spec.pages > MAX_GENERATED_PAGES) return null;
  if (!sizeOk(spec.widthMm) || !sizeOk(spec.heightMm)) return null;
  return spec;
}

/** Made files by name. Generated names are endless, so only the latest few stay. */
const cache = new Map<string, Promise<SandboxFile>>();
const MAX_CACHED = 32;

function cacheKey(name: string, source: Source): string {
  // All notebook names are one file.
  return source === NOTEBOOK ? "notebooks/*" : name;
}

export function sandboxFile(name: string): Promise<SandboxFile> | null {
  const source = fileSource(name);
  if (!source) return null;
  const key = cacheKey(name, source);
  let file = cache.get(key);
  if (!file) {
    file =
      typeof source === "function"
        ? Promise.resolve(source())
        : makePdf(source).then((body) => pdf(body));
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(key, file);
    // A failed make is not kept.
    file.catch(() => cache.delete(key));
  }
  return file;
}

/** Answers GET and HEAD /files/<name>; 404 for an unknown name, 405 for other methods. */
export async function handleFileRequest(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  const method = req.method ?? "GET";
  const plain = (status: number, text: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, {
      "content-type": "text/plain; charset=utf-8",
      "content-length": Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  };
  if (method !== "GET" && method !== "HEAD") {
    plain(405, "Method not allowed\n", { allow: "GET, HEAD" });
    return;
  }
  let name: string;
  try {
    name = decodeURIComponent(path.slice(FILES_PREFIX.length));
  } catch {
    plain(404, "No such file\n");
    return;
  }
  const file = sandboxFile(name);
  if (!file) {
    plain(404, "No such file\n");
    return;
  }
  let made: SandboxFile;
  try {
    made = await file;
  } catch (error) {
    plain(
      500,
      `Could not make the file: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return;
  }
  const { body, contentType } = made;
  res.writeHead(200, {
    "content-type": contentType,
    "content-length": body.length,
    "cache-control": "public, max-age=3600",
  });
  res.end(method === "HEAD" ? undefined : body);
}
