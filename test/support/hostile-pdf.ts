/**
 * Small PDFs that are costly to read, made on the fly (nothing large is kept in the
 * repository): the files issue 24 is about, for the PDF pool's tests and `bench:preflight`.
 */
import { deflateSync } from "node:zlib";
import { PDFDocument, PDFName } from "pdf-lib";

/** US Letter, in points. */
const LETTER: [number, number] = [612, 792];

/**
 * A `pages`-page PDF whose first page carries `operators` drawing operators: rectangles over
 * nearly the whole page, each filled (`x y w h re f`, two operators, which pdfjs counts as
 * one). The content stream repeats itself, so it compresses to a few kilobytes: 300,000
 * operators and 48 pages make a file of about 17 KB that passes the print-file check and
 * takes pdfjs over a minute to draw at 1600 px on the project machine.
 */
export async function heavyFirstPagePdf({
  operators = 300_000,
  pages = 48,
  size = LETTER,
}: { operators?: number; pages?: number; size?: [number, number] } = {}): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const first = document.addPage(size);
  for (let i = 1; i < pages; i++) document.addPage(size);
  const [width, height] = size;
  const lines: string[] = [];
  for (let i = 0; i < operators / 2; i++) {
    const inset = i % 64;
    lines.push(`${inset} ${inset} ${width - 2 * inset} ${height - 2 * inset} re f`);
  }
  const content = document.context.flateStream(lines.join("\n"));
  first.node.set(PDFName.of("Contents"), document.context.register(content));
  return document.save();
}

/**
 * A one-page PDF with an object stream of `objects` tiny objects that nothing refers to.
 * pdf-lib parses every one of them while it loads the file: 300,000 objects (about 1.3 MB)
 * take seconds and hundreds of megabytes of heap, a million (4.4 MB) over half a minute.
 */
export function objectStreamPdf(objects: number): Uint8Array {
  const firstNumber = 10;
  const object = "[0 0 0 0]";
  const offsets: string[] = [];
  for (let i = 0; i < objects; i++) offsets.push(`${firstNumber + i} ${i * (object.length + 1)}`);
  const head = `${offsets.join(" ")}\n`;
  const stream = deflateSync(Buffer.from(head + Array(objects).fill(object).join("\n")));

  const parts: Buffer[] = [];
  let length = 0;
  const positions: number[] = [];
  const add = (part: string | Buffer) => {
    const bytes = typeof part === "string" ? Buffer.from(part, "latin1") : part;
    parts.push(bytes);
    length += bytes.length;
  };
  const addObject = (number: number, ...body: (string | Buffer)[]) => {
    positions[number] = length;
    add(`${number} 0 obj\n`);
    for (const part of body) add(part);
    add("\nendobj\n");
  };
  add("%PDF-1.7\n");
  addObject(1, "<< /Type /Catalog /Pages 2 0 R >>");
  addObject(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
  addObject(3, `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${LETTER.join(" ")}] >>`);
  addObject(
    4,
    `<< /Type /ObjStm /N ${objects} /First ${Buffer.byteLength(head)} /Filter /FlateDecode /Length ${stream.length} >>\nstream\n`,
    stream,
    "\nendstream",
  );
  const xref = length;
  const entries = [1, 2, 3, 4].map((n) => `${String(positions[n]).padStart(10, "0")} 00000 n \n`);
  add(
    `xref\n0 5\n0000000000 65535 f \n${entries.join("")}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
  );
  return new Uint8Array(Buffer.concat(parts));
}
