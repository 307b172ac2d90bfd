/**
 * PDF work off the thread that answers requests (docs/decisions/0016-pdf-work-off-the-request-thread.md).
 *
 * Reading a PDF is the one thing the app does whose cost the file decides: pdf-lib parses
 * every object the file declares, and pdfjs draws every operator of a page, synchronously.
 * A 27 KB file can ask for a minute of drawing. So the preflight's parse and the first-page
 * render run in a small pool of worker threads (piscina), each task under a wall-clock limit
 * that terminates its thread, each thread under a heap limit, with a bounded queue that says
 * "busy" rather than growing. The request thread only downloads, hands the bytes over
 * (transferred, not copied) and reads the answer.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MessageChannel, type Worker } from "node:worker_threads";
import { Piscina } from "piscina";
import type { PdfTask, PdfTaskAnswers, PdfTaskMessage, PdfTaskProgress } from "./tasks";

export interface PdfWorkLimits {
  /** Threads at most; each works on one PDF at a time. */
  threads: number;
  /** Tasks waiting for a thread at most; the next one is "busy" at once. */
  queue: number;
  /**
   * Files admitted at once (admit()): downloaded, held in memory or being read. Admission comes
   * before the download, so the bytes held are bounded too, not only the reading.
   */
  files: number;
  /** A task that has not started by then is "busy" (and taken out of the queue). */
  queueWaitMs: number;
  /** Wall-clock limit of one task from its start; past it the thread is terminated. */
  taskMs: number;
  /**
   * A thread that has taken a task may load the code it needs (once per thread) for this long
   * before the task's clock starts; past it the task is "busy", no verdict on the file.
   */
  loadMs: number;
  /** Heap (V8 old generation) of one thread, MB; a thread that needs more is stopped by V8. */
  heapMb: number;
  /** A thread with nothing to do is closed after this. */
  idleMs: number;
  /** How much lower than the request thread the PDF threads are scheduled (Linux nice). */
  niceIncrement: number;
}

/**
 * Why these numbers (measured on the 2-core project machine, bench/results/preflight.json):
 * - 2 threads: the machine has 2 cores, and the request thread must keep one; PDF work is
 *   rare (a mapping saved, a customer's file, Create product), so two at once is plenty.
 * - 20 s a task: the parse of a 600-page, 41 MB book takes 0.2 s and a normal first page draws
 *   in well under a second, so only a hostile or broken file gets near it; it is the old
 *   render timeout, which now really stops the work.
 * - 512 MB of heap a thread: the 41 MB book's parse needs about 15 MB of heap; a file whose
 *   object stream holds a million tiny objects (4 MB) needs over 600 MB and is stopped. The
 *   file's own bytes are outside the heap and capped by the 300 MB download limit.
 * - 60 s to load: the reader loads in well under a second on a quiet machine and in seconds
 *   on a busy one; only a machine in trouble gets near it.
 * - 4 files at once, from the start of their download: each may be up to 300 MB in memory
 *   before a thread reads it, so the files held are bounded (1.2 GB at worst), not only the
 *   reading; a fifth check waits in line for a place (at most 16 wait, 30 s each, as tasks wait
 *   for a thread) and past that answers "busy" without downloading (the order path tries later).
 * - 16 waiting, 30 s at most: a queue longer than that would not be worked before a person
 *   waiting on a page gives up; "busy" says so at once instead.
 * - 30 s idle: a thread costs about 35 MB (a Node worker and pdf-lib) while it lives; kept a
 *   little, it serves a burst (a bulk mapping save) without starting again.
 * - nice +10: a thread drawing a page yields the CPU to the thread answering requests.
 */
export const PDF_WORK_LIMITS: Readonly<PdfWorkLimits> = {
  threads: 2,
  queue: 16,
  files: 4,
  queueWaitMs: 30_000,
  taskMs: 20_000,
  loadMs: 60_000,
  heapMb: 512,
  idleMs: 30_000,
  niceIncrement: 10,
};

export type PdfWorkOutcome<T> =
  | { kind: "done"; value: T }
  /** Still running at the wall-clock limit: its thread was terminated. */
  | { kind: "timed_out" }
  /** Its thread passed the heap limit and was stopped. */
  | { kind: "out_of_memory" }
  /** The queue was full, or the task waited too long for a thread: nothing was done. */
  | { kind: "busy" };

/** The production build's worker, written beside build/server/index.js (vite.config.ts). */
export const PDF_WORKER_BUILD_FILE = "pdf-worker.js";

/**
 * The file a thread loads. From the sources (vitest, the dev server, tsx scripts) this module
 * is pool.ts and the threads load worker.ts through tsx. In the production build this code is
 * in a chunk of the server build (build/server/assets/) or its entry (build/server/), and the
 * worker is bundled into build/server/: looked for beside this code, then one folder up.
 */
export function pdfWorkerFile(moduleUrl: string = import.meta.url): string {
  const here = fileURLToPath(moduleUrl);
  const dir = path.dirname(here);
  if (/\.[cm]?tsx?$/.test(here)) return path.join(dir, "worker-from-source.mjs");
  const beside = path.join(dir, PDF_WORKER_BUILD_FILE);
  const above = path.join(dir, "..", PDF_WORKER_BUILD_FILE);
  return existsSync(beside) || !existsSync(above) ? beside : above;
}

/**
 * The bytes as they are handed to the thread: transferred when the view is its buffer's
 * whole (the caller's view is empty afterwards), else copied, since a part of a buffer may
 * share its memory with other views (Node's pooled small Buffers do, and cannot be moved).
 */
function handOver(bytes: Uint8Array): { bytes: Uint8Array; transfer: ArrayBuffer[] } {
  const buffer = bytes.buffer;
  if (
    buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === buffer.byteLength
  ) {
    return { bytes, transfer: [buffer] };
  }
  const own = new Uint8Array(bytes);
  return { bytes: own, transfer: [own.buffer] };
}

function isOutOfMemory(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "ERR_WORKER_OUT_OF_MEMORY";
}

/** A file place taken with admit(); release it once the file is read (or given up). */
export interface Admission {
  release(): void;
}

export class PdfWorkPool {
  readonly limits: Readonly<PdfWorkLimits>;
  private readonly filename: string;
  private pool: Piscina<PdfTaskMessage, unknown> | undefined;
  /**
   * Tasks given and not yet answered. The queue is bounded here, not with piscina's maxQueue,
   * which does not count tasks that carry an abort signal (and every task here does).
   */
  private inFlight = 0;
  /** Files admitted and not yet released (admit()). */
  private admitted = 0;
  /** Checks waiting for a file place, in order of arrival. */
  private readonly waitingForPlace: { grant(): void }[] = [];

  constructor(limits: Partial<PdfWorkLimits> = {}, filename: string = pdfWorkerFile()) {
    this.limits = { ...PDF_WORK_LIMITS, ...limits };
    this.filename = filename;
  }

  /** Threads running now, for tests and logs. */
  get threads(): number {
    return this.pool?.threads.length ?? 0;
  }

  /** The threads themselves, for tests that watch one end. */
  get workers(): readonly Worker[] {
    return this.pool?.threads ?? [];
  }

  /** Files admitted now (downloading, held or being read). */
  get admittedFiles(): number {
    return this.admitted;
  }

  /**
   * Takes one of the `files` places for a file about to be downloaded and read. When all are
   * taken the check waits for one in line (first come, first served) like a task waits for a
   * thread: at most `queue` wait, each at most `queueWaitMs`; past either it is null ("busy":
   * nothing is downloaded). Answering busy at once instead made a worker that runs more checks
   * than there are places retry in a loop. The place is held until released.
   */
  admit(): Promise<Admission | null> {
    if (this.admitted < this.limits.files) {
      this.admitted++;
      return Promise.resolve(this.admission());
    }
    if (this.waitingForPlace.length >= this.limits.queue) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve(this.admission());
        },
      };
      const timer = setTimeout(() => {
        const at = this.waitingForPlace.indexOf(waiter);
        if (at >= 0) this.waitingForPlace.splice(at, 1);
        resolve(null);
      }, this.limits.queueWaitMs);
      timer.unref?.();
      this.waitingForPlace.push(waiter);
    });
  }

  /** Checks waiting for a file place now. */
  get waitingFiles(): number {
    return this.waitingForPlace.length;
  }

  private admission(): Admission {
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        // The place goes straight to the first in line; otherwise it is free.
        const next = this.waitingForPlace.shift();
        if (next) next.grant();
        else this.admitted--;
      },
    };
  }

  /** Tasks waiting for a thread. */
  get queued(): number {
    return this.pool?.queueSize ?? 0;
  }

  private piscina(): Piscina<PdfTaskMessage, unknown> {
    if (this.pool) return this.pool;
    if (!existsSync(this.filename)) {
      throw new Error(
        `The PDF worker ${this.filename} is missing: run \`npm run build\`, which writes it beside the server build.`,
      );
    }
    this.pool = new Piscina<PdfTaskMessage, unknown>({
      filename: this.filename,
      name: "default",
      minThreads: 0,
      maxThreads: this.limits.threads,
      idleTimeout: this.limits.idleMs,
      concurrentTasksPerWorker: 1,
      // The thread's event loop runs between tasks too (pdfjs cleans up after itself there).
      atomics: "disabled",
      resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb },
      niceIncrement: this.limits.niceIncrement,
    });
    return this.pool;
  }

  /**
   * Runs one task on a thread. A task's bytes (if it has any) are handed over: do not use
   * them afterwards.
   * Throws only for what is no fault of the file (a worker that cannot load, a bug).
   */
  async run<K extends PdfTask["kind"]>(
    task: Extract<PdfTask, { kind: K }>,
    options: { timeoutMs?: number } = {},
  ): Promise<PdfWorkOutcome<PdfTaskAnswers[K]>> {
    const pool = this.piscina();
    if (this.inFlight >= this.limits.threads + this.limits.queue) return { kind: "busy" };
    this.inFlight++;
    const taskMs = options.timeoutMs ?? this.limits.taskMs;
    const abort = new AbortController();
    let stoppedFor: "busy" | "timed_out" | undefined;
    const stop = (why: "busy" | "timed_out") => {
      stoppedFor = why;
      abort.abort();
    };
    // A thread says on this port when it takes the task and when the task starts, its code
    // loaded. Until the start the task only waits (in the queue, then for the thread to load),
    // and a wait too long is "busy", no verdict on the file; from the start, the wall clock.
    const { port1: started, port2: startedInThread } = new MessageChannel();
    let timer = setTimeout(stop, this.limits.queueWaitMs, "busy");
    started.on("message", (progress: PdfTaskProgress) => {
      clearTimeout(timer);
      timer =
        progress === "taken"
          ? setTimeout(stop, this.limits.loadMs, "busy")
          : setTimeout(stop, taskMs, "timed_out");
    });
    // A task that reads a file hands its bytes over; one that only draws (a cover template) has none.
    const plain: PdfTask = task;
    const given = "bytes" in plain ? handOver(plain.bytes) : null;
    const message: PdfTaskMessage = {
      ...plain,
      ...(given ? { bytes: given.bytes } : {}),
      started: startedInThread,
    };
    try {
      const value = await pool.run(message, {
        signal: abort.signal,
        transferList: [startedInThread, ...(given?.transfer ?? [])],
      });
      return { kind: "done", value: value as PdfTaskAnswers[K] };
    } catch (error) {
      if (stoppedFor) return { kind: stoppedFor };
      if (isOutOfMemory(error)) return { kind: "out_of_memory" };
      throw error;
    } finally {
      this.inFlight--;
      clearTimeout(timer);
      started.close();
    }
  }

  /** Stops every thread at once, work in hand included. */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.destroy();
  }
}

let shared: PdfWorkPool | undefined;

/** The process's pool, made on first use (threads start only when there is work). */
export function pdfWorkPool(): PdfWorkPool {
  return (shared ??= new PdfWorkPool());
}
