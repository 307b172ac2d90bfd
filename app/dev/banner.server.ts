/** The block the server prints at start in sandbox mode: what runs where. */
import type { Sandbox } from "../../sandbox/index";
import type { ShopifyFake } from "../../sandbox/shopify/index";
import { describeDatabase } from "../db.server";
import type { Env } from "../env.server";
import type { SeededDemoShop } from "./seed.server";

export function sandboxModeBanner(parts: {
  appUrl: string;
  sandbox: Pick<Sandbox, "url">;
  shopify: Pick<ShopifyFake, "url">;
  seeded: Pick<SeededDemoShop, "shop">;
  env: Pick<Env, "databaseUrl" | "worker" | "workerConcurrency" | "logLevel">;
  /** The stand-ins run in another process (`npm run stand-ins`) that this one joined. */
  joined?: boolean;
}): string {
  const { env } = parts;
  const where = parts.joined ? " (joined: another process runs it)" : "";
  const rows: [string, string][] = [
    ["App", parts.appUrl],
    ["Sign in (dev)", `${parts.appUrl}/dev/login`],
    ["Demo shop", parts.seeded.shop],
    ["Print sandbox", `${parts.sandbox.url}${where}`],
    ["  control API", `${parts.sandbox.url}/__sandbox/`],
    ["Shopify stand-in", `${parts.shopify.url}${where}`],
    ["  control API", `${parts.shopify.url}/__fake/`],
    [
      "Fulfilment worker",
      env.worker === "inline"
        ? `inline, on a thread of its own in the app process (WORKER=inline, up to ${env.workerConcurrency} print orders at a time)`
        : "not in the app process (WORKER=off): run `npm run worker` to fulfil orders",
    ],
    ["Database", describeDatabase(env.databaseUrl)],
    [
      "Log",
      env.logLevel === "warn" || env.logLevel === "error"
        ? `${env.logLevel} and worse (LOG_LEVEL=info shows every request)`
        : `${env.logLevel} (JSON lines)`,
    ],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`);
  const rule = "-".repeat(Math.max(...lines.map((l) => l.length)) + 2);
  return [
    "",
    rule,
    "  Print Connect is running in SANDBOX MODE (no SHOPIFY_API_KEY set):",
    "  local stand-ins for Shopify and the print service, nothing leaves this machine.",
    "",
    ...lines,
    rule,
    "",
  ].join("\n");
}
