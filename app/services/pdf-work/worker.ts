/**
 * The PDF worker thread's entry (pool.ts): one task at a time, answered as plain data.
 * Everything the file decides the cost of happens here, never on the request thread.
 */
import { inspectPdf } from "../preflight/inspect";
import { drawFirstPage, loadDrawing, ProductImageError } from "../product-image/render";
import type { PdfTaskAnswers, PdfTaskMessage, PdfTaskProgress, RenderAnswer } from "./tasks";

export default async function runPdfTask(
  task: PdfTaskMessage,
): Promise<PdfTaskAnswers[PdfTaskMessage["kind"]]> {
  const say = (progress: PdfTaskProgress) => task.started.postMessage(progress);
  say("taken");
  // The code a task needs is loaded first (on first use: the reader and the barcode library
  // are large, and most threads only check files); the task's clock starts after, so it
  // measures what the file asks for, not this thread's start on a busy machine.
  if (task.kind === "inspect") {
    say("started");
    return inspectPdf(task.bytes);
  }
  if (task.kind === "cover-template") {
    const { coverTemplatePdf } = await import("../book-kit/cover-template-pdf");
    say("started");
    return coverTemplatePdf(task.input);
  }
  await loadDrawing();
  say("started");
  return render(task);
}

async function render(task: Extract<PdfTaskMessage, { kind: "render" }>): Promise<RenderAnswer> {
  try {
    const page = await drawFirstPage(task.bytes, {
      maxSidePx: task.maxSidePx,
      maxOperators: task.maxOperators,
    });
    return { kind: "rendered", ...page };
  } catch (error) {
    if (error instanceof ProductImageError) return { kind: "refused", message: error.message };
    throw error;
  }
}
