// The fulfilment worker as its own process (set WORKER=off on the web processes).
const build = await import("../build/server/index.js");
try {
  await build.entry.module.runWorkerProcess();
} catch (error) {
  // A database not set up is explained by its message (it names `npm run setup`).
  const expected = error instanceof Error && error.name === "DatabaseNotReadyError";
  const detail = error instanceof Error ? (expected ? error.message : error.stack) : String(error);
  process.stderr.write(`\nThe fulfilment worker could not start: ${detail}\n\n`);
  process.exit(1);
}
