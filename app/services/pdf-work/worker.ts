/**
 * The PDF worker thread's entry (pool.ts): one task at a time, answered as plain data.
 * Everything the file decides the cost of happens here, never on the request thread.
 */
import { inspectPdf } from "../preflight/inspect";
import { drawFirstPage, ProductImageError } from "../product-image/render";
import type { PdfTaskAnswers, PdfTaskMessage, RenderAnswer } from "./tasks";

export default async function runPdfTask(
  task: PdfTaskMessage,
): Promise<PdfTaskAnswers[PdfTaskMessage["kind"]]> {
  // The pool's wall clock starts now, not while the task waited for this thread.
  task.started.postMessage("started");
  if (task.kind === "inspect") return inspectPdf(task.bytes);
  if (task.kind === "cover-template") {
    // Loaded on first use: the barcode library is large, and most threads only check files.
    const { coverTemplatePdf } = await import("../book-kit/cover-template-pdf");
    return coverTemplatePdf(task.input);
  }
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
