/**
 * `npm run demo`: paid orders through the whole app in sandbox mode.
 *
 * Places orders in the local Shopify stand-in (mixed carts, a split order, a
 * personalised item whose file comes later, an order to a destination no
 * facility serves, a webhook delivered three times), waits for the app to send
 * them to print, moves the print sandbox through production and shipping, and
 * checks every outcome: Shopify must show one fulfillment per print order and
 * the print service one paid order per reference. Exit code 0 only if all of
 * it happened.
 *
 * Uses a running app (`npm run up`) when one answers on APP_URL; otherwise it
 * starts one and stops it at the end.
 *
 * The demo shop's routing setting is left as it is. When it holds orders or
 * waits for approval, the demo approves its own orders through the app's
 * order action, as the merchant's "Approve now" does, and says so.
 *
 *   npm run demo -- --orders 12
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";

const root = path.resolve(import.meta.dirname, "..");
const { values: args } = parseArgs({
  options: {
    orders: { type: "string", default: "10" },
    timeout: { type: "string", default: "120" },
  },
});
const ORDER_COUNT = Math.max(6, Number(args.orders) || 10);
const TIMEOUT_MS = Math.max(5, Number(args.timeout) || 120) * 1000;

const PORT = process.env.PORT ?? "3000";
const APP = (process.env.APP_URL ?? `http://127.0.0.1:${PORT}`).replace(/\/$/, "");
const PRINT = (process.env.PRINT_SANDBOX_URL ?? "http://127.0.0.1:4010").replace(/\/$/, "");
const SHOPIFY = `http://127.0.0.1:${process.env.SANDBOX_SHOPIFY_PORT ?? "4020"}`;

const V = {
  photoBook24: "gid://shopify/ProductVariant/20001",
  photoBook48: "gid://shopify/ProductVariant/20002",
  framedPrint: "gid://shopify/ProductVariant/20006",
  notebook: "gid://shopify/ProductVariant/20008",
  toteBag: "gid://shopify/ProductVariant/20009",
  mug: "gid://shopify/ProductVariant/20010",
};

type Expect = "fulfilled" | "needs_attention";
interface Scenario {
  label: string;
  lines: { variantId: string; quantity?: number }[];
  country?: { countryCode: string; city: string; zip: string; address1: string };
  duplicates?: number;
  fileLater?: boolean;
  expect: Expect;
  printOrders: number;
}

const FIXED: Scenario[] = [
  {
    label: "print only",
    lines: [{ variantId: V.photoBook24 }],
    expect: "fulfilled",
    printOrders: 1,
  },
  {
    label: "mixed cart",
    lines: [{ variantId: V.photoBook48 }, { variantId: V.toteBag }, { variantId: V.mug }],
    expect: "fulfilled",
    printOrders: 1,
  },
  {
    label: "split: two facilities",
    lines: [{ variantId: V.photoBook24 }, { variantId: V.framedPrint }],
    expect: "fulfilled",
    printOrders: 2,
  },
  {
    label: "personalised, file later",
    lines: [{ variantId: V.notebook }],
    fileLater: true,
    expect: "fulfilled",
    printOrders: 1,
  },
  {
    label: "no facility ships there",
    lines: [{ variantId: V.photoBook24 }],
    country: { countryCode: "RU", city: "Moscow", zip: "101000", address1: "Tverskaya 1" },
    expect: "needs_attention",
    printOrders: 1,
  },
  {
    label: "webhook delivered 3 times",
    lines: [{ variantId: V.photoBook48, quantity: 2 }],
    duplicates: 2,
    expect: "fulfilled",
    printOrders: 1,
  },
];
const scenarios: Scenario[] = Array.from(
  { length: ORDER_COUNT },
  (_, i) => FIXED[i] ?? FIXED[i % 3]!,
);

// HTTP helpers -----------------------------------------------------------------------------

async function call<T>(url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json", "User-Agent": "print-connect-demo" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A request to the app's admin as the embedded app makes it: a fresh session
 * token for the demo shop (sandbox mode hands them out at /dev/session-token)
 * and Remix's `_data` parameter, so the route's loader or action answers JSON.
 */
async function admin<T>(
  pathname: string,
  routeId: string,
  form?: Record<string, string>,
): Promise<{ status: number; body: T }> {
  const { token } = await call<{ token: string }>(`${APP}/dev/session-token`);
  const url = new URL(pathname, APP);
  url.searchParams.set("_data", routeId);
  const response = await fetch(url, {
    method: form ? "POST" : "GET",
    headers: {
      Authorization: `Bearer ${token}`,
      // The Shopify library answers 410 to what `isbot` takes for a bot (Node's own "node",
      // and "print-connect-demo" too); this is the merchant's embedded app speaking.
      "User-Agent": "Mozilla/5.0 (print-connect-demo)",
      ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
    ...(form ? { body: new URLSearchParams(form) } : {}),
  });
  const text = await response.text();
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    throw new Error(`${url.pathname} answered ${response.status}: ${text.slice(0, 200)}`);
  }
  return { status: response.status, body };
}

async function reachable(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1_000) })).ok;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The app ------------------------------------------------------------------------------------

let child: ChildProcess | undefined;

async function ensureApp(): Promise<void> {
  if (await reachable(`${APP}/healthz`)) return;
  process.stderr.write(`No app on ${APP}: starting sandbox mode (npm run up)...\n`);
  child = spawn(process.platform === "win32" ? "npm.cmd" : "npm", ["run", "up"], {
    cwd: root,
    env: { ...process.env, PORT },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const started = Date.now();
  while (Date.now() - started < 5 * 60_000) {
    if (child.exitCode !== null) throw new Error("the app stopped while starting");
    if ((await reachable(`${APP}/healthz`)) && (await reachable(`${PRINT}/__sandbox/health`)))
      return;
    await sleep(500);
  }
  throw new Error("the app did not start within 5 minutes");
}

function stopApp(): void {
  child?.kill("SIGTERM");
}

// Progress -------------------------------------------------------------------------------------

let lastProgress = "";
function progress(label: string, done: number, total: number): void {
  if (`${label}${done}` === lastProgress) return;
  lastProgress = `${label}${done}`;
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stderr.write(
    `\r${label.padEnd(28)} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total}`,
  );
  if (done === total) process.stderr.write("\n");
}

interface PrintOrderView {
  id: string;
  shopifyOrderId: string;
  shopifyOrderName: string;
  orderReference: string;
  printOrderId: number | null;
  status: string;
  currency: string;
  wholesaleTotalMinor: number | null;
  trackingCode: string | null;
  lastErrorCode: string | null;
  lastErrorMessage: string | null;
  events: { type: string; at: string }[];
}

interface Placed {
  scenario: Scenario;
  id: string;
  legacyId: number;
  name: string;
  retailMinor: number;
  placedAt: number;
}

async function printOrdersOf(placed: Placed[]): Promise<PrintOrderView[]> {
  const ids = placed.map((p) => p.legacyId).join(",");
  return (await call<{ printOrders: PrintOrderView[] }>(`${APP}/dev/print-orders?orders=${ids}`))
    .printOrders;
}

// Routing ------------------------------------------------------------------------------------

const ROUTING_LABELS: Record<string, string> = {
  immediate: "Immediately",
  hold: "After a hold period",
  manual: "When I approve each order",
};
const SETTINGS_HINT = `Settings > Orders > "Send paid orders to print" (${APP}/dev/login?to=/app/settings)`;

/** The demo shop's routing, read through the app's Settings page. */
async function readRouting(): Promise<{ mode: string; holdHours: number } | undefined> {
  try {
    const { status, body } = await admin<{
      settings?: { routingMode?: string; holdHours?: number };
    }>("/app/settings", "routes/app.settings");
    const mode = body.settings?.routingMode;
    return status === 200 && mode ? { mode, holdHours: body.settings?.holdHours ?? 0 } : undefined;
  } catch {
    return undefined;
  }
}

let routingAnnounced = false;
function announceRouting(mode: string, holdHours = 0): void {
  if (routingAnnounced || mode === "immediate") return;
  routingAnnounced = true;
  const setting = `${ROUTING_LABELS[mode] ?? mode}${mode === "hold" && holdHours ? ` (${holdHours} h)` : ""}`;
  process.stderr.write(
    `Routing is "${setting}": the demo approves its own orders through the app, as "Approve now" does,\n` +
      `and leaves the setting as it is. For orders to go to print by themselves, choose "Immediately" in\n` +
      `${SETTINGS_HINT}.\n`,
  );
}

const approved = new Set<string>();

/**
 * Print orders of the demo's own that wait for approval or sit out a hold are
 * approved through the order page's action. A refusal stops the demo at once,
 * saying why and what to change.
 */
async function approveWaiting(printOrders: PrintOrderView[]): Promise<void> {
  for (const o of printOrders) {
    if ((o.status !== "awaiting_approval" && o.status !== "held") || approved.has(o.id)) continue;
    announceRouting(o.status === "held" ? "hold" : "manual");
    const { status, body } = await admin<{ ok?: boolean; message?: string }>(
      `/app/orders/${encodeURIComponent(o.id)}`,
      "routes/app.orders.$id",
      { intent: "approve" },
    );
    if (status !== 200 || body.ok !== true) {
      throw new Error(
        `${o.shopifyOrderName} is ${o.status === "held" ? "held" : "waiting for approval"} and the app did not approve it ` +
          `(${status}: ${body.message ?? "no reason given"}). Approve it in the app, or choose "Immediately" in ${SETTINGS_HINT}, then run the demo again.`,
      );
    }
    approved.add(o.id);
  }
}

// Waiting ------------------------------------------------------------------------------------

/** Why a print order in this state is not moving on by itself. */
function stateHint(o: PrintOrderView): string {
  switch (o.status) {
    case "pending":
    case "ready":
      return "the fulfilment worker has not taken it: is it running? (with WORKER=off, run `npm run worker`)";
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

/** One line per order that did not get there: its print orders' states and why. */
function describeStuck(stuck: Placed[], all: PrintOrderView[]): string {
  return stuck
    .map((p) => {
      const orders = all.filter((o) => o.shopifyOrderId === String(p.legacyId));
      const states = orders.length
        ? orders
            .map((o) => {
              const hint = stateHint(o);
              return `${o.orderReference} ${o.status}${o.lastErrorCode ? ` (${o.lastErrorCode})` : ""}${hint ? `: ${hint}` : ""}`;
            })
            .join("; ")
        : "no print order yet: the orders/paid webhook has not reached the app, or it is still on its way";
      return `  ${p.name} (${p.scenario.label}): ${states}`;
    })
    .join("\n");
}

async function waitFor(
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
        all.filter((o) => o.shopifyOrderId === String(p.legacyId)),
      ),
    );
    progress(label, finished.length, placed.length);
    if (finished.length === placed.length) return all;
    if (Date.now() - started > TIMEOUT_MS) {
      process.stderr.write("\n");
      const stuck = placed.filter((p) => !finished.includes(p));
      throw new Error(
        `${label}: ${stuck.length} of ${placed.length} order(s) did not get there within ${TIMEOUT_MS / 1000} s:\n` +
          describeStuck(stuck, all),
      );
    }
    await sleep(250);
  }
}

const money = (minor: number | null, currency: string) =>
  minor === null
    ? "-"
    : new Intl.NumberFormat("en", { style: "currency", currency }).format(minor / 100);

const seconds = (from?: string, to?: string) =>
  from && to ? `${((Date.parse(to) - Date.parse(from)) / 1000).toFixed(1)}s` : "-";

// The run ------------------------------------------------------------------------------------

async function main(): Promise<number> {
  await ensureApp();
  process.stderr.write(`Demo: ${ORDER_COUNT} orders through ${APP}\n`);
  const routing = await readRouting();
  if (routing) announceRouting(routing.mode, routing.holdHours);

  // 1. Paid orders in the Shopify stand-in; orders/paid reaches the app.
  const placed: Placed[] = [];
  for (const [i, scenario] of scenarios.entries()) {
    const { order } = await call<{
      order: {
        id: string;
        legacyId: number;
        name: string;
        lineItems: { price: string; quantity: number; print: boolean }[];
      };
    }>(`${SHOPIFY}/__fake/orders`, {
      lineItems: scenario.lines,
      email: `buyer${i + 1}@example.com`,
      ...(scenario.country ? { shippingAddress: scenario.country } : {}),
      deliver: false,
    });
    await call(`${SHOPIFY}/__fake/orders/${order.legacyId}/paid`, {
      topics: ["orders/paid"],
      ...(scenario.duplicates ? { duplicates: scenario.duplicates, concurrent: true } : {}),
    });
    const retailMinor = order.lineItems
      .filter((l) => l.print)
      .reduce((sum, l) => sum + Math.round(Number(l.price) * 100) * l.quantity, 0);
    placed.push({
      scenario,
      id: order.id,
      legacyId: order.legacyId,
      name: order.name,
      retailMinor,
      placedAt: Date.now(),
    });
    progress("paid orders placed", placed.length, scenarios.length);
  }

  // 2. The app plans, creates and pays (or flags) every print order.
  await waitFor("sent to print", placed, (p, orders) => {
    if (orders.length !== p.scenario.printOrders) return false;
    if (p.scenario.expect === "needs_attention")
      return orders.every((o) => o.status === "needs_attention");
    if (p.scenario.fileLater) return orders.every((o) => o.status === "awaiting_files");
    return orders.every((o) => o.status === "paid");
  });

  // 3. The personalised files arrive (the storefront upload finishes).
  for (const p of placed.filter((x) => x.scenario.fileLater)) {
    const order = await call<{ lineItems: { id: string; legacyId: number }[] }>(
      `${SHOPIFY}/__fake/orders/${p.legacyId}`,
    );
    await call(
      `${SHOPIFY}/__fake/orders/${p.legacyId}/line-items/${order.lineItems[0]!.legacyId}/properties`,
      {
        name: "Print file",
        value: `https://files.print-connect-demo.example/notebooks/${p.legacyId}.pdf`,
        topics: ["orders/updated"],
      },
    );
  }
  const shippable = placed.filter((p) => p.scenario.expect === "fulfilled");
  const paid = await waitFor("paid at the print service", shippable, (_p, orders) =>
    orders.every((o) => o.status === "paid"),
  );

  // 4. Production and shipping at the print service; callbacks reach the app.
  const printIds = paid.map((o) => o.printOrderId!).filter(Boolean);
  for (const [i, id] of printIds.entries()) {
    await call(`${PRINT}/__sandbox/advance`, { orderId: id, to: "IN_PRODUCTION" });
    await call(`${PRINT}/__sandbox/advance`, { orderId: id, to: "SHIPPED" });
    progress("printed and shipped", i + 1, printIds.length);
  }
  const final = await waitFor("fulfilled in Shopify", shippable, (_p, orders) =>
    orders.every((o) => o.status === "fulfilled"),
  );

  // 5. Check every outcome against the stand-ins' own records.
  const failures: string[] = [];
  const atService = await call<{ orders: { reference: string; history: { to: string }[] }[] }>(
    `${PRINT}/__sandbox/orders`,
  );
  const rows: string[][] = [];
  const everything = await printOrdersOf(placed);
  for (const p of placed) {
    const orders = (p.scenario.expect === "fulfilled" ? final : everything).filter(
      (o) => o.shopifyOrderId === String(p.legacyId),
    );
    const shopify = await call<{ fulfillments: { trackingInfo: { number: string | null }[] }[] }>(
      `${SHOPIFY}/__fake/orders/${p.legacyId}`,
    );
    if (orders.length !== p.scenario.printOrders)
      failures.push(`${p.name}: ${orders.length} print orders, expected ${p.scenario.printOrders}`);
    for (const o of orders) {
      const service = atService.orders.filter((s) => s.reference === o.orderReference);
      if (p.scenario.expect === "fulfilled") {
        if (service.length !== 1)
          failures.push(
            `${p.name}: ${service.length} orders at the print service for ${o.orderReference}`,
          );
        if (service[0] && service[0].history.filter((h) => h.to === "PAID").length !== 1)
          failures.push(`${p.name}: ${o.orderReference} not paid exactly once`);
      } else if (service.length !== 0) {
        failures.push(`${p.name}: ${o.orderReference} reached the print service`);
      }
    }
    const expectedFulfillments = p.scenario.expect === "fulfilled" ? p.scenario.printOrders : 0;
    if (shopify.fulfillments.length !== expectedFulfillments)
      failures.push(
        `${p.name}: ${shopify.fulfillments.length} Shopify fulfillments, expected ${expectedFulfillments}`,
      );

    const wholesale = orders.reduce((sum, o) => sum + (o.wholesaleTotalMinor ?? 0), 0);
    const currency = orders[0]?.currency ?? "EUR";
    const at = (type: string) =>
      orders
        .flatMap((o) => o.events)
        .filter((e) => e.type === type)
        .map((e) => e.at)
        .sort()
        .at(-1);
    const first = (type: string) =>
      orders
        .flatMap((o) => o.events)
        .filter((e) => e.type === type)
        .map((e) => e.at)
        .sort()[0];
    rows.push([
      p.name,
      p.scenario.label,
      orders.map((o) => o.orderReference).join(" "),
      [
        ...new Set(orders.map((o) => o.status + (o.lastErrorCode ? ` (${o.lastErrorCode})` : ""))),
      ].join(", "),
      money(wholesale || null, currency),
      p.scenario.expect === "fulfilled" ? money(p.retailMinor - wholesale, currency) : "-",
      orders
        .map((o) => o.trackingCode ?? "")
        .filter(Boolean)
        .join(" ") || "-",
      seconds(first("planned"), at("paid")),
      seconds(first("shipped"), at("fulfilled")),
    ]);
  }

  const header = [
    "Order",
    "Scenario",
    "Print orders",
    "State",
    "Wholesale",
    "Margin",
    "Tracking",
    "Webhook->paid",
    "Shipped->fulfilled",
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  console.log(`\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const row of rows) console.log(line(row));

  if (failures.length) {
    console.log(
      `\n${failures.length} expectation(s) failed:\n${failures.map((f) => `  - ${f}`).join("\n")}`,
    );
    return 1;
  }
  console.log(
    `\nAll ${placed.length} orders ended as expected: every print order paid once, one Shopify fulfillment each.`,
  );
  return 0;
}

main()
  .then((code) => {
    stopApp();
    process.exit(code);
  })
  .catch((error: unknown) => {
    console.error(`\ndemo failed: ${error instanceof Error ? error.message : String(error)}`);
    stopApp();
    process.exit(1);
  });
