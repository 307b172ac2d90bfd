// `npm run stand-ins`: the print-service sandbox and the Shopify stand-in as a
// process of their own, on PRINT_SANDBOX_URL's port and SANDBOX_SHOPIFY_PORT
// (4010 and 4020 by default). `npm start` and `npm run worker` processes in
// sandbox mode join them (docs/sandbox-mode.md), so each of those can be
// stopped or killed while the stand-ins keep their state.
import { runStandInsProcess } from "../app/dev/stand-ins.server";

let standIns: Awaited<ReturnType<typeof runStandInsProcess>>;
try {
  standIns = await runStandInsProcess();
} catch (error) {
  const expected = error instanceof Error && error.message.startsWith("Sandbox mode:");
  const detail = error instanceof Error ? (expected ? error.message : error.stack) : String(error);
  process.stderr.write(`\nThe stand-ins could not start: ${detail}\n\n`);
  process.exit(1);
}

// Closing waits for webhooks and callbacks still being delivered, for at most 10 s.
const stop = () => {
  setTimeout(() => process.exit(0), 10_000).unref();
  void standIns.close().then(() => process.exit(0));
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
