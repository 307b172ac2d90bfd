/**
 * The demo shop's routing setting, left as it is: when it holds orders or
 * waits for approval, the demo approves its own orders through the app.
 */
import { routingModeLabel } from "../../app/services/merchant-text/routing";
import { APP } from "./config";
import { admin } from "./http";
import type { PrintOrderView } from "./print-orders";

export const SETTINGS_HINT = `Settings > Orders > "Send paid orders to print" (${APP}/dev/login?to=/app/settings)`;

/** The demo shop's routing, read through the app's Settings page. */
export async function readRouting(): Promise<{ mode: string; holdHours: number } | undefined> {
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
export function announceRouting(mode: string, holdHours = 0): void {
  if (routingAnnounced || mode === "immediate") return;
  routingAnnounced = true;
  const setting = `${routingModeLabel(mode)}${mode === "hold" && holdHours ? ` (${holdHours} h)` : ""}`;
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
export async function approveWaiting(printOrders: PrintOrderView[]): Promise<void> {
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
