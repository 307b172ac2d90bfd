import { z } from "zod";
import { parseHostList } from "./services/net/addresses";
import { parseTrustedProxies } from "./services/net/client-address";

/**
 * Every environment variable the app reads, in one schema, parsed once.
 *
 * With nothing configured the app runs in sandbox mode: a local print-service
 * sandbox, a local stand-in for Shopify, SQLite. Production (NODE_ENV=production)
 * refuses to start without the real Shopify credentials and an encryption key.
 */

export const REQUIRED_SCOPES = [
  "read_products",
  // Variant metafields: the storefront minimum quantity the cart rule reads.
  "write_products",
  "read_orders",
  // A customer's own correction of the shipping address goes to the Shopify order (orderUpdate).
  "write_orders",
  "read_merchant_managed_fulfillment_orders",
  "write_merchant_managed_fulfillment_orders",
  "write_shipping",
  // Home's setup check turns the cart rule for prints sold in sets on (validationCreate).
  "write_validations",
  // Home's setup check reads the live theme's product template for the Print details block.
  "read_themes",
  // The app's fulfillment service "Print Connect" and its location (fulfillmentServiceCreate).
  "write_fulfillments",
  // The fulfillment orders Shopify assigns to that location, and answering their requests.
  "read_assigned_fulfillment_orders",
  "write_assigned_fulfillment_orders",
  // Stocking print variants at that location, so Shopify assigns their lines to the app.
  "write_inventory",
] as const;

// Only for local sandbox use; production must set its own (see parseEnv).
const DEVELOPMENT_ENCRYPTION_KEY =
  "7072696e742d636f6e6e6563742d73616e64626f782d6f6e6c792d6b65792121";
export const SANDBOX_API_KEY = "sandbox-app-api-key";
export const SANDBOX_API_SECRET = "sandbox-app-api-secret";
/** The App Bridge stand-in (public/sandbox/app-bridge.js), used in sandbox mode and browser tests. */
export const SANDBOX_APP_BRIDGE_URL = "/sandbox/app-bridge.js";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const encryptionKey = z
  .string()
  .trim()
  .refine((v) => decodeKey(v) !== null, {
    message: "must be 32 bytes, written as 64 hex characters or base64",
  });

const rawSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  SHOPIFY_API_KEY: optionalString,
  SHOPIFY_API_SECRET: optionalString,
  SHOPIFY_APP_URL: optionalString.pipe(z.url().optional()),
  SCOPES: optionalString,
  SHOP_CUSTOM_DOMAIN: optionalString,
  DATABASE_URL: z
    .string()
    .trim()
    .default("file:./data/print-connect.sqlite")
    .refine((v) => /^(file:|libsql:|postgres(ql)?:\/\/)/.test(v), {
      message: "must start with file:, libsql: or postgresql://",
    }),
  ENCRYPTION_KEY: optionalString.pipe(encryptionKey.optional()),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PRINT_SANDBOX_URL: z.url().default("http://127.0.0.1:4010"),
  PRINT_ALLOWED_PRIVATE_HOSTS: z.string().default(""),
  PRINT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  WORKER: z.enum(["inline", "off"]).default("inline"),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  PRINT_FOLLOW_INTERVAL_SECONDS: z.coerce.number().int().min(5).default(600),
  REGULAR_CHECK_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(86_400).optional(),
  // The same setting under its earlier name, still read so that a deployment keeps its interval.
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(86_400).optional(),
  // How long a starting process waits for a database it cannot reach (restarting, say).
  DATABASE_START_WAIT_SECONDS: z.coerce.number().int().min(0).max(3_600).default(300),
  SANDBOX_SHOPIFY_PORT: z.coerce.number().int().min(0).max(65535).default(4020),
  // The sandbox's local mail server (SMTP), started with the Shopify stand-in; 0 picks a free
  // port, which the app reads from the stand-in.
  SANDBOX_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  // Where alert e-mails go out: smtp://user:password@host:587 or smtps://...:465. Sandbox
  // mode sends to its local mail server when unset; Shopify mode queues and does not send.
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .refine((v) => /^smtps?:\/\//.test(v) && URL.canParse(v), {
        message: "must be smtp://user:password@host:port or smtps://...",
      })
      .optional(),
  ),
  MAIL_FROM: optionalString,
  // How often the worker gathers the alerts (orders that need attention) into e-mails.
  ALERTS_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(3_600).default(60),
  APP_BRIDGE_URL: optionalString,
  TRUSTED_PROXIES: z
    .string()
    .default("")
    .superRefine((text, ctx) => {
      const { invalid } = parseTrustedProxies(text);
      if (invalid.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `not an IP address or CIDR range: ${invalid.join(", ")}`,
        });
      }
    }),
});

export type AppMode = "shopify" | "sandbox";

export interface Env {
  nodeEnv: "development" | "test" | "production";
  /** `sandbox` when no Shopify app credentials are configured. */
  mode: AppMode;
  shopifyApiKey: string;
  shopifyApiSecret: string;
  shopifyAppUrl: string;
  scopes: string[];
  shopCustomDomain: string | undefined;
  databaseUrl: string;
  encryptionKey: Buffer;
  port: number;
  logLevel: z.infer<typeof rawSchema>["LOG_LEVEL"];
  /** Where shops on the `sandbox` print environment are sent. */
  printSandboxUrl: string;
  /**
   * Hosts a shop's own print-service URL may name although they are loopback
   * or private (names or IP addresses, as written in the URL). Empty: only
   * public https addresses (ap./services/net/addresses.ts).
   */
  printAllowedPrivateHosts: string[];
  printTimeoutMs: number;
  /** `inline`: the web process runs the fulfilment worker; `off`: run `npm run worker` instead. */
  worker: "inline" | "off";
  workerConcurrency: number;
  followIntervalMs: number;
  /** How often the worker asks each shop's Admin API for paid orders no webhook brought. */
  regularCheckIntervalMs: number;
  /** How long a starting process waits for a database it cannot reach before it stops. */
  databaseStartWaitMs: number;
  /** Sandbox mode: the port of the local Shopify stand-in. */
  sandboxShopifyPort: number;
  sandboxSmtpPort: number;
  /** SMTP_URL; null: the sandbox's local mail server in sandbox mode, else not set up. */
  smtpUrl: string | null;
  mailFrom: string;
  alertsIntervalMs: number;
  /**
   * Where embedded pages load App Bridge from. Undefined: Shopify's CDN (the
   * library default). Sandbox mode defaults to the local stand-in.
   */
  appBridgeUrl: string | undefined;
  /**
   * Proxies whose X-Forwarded-For entries are believed (IP addresses and CIDR
   * ranges). Empty: rate limits key on the connection's peer address
   * (app/services/net/client-address.ts).
   */
  trustedProxies: string[];
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Pure: parses a given environment. Throws EnvError listing every problem. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = rawSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`),
    );
  }
  const raw = result.data;
  const production = raw.NODE_ENV === "production";
  const mode: AppMode = raw.SHOPIFY_API_KEY ? "shopify" : "sandbox";

  const problems: string[] = [];
  if (production) {
    for (const name of [
      "SHOPIFY_API_KEY",
      "SHOPIFY_API_SECRET",
      "SHOPIFY_APP_URL",
      "ENCRYPTION_KEY",
    ] as const) {
      if (!raw[name]) problems.push(`${name}: required when NODE_ENV=production`);
    }
  } else if (mode === "shopify" && !raw.SHOPIFY_API_SECRET) {
    problems.push("SHOPIFY_API_SECRET: required when SHOPIFY_API_KEY is set");
  }
  if (problems.length > 0) throw new EnvError(problems);

  return {
    nodeEnv: raw.NODE_ENV,
    mode,
    shopifyApiKey: raw.SHOPIFY_API_KEY ?? SANDBOX_API_KEY,
    shopifyApiSecret: raw.SHOPIFY_API_SECRET ?? SANDBOX_API_SECRET,
    shopifyAppUrl: (raw.SHOPIFY_APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ""),
    scopes: (raw.SCOPES ?? REQUIRED_SCOPES.join(","))
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    shopCustomDomain: raw.SHOP_CUSTOM_DOMAIN,
    databaseUrl: raw.DATABASE_URL,
    encryptionKey: decodeKey(raw.ENCRYPTION_KEY ?? DEVELOPMENT_ENCRYPTION_KEY) as Buffer,
    port: raw.PORT,
    logLevel: raw.LOG_LEVEL,
    printSandboxUrl: raw.PRINT_SANDBOX_URL.replace(/\/$/, ""),
    printAllowedPrivateHosts: parseHostList(raw.PRINT_ALLOWED_PRIVATE_HOSTS),
    printTimeoutMs: raw.PRINT_TIMEOUT_MS,
    worker: raw.WORKER,
    workerConcurrency: raw.WORKER_CONCURRENCY,
    followIntervalMs: raw.PRINT_FOLLOW_INTERVAL_SECONDS * 1000,
    regularCheckIntervalMs:
      (raw.REGULAR_CHECK_INTERVAL_SECONDS ?? raw.RECONCILE_INTERVAL_SECONDS ?? 600) * 1000,
    databaseStartWaitMs: raw.DATABASE_START_WAIT_SECONDS * 1000,
    sandboxShopifyPort: raw.SANDBOX_SHOPIFY_PORT,
    sandboxSmtpPort: raw.SANDBOX_SMTP_PORT,
    smtpUrl: raw.SMTP_URL ?? null,
    alertsIntervalMs: raw.ALERTS_INTERVAL_SECONDS * 1000,
    mailFrom:
      raw.MAIL_FROM ??
      `Print Connect <alerts@${new URL(raw.SHOPIFY_APP_URL ?? "http://localhost").hostname}>`,
    appBridgeUrl: raw.APP_BRIDGE_URL ?? (mode === "sandbox" ? SANDBOX_APP_BRIDGE_URL : undefined),
    trustedProxies: parseTrustedProxies(raw.TRUSTED_PROXIES).entries,
  };
}

/** Accepts 64 hex characters or base64 of 32 bytes. */
export function decodeKey(text: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, "hex");
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) {
    const bytes = Buffer.from(text, "base64");
    if (bytes.length === 32) return bytes;
  }
  return null;
}

let cached: Env | undefined;

/** The process environment, parsed on first use and then kept. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
