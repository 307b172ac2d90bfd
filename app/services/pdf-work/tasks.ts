/**
 * What the PDF worker threads are asked to do, and what they answer: plain data, so it crosses
 * between threads by structured clone (the bytes are transferred, not copied).
 */
import type { MessagePort } from "node:worker_threads";
import type { Inspection } from "../preflight/inspect";
import type { CoverTemplateInput } from "../book-kit/cover-template-pdf";

/** The preflight's parse: page count, encryption and page sizes (pdf-lib). */
export interface InspectTask {
  kind: "inspect";
  bytes: Uint8Array;
}

/** The first page drawn as a PNG (pdfjs on @napi-rs/canvas). */
export interface RenderTask {
  kind: "render";
  bytes: Uint8Array;
  maxSidePx: number;
  /** A first page with more drawing operators than this is not drawn. */
  maxOperators: number;
}

/** A cover template drawn (book-kit/cover-template-pdf.ts): no file in, a PDF out. */
export interface CoverTemplateTask {
  kind: "cover-template";
  input: CoverTemplateInput;
}

export type PdfTask = InspectTask | RenderTask | CoverTemplateTask;

export type RenderAnswer =
  | { kind: "rendered"; png: Uint8Array; widthPx: number; heightPx: number }
  /** Why no image was made, in the merchant's words (a ProductImageError's message). */
  | { kind: "refused"; message: string };

export interface PdfTaskAnswers {
  inspect: Inspection;
  render: RenderAnswer;
  /** The template's PDF bytes. */
  "cover-template": Uint8Array;
}

/**
 * What a thread says on a task's port: "taken" when it takes the task (it no longer waits in
 * the queue), "started" once the code the task needs is loaded (the task's clock starts).
 */
export type PdfTaskProgress = "taken" | "started";

/** A task as the pool hands it to a thread: with the port the thread says its progress on. */
export type PdfTaskMessage = PdfTask & { started: MessagePort };
