/**
 * The shop bench:e2e and bench:rates measure: installed, its print settings on a print sandbox
 * of its own (the same seed every run, a request log long enough to count a whole run) that
 * answers after a fixed latency; in this process, or (bench:e2e) in a process of its own.
 */
import { fork } from "node:child_process";
import path from "node:path";
import { savePrintSettings } from "../app/data/print-settings.server";
import { recordInstall } from "../app/data/shop.server";
import { startSandbox, type FaultConfigInput, type Sandbox } from "../sandbox";
import { SANDBOX_KEYS } from "./sandbox-keys";

export { SANDBOX_KEYS };

/** Installs the shop with its print settings on the sandbox at `url`. */
async function shopOn(shop: string, url: string): Promise<void> {
  await recordInstall({ shop, scopes: "read_orders" });
  await savePrintSettings({
    shop,
    input: { printEnvironment: "sandbox", printBaseUrl: url, ...SANDBOX_KEYS, currency: "EUR" },
  });
}

/** `latency`: the operation it delays (every one when none is named) and by how much. */
export async function shopOnSlowSandbox(
  shop: string,
  latency: NonNullable<FaultConfigInput["rules"]>[number],
): Promise<Sandbox> {
  const sandbox = await startSandbox({
    port: 0,
    seed: 1,
    requestLogSize: 100_000,
    faults: { rules: [latency] },
  });
  await shopOn(shop, sandbox.url);
  return sandbox;
}

/** The sandbox of bench/sandbox-process.ts, as far as the bench asks it. */
export interface SandboxProcess {
  url: string;
  /** The calls orders made (its request log, without the catalogue's and the control's). */
  calls(): Promise<number>;
  orders(): Promise<{ paidAtService: number; distinctReferences: number }>;
  cpuMs(): Promise<number>;
  close(): Promise<void>;
}

/** The shop on a sandbox in a process of its own, answering every call after `latencyMs`. */
export async function shopOnSandboxProcess(
  shop: string,
  latencyMs: number,
): Promise<SandboxProcess> {
  const child = fork(path.join(import.meta.dirname, "sandbox-process.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, BENCH_LATENCY_MS: String(latencyMs) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  // One question at a time: each answer is the next message.
  const ask = <T>(question?: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`sandbox exited (${code})`));
      child.once("exit", exited);
      child.once("message", (answer) => {
        child.off("exit", exited);
        resolve(answer as T);
      });
      if (question) child.send(question);
    });
  const { url } = await ask<{ url: string }>();
  await shopOn(shop, url);
  return {
    url,
    calls: async () => (await ask<{ calls: number }>("calls")).calls,
    orders: () => ask("orders"),
    cpuMs: async () => {
      const { cpu } = await ask<{ cpu: NodeJS.CpuUsage }>("cpu");
      return (cpu.user + cpu.system) / 1000;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.send("stop");
      }),
  };
}
