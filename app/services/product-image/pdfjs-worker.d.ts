// pdfjs-dist ships no types for its worker module; it is imported only for its side effect
// (it sets globalThis.pdfjsWorker, which pdfjs then uses in this thread).
declare module "pdfjs-dist/legacy/build/pdf.worker.mjs";
