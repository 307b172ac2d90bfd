// npm run sandbox -- --port 4010 [--host 127.0.0.1] [--seed 1] [--auto-advance 2000]
//                    [--state-file ./sandbox-state.json] [--seed-file ./seed.json]
import { parseArgs } from "node:util";
import { DEFAULT_MERCHANT, startSandbox } from "./index";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4010" },
    host: { type: "string", default: "127.0.0.1" },
    seed: { type: "string", default: "1" },
    "auto-advance": { type: "string" },
    "state-file": { type: "string" },
    "seed-file": { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});

if (values.help) {
  console.log(
    "usage: npm run sandbox -- [--port 4010] [--host 127.0.0.1] [--seed 1] [--auto-advance <ms>] [--state-file <path>] [--seed-file <path>]",
  );
  process.exit(0);
}

const int = (name: string, v: string | undefined): number | undefined => {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v)) {
    console.error(`--${name} must be a non-negative integer`);
    process.exit(2);
  }
  return Number(v);
};

const sandbox = await startSandbox({
  port: int("port", values.port),
  host: values.host,
  seed: int("seed", values.seed),
  autoAdvanceMs: int("auto-advance", values["auto-advance"]),
  stateFile: values["state-file"],
  seedFile: values["seed-file"],
});

const m = DEFAULT_MERCHANT;
console.log(`Print service sandbox listening on ${sandbox.url}`);
console.log(`  JSON interface:   ${sandbox.jsonBaseUrl}`);
console.log(`  legacy interface: ${sandbox.legacyBaseUrl}`);
console.log(`  checkout pages:   ${sandbox.checkoutUrl}/print/<publication id>`);
console.log(`  control API:      ${sandbox.url}/__sandbox/health`);
console.log(
  `  default merchant: merchantApiKey=${m.merchantApiKey} secretKey=${m.secretKey} applicationApiKey=${m.applicationApiKey} buttonKey=${m.buttonKey} credit=EUR 100000.00`,
);

const stop = () => {
  void sandbox.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
