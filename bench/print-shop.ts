/**
 * The shop bench:e2e and bench:rates measure: installed, its print settings on a print sandbox
 * of its own (the same seed every run, a request log long enough to count a whole run) that
 * answers after a fixed latency.
 */
import { savePrintSettings } from "../app/data/print-settings.server";
import { recordInstall } from "../app/data/shop.server";
import { startSandbox, type FaultConfigInput, type Sandbox } from "../sandbox";

/** The sandbox's own merchant keys. */
export const SANDBOX_KEYS = {
  merchantApiKey: "sandbox-merchant-key",
  secretKey: "sandbox-secret-key",
};

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
  await recordInstall({ shop, scopes: "read_orders" });
  await savePrintSettings({
    shop,
    input: {
      printEnvironment: "sandbox",
      printBaseUrl: sandbox.url,
      ...SANDBOX_KEYS,
      currency: "EUR",
    },
  });
  return sandbox;
}
