/**
 * PDF work off the thread that answers requests (issue 24, decision 16): the first-page
 * render and the preflight's parse run in worker threads, from the TypeScript sources here,
 * under a wall-clock limit that terminates the thread, a heap limit, and a bounded queue.
 * This thread stays free the whole time: the event loop is watched while hostile files are
 * read.
 */
import { once } from "node:events";
import { PDFDocument, rgb } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PDF_WORK_LIMITS, PdfWorkPool } from "~/services/pdf-work/pool";
import { expectationFor, preflightFile, preflightMatches } from "~/services/preflight";
import { BUSY, ProductImageError, renderFirstPage, TOO_COMPLEX } from "~/services/product-image";
import { makePdf } from "../../sandbox/files";
import { watchEventLoop } from "../support/event-loop";
import { heavyFirstPagePdf, objectStreamPdf } from "../support/hostile-pdf";
import { sendBytes, startFileServer, type FileServer } from "../preflight/file-server";

/**
 * Each test's upper bound: loading a thread's reader may take its own 60 s bound on a loaded
 * machine, and the work it times comes after.
 */
const TEST_BOUND_MS = 120_000;

/**
 * The longest this thread's event loop may lag while a PDF is read elsewhere. Read on this
 * thread, the 300,000-operator page held it for over a minute; a busy test machine alone can
 * delay a timer by a few hundred milliseconds now and then, so the bar sits above that.
 */
const HELD_UP_MS = 1_000;
const BOOK = expectationFor(
  { name: "Softcover book US Letter", minNumberOfPages: 24, maxNumberOfPages: 800 },
  { numberOfPages: 48, contentWidth: 215.9, contentHeight: 279.4 },
);

async function plainPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage([400, 200]);
  page.drawRectangle({ x: 0, y: 0, width: 100, height: 200, color: rgb(1, 0, 0) });
  return document.save();
}

/**
 * A first page under the operator limit whose drawing still takes far longer than any limit
 * here: 60,000 fills of nearly the whole page (about half a minute on the project machine).
 */
const slowFirstPage = () => heavyFirstPagePdf({ operators: 120_000, pages: 1 });

async function waitFor(condition: () => boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Draws a small page until one is drawn. A pool whose wait for a thread is short may turn the
 * first away as busy while its thread is still starting (on a loaded machine that can outlast
 * the wait); the thread goes on starting, and a later try finds it ready.
 */
async function warmUp(own: PdfWorkPool): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await renderFirstPage(await plainPdf(), { pool: own, maxSidePx: 100 });
      return;
    } catch (error) {
      if (!(error instanceof ProductImageError) || error.message !== BUSY || attempt === 20) {
        throw error;
      }
    }
  }
}

let files: FileServer;
const pools: PdfWorkPool[] = [];
/** A pool of this test's own, closed at the end. */
function pool(limits: ConstructorParameters<typeof PdfWorkPool>[0] = {}): PdfWorkPool {
  const made = new PdfWorkPool(limits);
  pools.push(made);
  return made;
}

beforeAll(async () => {
  files = await startFileServer({
    "/heavy-first-page.pdf": sendBytes(await heavyFirstPagePdf()),
    "/many-objects.pdf": sendBytes(objectStreamPdf(300_000)),
    "/book.pdf": sendBytes(await makePdf({ pages: 48, widthMm: 215.9, heightMm: 279.4 })),
  });
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
  await files?.close();
});

describe("the first-page render", () => {
  it(
    "refuses a first page of 300,000 drawing operators in the merchant's words, without holding up this thread",
    { timeout: TEST_BOUND_MS },
    async () => {
      const pdf = await heavyFirstPagePdf();
      expect(pdf.length).toBeLessThan(30_000);
      // A thread loads the reader before a task's clock starts (seconds on a busy machine):
      // loaded first, what is timed below is the limit.
      await renderFirstPage(await plainPdf(), { maxSidePx: 400 });
      const loop = watchEventLoop();
      const started = performance.now();
      const error = await renderFirstPage(pdf).catch((e: unknown) => e);
      const took = performance.now() - started;
      const delay = loop.stop();
      expect(error).toEqual(new ProductImageError(TOO_COMPLEX));
      expect(TOO_COMPLEX).toMatch(/^The image could not be made from this PDF/);
      expect(took).toBeLessThan(PDF_WORK_LIMITS.taskMs + 10_000);
      expect(delay.maxMs).toBeLessThan(HELD_UP_MS);
    },
  );

  it(
    "terminates a thread still drawing at the wall-clock limit, gives the note, and the pool goes on",
    { timeout: TEST_BOUND_MS },
    async () => {
      const own = pool();
      const pdf = await slowFirstPage();
      await renderFirstPage(await plainPdf(), { pool: own, maxSidePx: 400 });
      const loop = watchEventLoop();
      const drawing = renderFirstPage(pdf, { pool: own, timeoutMs: 1_000 }).catch(
        (e: unknown) => e,
      );
      await waitFor(() => own.threads === 1);
      const thread = own.workers[0]!;
      const exited = once(thread, "exit");
      const started = performance.now();
      expect(await drawing).toEqual(new ProductImageError(TOO_COMPLEX));
      // The thread itself ends: a synchronous draw does not outlive its limit.
      await exited;
      expect(performance.now() - started).toBeLessThan(15_000);
      expect(own.workers).not.toContain(thread);
      expect(loop.stop().maxMs).toBeLessThan(HELD_UP_MS);

      const next = await renderFirstPage(await plainPdf(), { pool: own, maxSidePx: 400 });
      expect([next.widthPx, next.heightPx]).toEqual([400, 200]);
    },
  );

  it(
    "closes a thread that has had nothing to do for a while",
    { timeout: TEST_BOUND_MS },
    async () => {
      const own = pool({ idleMs: 300 });
      await renderFirstPage(await plainPdf(), { pool: own, maxSidePx: 100 });
      expect(own.threads).toBe(1);
      await waitFor(() => own.threads === 0, 10_000);
    },
  );

  it(
    "says the app is busy when the queue is full, or a task waits too long for a thread",
    { timeout: TEST_BOUND_MS },
    async () => {
      const own = pool({ threads: 1, queue: 1, queueWaitMs: 1_500 });
      // The thread and its reader loaded first: on a busy machine loading alone may outlast the
      // 1.5 s wait, and the drawing below would be turned away as busy too.
      await warmUp(own);
      // Still drawing when the pool is closed at the end, which ends it.
      const running = renderFirstPage(await slowFirstPage(), {
        pool: own,
        timeoutMs: 10_000,
      }).catch((e: unknown) => e);
      await waitFor(() => own.threads === 1);
      const waiting = renderFirstPage(await plainPdf(), { pool: own }).catch((e: unknown) => e);
      await waitFor(() => own.queued === 1);
      // The queue holds one: the next is turned away at once.
      const third = await plainPdf();
      const started = performance.now();
      await expect(renderFirstPage(third, { pool: own })).rejects.toEqual(
        new ProductImageError(BUSY),
      );
      // At once: well under the 1.5 s a queued task would wait before it is turned away.
      expect(performance.now() - started).toBeLessThan(1_000);
      // The one waiting gives up after 1.5 s, taken out of the queue; the drawing goes on.
      expect(await waiting).toEqual(new ProductImageError(BUSY));
      expect(own.queued).toBe(0);
      expect(own.threads).toBe(1);
      await own.close();
      await running;
    },
  );

  it(
    "hands a file over to the thread rather than copying it",
    { timeout: TEST_BOUND_MS },
    async () => {
      const own = pool();
      const large = await makePdf({
        pages: 2,
        widthMm: 210,
        heightMm: 297,
        fillBytesPerPage: 68_000,
      });
      expect(large.byteLength).toBe(large.buffer.byteLength);
      const outcome = await own.run({ kind: "inspect", bytes: large });
      expect(outcome).toMatchObject({ kind: "done", value: { kind: "read", facts: { pages: 2 } } });
      // Transferred: this thread's view is empty now.
      expect(large.byteLength).toBe(0);

      // A part of a buffer (here a small Buffer in Node's shared pool) is copied, and left as it was.
      const small = Buffer.from(await plainPdf());
      const length = small.length;
      expect(await own.run({ kind: "inspect", bytes: small })).toMatchObject({ kind: "done" });
      expect(small.length).toBe(length);
    },
  );
});

describe("the preflight's parse", () => {
  it(
    "reads a 48-page book in a thread and checks it as before",
    { timeout: TEST_BOUND_MS },
    async () => {
      const result = await preflightFile(`${files.url}/book.pdf`, BOOK);
      expect(result).toMatchObject({ status: "passed", pages: 48, problems: [] });
    },
  );

  it(
    "passes a file with a heavy first page: its check reads no page content",
    { timeout: TEST_BOUND_MS },
    async () => {
      const result = await preflightFile(`${files.url}/heavy-first-page.pdf`, BOOK);
      expect(result).toMatchObject({ status: "passed", pages: 48 });
    },
  );

  it(
    "stops a parse past the time limit: a failed check in plain words, as a damaged file is, and this thread is not held up",
    { timeout: TEST_BOUND_MS },
    async () => {
      const loop = watchEventLoop();
      const started = performance.now();
      const result = await preflightFile(`${files.url}/many-objects.pdf`, BOOK, {
        readTimeoutMs: 500,
      });
      expect(performance.now() - started).toBeLessThan(15_000);
      expect(loop.stop().maxMs).toBeLessThan(HELD_UP_MS);
      expect(result.status).toBe("failed");
      expect(result.problems).toEqual([
        {
          code: "TOO_COMPLEX",
          message:
            "This PDF could not be checked: reading it took longer, or more memory, than a print file may need.",
          fix: "Export the PDF again from the design program (flattened, with compressed images) and put the new file at the same address.",
        },
      ]);
      // A verdict, kept and reused like any other.
      expect(preflightMatches(result, result.url, BOOK)).toBe(true);
    },
  );

  it(
    "stops a thread past its heap limit, with the same words",
    { timeout: TEST_BOUND_MS },
    async () => {
      // A wall-clock limit well past the heap's: on a loaded machine the parse could otherwise
      // be stopped by the clock before it runs out of memory.
      const small = pool({ heapMb: 32, taskMs: 90_000 });
      const outcome = await small.run({ kind: "inspect", bytes: objectStreamPdf(300_000) });
      expect(outcome).toEqual({ kind: "out_of_memory" });
      const result = await preflightFile(`${files.url}/many-objects.pdf`, BOOK, {
        pdfWork: small,
      });
      expect(result.problems.map((p) => p.code)).toEqual(["TOO_COMPLEX"]);
      // The pool goes on with a fresh thread.
      expect(await preflightFile(`${files.url}/book.pdf`, BOOK, { pdfWork: small })).toMatchObject({
        status: "passed",
      });
    },
  );

  it(
    "is no verdict when every thread is busy: not checked, in plain words, never reused",
    { timeout: TEST_BOUND_MS },
    async () => {
      const own = pool({ threads: 1, queue: 0 });
      // Still drawing when the pool is closed at the end, which ends it.
      const running = renderFirstPage(await slowFirstPage(), {
        pool: own,
        timeoutMs: 10_000,
      }).catch((e: unknown) => e);
      await waitFor(() => own.threads === 1);
      const result = await preflightFile(`${files.url}/book.pdf`, BOOK, { pdfWork: own });
      expect(result).toMatchObject({
        status: "unreachable",
        reason: "the app was busy checking other PDFs",
        problems: [
          {
            code: "BUSY",
            message:
              "The file could not be checked just now: the app was busy checking other PDFs.",
            fix: "Check the file again in a minute.",
          },
        ],
      });
      expect(preflightMatches(result, result.url, BOOK)).toBe(false);
      await own.close();
      await running;
    },
  );
});
