// Real PDFs for the sandbox and the tests, made with pdf-lib. Deterministic: the same
// arguments give the same bytes (no dates, no producer, a seeded fill), so a file's URL
// stands for one file.

import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  StandardFonts,
} from "pdf-lib";

const POINTS_PER_MM = 72 / 25.4;

export interface PdfSpec {
  pages: number;
  widthMm: number;
  heightMm: number;
  /**
   * Bytes of incompressible image data per page (a grey noise picture behind the page
   * number), so a test or benchmark file weighs what a photo book does. Default 0.
   */
  fillBytesPerPage?: number;
  /** A title drawn on page 1 over a coloured ground, as a book's first page is (its product image). */
  title?: string;
}

/** A PDF of `pages` pages of widthMm x heightMm (MediaBox), each showing its number. */
export async function makePdf(spec: PdfSpec): Promise<Uint8Array> {
  const document = await PDFDocument.create({ updateMetadata: false });
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = spec.title ? await document.embedFont(StandardFonts.HelveticaBold) : font;
  const width = spec.widthMm * POINTS_PER_MM;
  const height = spec.heightMm * POINTS_PER_MM;
  const fill = Math.max(0, Math.floor(spec.fillBytesPerPage ?? 0));
  const noise = seededBytes(1);
  for (let number = 1; number <= spec.pages; number++) {
    const page = document.addPage([width, height]);
    if (fill > 0) {
      const imageWidth = 256;
      const imageHeight = Math.ceil(fill / imageWidth);
      const image = document.context.stream(noise(imageWidth * imageHeight), {
        Type: "XObject",
        Subtype: "Image",
        Width: imageWidth,
        Height: imageHeight,
        ColorSpace: "DeviceGray",
        BitsPerComponent: 8,
      });
      const name = page.node.newXObject("Fill", document.context.register(image));
      page.pushOperators(
        pushGraphicsState(),
        concatTransformationMatrix(width, 0, 0, height, 0, 0),
        drawObject(name),
        popGraphicsState(),
      );
    }
    if (number === 1 && spec.title) drawTitlePage(page, spec.title, bold, width, height);
    const label = `${number} / ${spec.pages}`;
    const size = Math.max(6, Math.min(36, width / 12));
    page.drawText(label, {
      x: (width - font.widthOfTextAtSize(label, size)) / 2,
      y: height / 2,
      size,
      font,
      color: rgb(0.2, 0.2, 0.2),
    });
  }
  return document.save({ useObjectStreams: false });
}

/** A sea-green ground, a sand-coloured band and the title: recognisable as a thumbnail. */
function drawTitlePage(
  page: ReturnType<PDFDocument["addPage"]>,
  title: string,
  font: Awaited<ReturnType<PDFDocument["embedFont"]>>,
  width: number,
  height: number,
) {
  page.drawRectangle({ x: 0, y: 0, width, height, color: rgb(0.09, 0.36, 0.42) });
  page.drawRectangle({ x: 0, y: 0, width, height: height * 0.3, color: rgb(0.87, 0.78, 0.6) });
  const size = Math.max(8, Math.min(60, (width * 0.8) / Math.max(4, title.length * 0.55)));
  page.drawText(title, {
    x: (width - font.widthOfTextAtSize(title, size)) / 2,
    y: height * 0.68,
    size,
    font,
    color: rgb(1, 1, 1),
  });
}

/** A fixed stream of pseudo-random bytes (a linear congruential generator). */
function seededBytes(seed: number): (count: number) => Uint8Array {
  let state = seed >>> 0;
  return (count) => {
    const bytes = new Uint8Array(count);
    for (let i = 0; i < count; i++) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      bytes[i] = state >>> 24;
    }
    return bytes;
  };
}
