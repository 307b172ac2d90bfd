/** Waiting for the app to get the orders somewhere, with progress; when it does not, saying why. */
import { TIMEOUT_MS } from "./config";
import { sleep } from "./http";
import {
  printOrdersOf,
  recordedNotPlannedOf,
  type Placed,
  type PrintOrderView,
} from "./print-orders";
import { approveWaiting, SETTINGS_HINT } from "./routing";

let lastProgress = "";
/**
 * A bar redrawn in place on a terminal; a line per step where stderr is a file or a pipe
 * (a log, CI), where a carriage return would run every redraw into one long line.
 */
export function progress(label: string, done: number, total: number): void {
  if (`${label}${done}` === lastProgress) return;
  lastProgress = `${label}${done}`;
  const width = 30;
  const filled = Math.round((done / total) * width);
  const line = `${label.padEnd(28)} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total}`;
  if (!process.stderr.isTTY) {
    process.stderr.write(`${line}\n`);
    return;
  }
  process.stderr.write(`\r${line}`);
  if (done === total) process.stderr.write("\n");
}

/** Why a print order in this state is not moving on by itself. */
function stateHint(o: PrintOrderView): string {
  switch (o.status) {
    case "pending":
    case "ready":
      return WORKER_HINT;
    case "awaiting_approval":
      return `waiting for approval (${SETTINGS_HINT})`;
    case "held":
      return `held (${SETTINGS_HINT})`;
    case "needs_attention":
      return o.lastErrorMessage ?? "needs attention";
    case "awaiting_files":
      return "waiting for its print file";
    case "created":
    case "paid":
    case "in_production":
    case "shipped":
      return "at the print service: its status callbacks may not reach the app";
    default:
      return "";
  }
}

const WORKER_HINT =
  "the fulfilment worker has not taken it: is it running? (with WORKER=off, run `npm run worker`)";

/** One line per order that did not get there: its print orders' states and why. */
function describeStuck(
  stuck: Placed[],
  all: PrintOrderView[],
  recordedNotPlanned: Set<string>,
): string {
  return stuck
    .map((p) => {
      const orders = all.filter((o) => o.shopifyOrderId === p.key);
      const states = orders.length
        ? orders
            .map((o) => {
              const hint = stateHint(o);
              return `${o.orderReference} ${o.status}${o.lastErrorCode ? ` (${o.lastErrorCode})` : ""}${hint ? `: ${hint}` : ""}`;
            })
            .join("; ")
        : recordedNotPlanned.has(p.key)
          ? `recorded, no print order yet: ${WORKER_HINT}`
          : p.scenario.webhookLost
            ? "no print order yet: its webhook is lost on purpose, and the regular check with Shopify has not found it yet (it runs every REGULAR_CHECK_INTERVAL_SECONDS: 20 s under `npm run up`, 600 s by default)"
            : "no print order yet: the orders/paid webhook has not reached the app, or it is still on its way";
      return `  ${p.name} (${p.scenario.label}): ${states}`;
    })
    .join("\n");
}

export async function waitFor(
  label: string,
  placed: Placed[],
  done: (order: Placed, printOrders: PrintOrderView[]) => boolean,
): Promise<PrintOrderView[]> {
  const started = Date.now();
  for (;;) {
    const all = await printOrdersOf(placed);
    await approveWaiting(all);
    const finished = placed.filter((p) =>
      done(
        p,
        all.filter((o) => o.shopifyOrderId === p.key),
      ),
    );
    progress(label, finished.length, placed.length);
    if (finished.length === placed.length) return all;
    if (Date.now() - started > TIMEOUT_MS) {
      process.stderr.write("\n");
      const stuck = placed.filter((p) => !finished.includes(p));
      throw new Error(
        `${label}: ${stuck.length} of ${placed.length} order(s) did not get there within ${TIMEOUT_MS / 1000} s:\n` +
          describeStuck(stuck, all, await recordedNotPlannedOf(stuck)),
      );
    }
    await sleep(250);
  }
}
