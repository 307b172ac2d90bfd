/**
 * The demo shop as a shop using Print Connect as its Shopify fulfillment service: moved if it
 * has not moved yet (the merchant's "Move" on Settings), its orders' print lines then requested
 * from Print Connect by Shopify's automatic fulfilment, and what Shopify's own order page shows
 * for them ("In progress", "Request declined" with the reason, "Cancelled").
 */
import { APP, SHOPIFY, TIMEOUT_MS } from "./config";
import { admin, call, sleep } from "./http";
import type { Placed } from "./print-orders";
import { progress } from "./waiting";

interface ServiceModelView {
  registered: boolean;
  moveAt: string | null;
  since: string | null;
  mapped: number;
}

const SETTINGS_HINT = `Settings > "Fulfilled by Print Connect in Shopify" (${APP}/dev/login?to=/app/settings)`;

async function serviceModel(): Promise<ServiceModelView | undefined> {
  const { body } = await admin<{ service?: ServiceModelView }>(
    "/app/settings",
    "routes/app.settings",
  );
  return body.service;
}

/**
 * Moves the demo shop to the fulfillment service when it has not moved yet (a shop seeded
 * before the app was one), as the merchant's "Move" on Settings does, and waits until every
 * mapped variant is stocked at the Print Connect location.
 */
export async function ensureServiceModel(): Promise<void> {
  let model = await serviceModel();
  if (!model?.registered)
    throw new Error(
      `the demo shop has no Print Connect fulfillment service in Shopify yet (${SETTINGS_HINT}); restart the app and run the demo again`,
    );
  if (!model.moveAt) {
    process.stderr.write(
      `The demo shop still ships its print lines from its own location: the demo moves its ${model.mapped} mapped variants\n` +
        `to Print Connect as a Shopify fulfillment service, as "Move" in ${SETTINGS_HINT} does.\n`,
    );
    const { body } = await admin<{ ok?: boolean }>("/app/settings", "routes/app.settings", {
      intent: "service_move",
    });
    if (body.ok !== true) throw new Error(`the app did not move the demo shop (${SETTINGS_HINT})`);
  }
  // The worker stocks them; without one the demo goes on, and its waits name what is stuck.
  const deadline = Date.now() + TIMEOUT_MS;
  while (!model?.since) {
    if (Date.now() > deadline) {
      process.stderr.write(
        `The mapped variants were not all stocked at the Print Connect location within ${TIMEOUT_MS / 1000} s: is the fulfilment worker running?\n`,
      );
      return;
    }
    await sleep(250);
    model = await serviceModel();
  }
}

export interface FulfillmentOrderView {
  id: string;
  status: string;
  requestStatus: string;
  location: { id: string; name: string };
  merchantRequests: { kind: string; responseData: { message?: string; reason?: string } | null }[];
}

interface OrderView {
  fulfillmentOrders: FulfillmentOrderView[];
  fulfillments: unknown[];
}

let serviceLocationId: string | undefined;

async function serviceLocation(): Promise<string> {
  serviceLocationId ??= (
    await call<{ location: { id: string } }[]>(`${SHOPIFY}/__fake/fulfillment-services`)
  )[0]?.location.id;
  if (!serviceLocationId) throw new Error("the Shopify stand-in has no Print Connect service");
  return serviceLocationId;
}

/** The order's fulfillment orders at the Print Connect location (the newest last). */
export async function printConnectFulfillmentOrders(p: Placed): Promise<FulfillmentOrderView[]> {
  if (p.legacyId === null) return [];
  const order = await call<OrderView>(`${SHOPIFY}/__fake/orders/${p.legacyId}`);
  const location = await serviceLocation();
  return order.fulfillmentOrders.filter((fo) => fo.location.id === location);
}

const lastAnswer = (fo: FulfillmentOrderView, kind: string) =>
  fo.merchantRequests.filter((r) => r.kind === kind).at(-1)?.responseData ?? null;

/**
 * What Shopify's order page shows of the print lines: the words of its fulfillment order's
 * badge, with the reason of a declined request.
 */
export function shopifyShows(fos: FulfillmentOrderView[]): string {
  const fo = fos.find((f) => f.status !== "CLOSED") ?? fos.at(-1);
  if (!fo) return "-";
  if (fo.requestStatus === "REJECTED") {
    const reason = lastAnswer(fo, "FULFILLMENT_REQUEST")?.reason ?? "OTHER";
    return `Request declined (${reason})`;
  }
  if (fos.some((f) => f.requestStatus === "CANCELLATION_ACCEPTED")) return "Cancelled";
  if (fo.status === "CLOSED") return "Fulfilled";
  if (fo.status === "IN_PROGRESS") return "In progress";
  if (fo.status === "ON_HOLD") return "On hold";
  if (fo.requestStatus === "SUBMITTED") return "Fulfillment requested";
  return "Unfulfilled";
}

/** The messages Print Connect gave Shopify for these orders, as the merchant reads them there. */
export async function answerNotes(placed: Placed[]): Promise<string[]> {
  const notes: string[] = [];
  for (const p of placed) {
    for (const fo of await printConnectFulfillmentOrders(p)) {
      const declined = fo.requestStatus === "REJECTED" && lastAnswer(fo, "FULFILLMENT_REQUEST");
      if (declined)
        notes.push(
          `${p.name}: Shopify shows "Request declined" (${declined.reason ?? "OTHER"}): ${declined.message ?? ""}`,
        );
      const cancelled =
        fo.requestStatus === "CANCELLATION_ACCEPTED" && lastAnswer(fo, "CANCELLATION_REQUEST");
      if (cancelled)
        notes.push(`${p.name}: cancellation requested in Shopify, accepted: ${cancelled.message}`);
    }
  }
  return notes;
}

/** Waits until Shopify shows each order's print lines as wanted (progress on stderr). */
export async function waitInShopify(
  label: string,
  placed: Placed[],
  wanted: (p: Placed, shows: string) => boolean,
): Promise<void> {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const shown = await Promise.all(
      placed.map(async (p) => ({ p, shows: shopifyShows(await printConnectFulfillmentOrders(p)) })),
    );
    const done = shown.filter(({ p, shows }) => wanted(p, shows));
    progress(label, done.length, placed.length);
    if (done.length === placed.length) return;
    if (Date.now() > deadline) {
      const stuck = shown
        .filter((s) => !done.includes(s))
        .map(({ p, shows }) => `  ${p.name} (${p.scenario.label}): Shopify shows "${shows}"`);
      throw new Error(`not ${label} within ${TIMEOUT_MS / 1000} s:\n${stuck.join("\n")}`);
    }
    await sleep(250);
  }
}

/** The merchant's "Request cancellation" in Shopify on the order's accepted print lines. */
export async function requestCancellationInShopify(p: Placed): Promise<void> {
  const fo = (await printConnectFulfillmentOrders(p)).find((f) => f.requestStatus === "ACCEPTED");
  if (!fo) throw new Error(`${p.name}: no print lines in progress to cancel`);
  await call(
    `${SHOPIFY}/__fake/fulfillment-orders/${encodeURIComponent(fo.id)}/request-cancellation`,
    {
      message: "The customer changed their mind.",
    },
  );
}

/**
 * The merchant's "Request fulfillment" in Shopify again, on print lines whose request Print
 * Connect declined (their address was wrong, and is right now).
 */
export async function requestFulfillmentAgainInShopify(p: Placed): Promise<void> {
  const fo = (await printConnectFulfillmentOrders(p)).find(
    (f) => f.requestStatus === "REJECTED" && f.status !== "CLOSED",
  );
  if (!fo) throw new Error(`${p.name}: no declined print lines to request again`);
  await call(
    `${SHOPIFY}/__fake/fulfillment-orders/${encodeURIComponent(fo.id)}/request-fulfillment`,
    { message: "The customer corrected the address." },
  );
}
