/**
 * bench:e2e's print service in a process of its own (BENCH_E2E_SANDBOX=process, the default):
 * the print sandbox, seeded as every bench seeds it, answering every call after
 * BENCH_LATENCY_MS, so that its work does not share the app's thread or count as the app's CPU
 * (the real service runs elsewhere). It says its address once it listens and answers the
 * parent's questions over IPC: "calls" (the calls an order makes, counted in its request log),
 * "orders" (paid at the service, distinct references), "cpu" (bench/process-stats.mjs).
 */
import { startSandbox } from "../sandbox";
import { answerStatsQuestion } from "./process-stats.mjs";
import { SANDBOX_KEYS } from "./sandbox-keys";

const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? 20);
const sandbox = await startSandbox({
  port: 0,
  seed: 1,
  requestLogSize: 100_000,
  faults: { rules: [{ latencyMs }] },
});

process.on("message", (message) => {
  if (answerStatsQuestion(message)) return;
  if (message === "calls") {
    const calls = sandbox.control
      .requests({ limit: 100_000 })
      .filter((r) => r.op !== "offering.list" && !r.path.startsWith("/__sandbox")).length;
    process.send?.({ calls });
  } else if (message === "orders") {
    const atService = sandbox.control.orders({ merchantApiKey: SANDBOX_KEYS.merchantApiKey });
    process.send?.({
      paidAtService: atService.filter((o) => o.history.some((t) => t.to === "PAID")).length,
      distinctReferences: new Set(atService.map((o) => o.reference)).size,
    });
  } else if (message === "stop") {
    void sandbox.close().then(() => process.exit(0));
  }
});
process.send?.({ url: sandbox.url });
