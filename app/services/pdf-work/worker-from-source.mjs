// The PDF worker thread's entry when the app runs from its TypeScript sources (vitest,
// `npm run dev`, tsx scripts): worker.ts loaded through tsx. The production build bundles
// worker.ts into build/server/pdf-worker.js instead (vite.config.ts), which needs no tsx.
import { tsImport } from "tsx/esm/api";

const worker = await tsImport("./worker.ts", import.meta.url);

export default worker.default;
