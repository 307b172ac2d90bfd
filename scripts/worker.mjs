// The fulfilment worker as its own process (set WORKER=off on the web processes).
const build = await import("../build/server/index.js");
await build.entry.module.runWorkerProcess();
