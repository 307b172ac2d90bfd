/** The demo's flags, and where the app and the stand-ins answer. */
import path from "node:path";
import { parseArgs } from "node:util";

export const root = path.resolve(import.meta.dirname, "../..");
const { values: args } = parseArgs({
  options: {
    orders: { type: "string", default: "10" },
    timeout: { type: "string", default: "120" },
  },
});
/** At least every fixed scenario once (scenarios.ts); from 9 on, also the lost webhook. */
export const ORDER_COUNT = Math.max(8, Number(args.orders) || 10);
export const TIMEOUT_MS = Math.max(5, Number(args.timeout) || 120) * 1000;

export const PORT = process.env.PORT ?? "3000";
export const APP = (process.env.APP_URL ?? `http://127.0.0.1:${PORT}`).replace(/\/$/, "");
export const PRINT = (process.env.PRINT_SANDBOX_URL ?? "http://127.0.0.1:4010").replace(/\/$/, "");
export const SHOPIFY = `http://127.0.0.1:${process.env.SANDBOX_SHOPIFY_PORT ?? "4020"}`;
