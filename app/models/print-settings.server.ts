import { createHash } from "node:crypto";
import type { Shop } from "@prisma/client";
import prisma from "../db.server";
import { getEnv } from "../env.server";
import { createSecretCipher } from "../services/crypto/cipher";
import { checkServiceUrl, type ServiceUrlProblem } from "../services/net/addresses";
import { checkServiceHostResolves } from "../services/net/guarded-dispatcher";
import { SETTINGS_CURRENCIES } from "./admin-shared";

/** A shop's print-service settings. Secrets go in encrypted and never come out to a page. */

export const PRINT_ENVIRONMENTS = ["sandbox", "test", "production", "custom"] as const;
export type PrintEnvironmentName = (typeof PRINT_ENVIRONMENTS)[number];
export const ROUTING_MODES = ["immediate", "hold", "manual"] as const;
export type RoutingMode = (typeof ROUTING_MODES)[number];

const cipher = () => createSecretCipher(getEnv().encryptionKey);

export interface PrintSettingsInput {
  printEnvironment?: PrintEnvironmentName;
  printBaseUrl?: string | null;
  merchantApiKey?: string | null;
  /** Undefined keeps the stored secret; null removes it. */
  secretKey?: string | null;
  applicationApiKey?: string | null;
  buttonKey?: string | null;
  currency?: string;
  billingEntityId?: number | null;
  routingMode?: RoutingMode;
  holdHours?: number;
  notifyCustomer?: boolean;
}

export async function savePrintSettings({
  shop,
  input,
}: {
  shop: string;
  input: PrintSettingsInput;
}) {
  const { secretKey, applicationApiKey, ...plain } = input;
  const data = {
    ...plain,
    ...(secretKey !== undefined
      ? { secretKeyEncrypted: secretKey ? cipher().encrypt(secretKey) : null }
      : {}),
    ...(applicationApiKey !== undefined
      ? { applicationKeyEncrypted: applicationApiKey ? cipher().encrypt(applicationApiKey) : null }
      : {}),
  };
  return prisma.shop.upsert({ where: { shop }, create: { shop, ...data }, update: data });
}

/** What a settings page may show: whether secrets are set, never their values. */
export async function getPrintSettingsForDisplay({ shop }: { shop: string }) {
  const row = await prisma.shop.findUnique({ where: { shop } });
  if (!row) return null;
  return {
    printEnvironment: row.printEnvironment as PrintEnvironmentName,
    printBaseUrl: row.printBaseUrl,
    merchantApiKey: row.merchantApiKey,
    secretKeySet: row.secretKeyEncrypted !== null,
    applicationApiKeySet: row.applicationKeyEncrypted !== null,
    buttonKey: row.buttonKey,
    currency: row.currency,
    billingEntityId: row.billingEntityId,
    routingMode: row.routingMode as RoutingMode,
    holdHours: row.holdHours,
    notifyCustomer: row.notifyCustomer,
    callbackId: row.callbackId,
  };
}

export interface PrintCredentials {
  environment: PrintEnvironmentName;
  baseUrl: string | null;
  merchantApiKey: string;
  secretKey: string;
  applicationApiKey: string | undefined;
  buttonKey: string | undefined;
  /** Changes whenever the settings change: a cache key. */
  version: string;
}

/** Decrypted credentials for server-side calls; null until the shop has entered them. */
export async function getPrintCredentials({
  shop,
}: {
  shop: string;
}): Promise<PrintCredentials | null> {
  const row = await prisma.shop.findUnique({ where: { shop } });
  return row ? credentialsFromShop(row) : null;
}

/**
 * The stored secret and legacy key, decrypted, for testing the keys of a Settings form that
 * leaves them empty (they are write-only) before it is saved. Nulls when none is stored.
 */
export async function getStoredSecrets({
  shop,
}: {
  shop: string;
}): Promise<{ secretKey: string | null; applicationApiKey: string | null }> {
  const row = await prisma.shop.findUnique({
    where: { shop },
    select: { secretKeyEncrypted: true, applicationKeyEncrypted: true },
  });
  return {
    secretKey: row?.secretKeyEncrypted ? cipher().decrypt(row.secretKeyEncrypted) : null,
    applicationApiKey: row?.applicationKeyEncrypted
      ? cipher().decrypt(row.applicationKeyEncrypted)
      : null,
  };
}

/** The same, from a Shop row the caller has already read (the worker reads it once per step). */
export function credentialsFromShop(row: Shop): PrintCredentials | null {
  if (!row.merchantApiKey || !row.secretKeyEncrypted) return null;
  return {
    environment: row.printEnvironment as PrintEnvironmentName,
    baseUrl: row.printBaseUrl,
    merchantApiKey: row.merchantApiKey,
    secretKey: cipher().decrypt(row.secretKeyEncrypted),
    applicationApiKey: row.applicationKeyEncrypted
      ? cipher().decrypt(row.applicationKeyEncrypted)
      : undefined,
    buttonKey: row.buttonKey ?? undefined,
    version: credentialsVersion(row),
  };
}

/**
 * Changes whenever a stored field that shapes a client changes (encrypted
 * values change on every save: fresh IV). Needs no decryption, so a cached
 * client can be found without touching the secrets.
 */
export function credentialsVersion(row: Shop): string {
  return createHash("sha256")
    .update(
      [
        row.printEnvironment,
        row.printBaseUrl,
        row.merchantApiKey,
        row.secretKeyEncrypted,
        row.applicationKeyEncrypted,
        row.buttonKey,
        row.updatedAt.toISOString(),
      ].join("\n"),
    )
    .digest("hex");
}

/** The shop a status-callback address belongs to, with its credentials to verify the signature. */
export async function findCallbackReceiver({
  callbackId,
}: {
  callbackId: string;
}): Promise<{ shop: string; credentials: PrintCredentials | null } | null> {
  const row = await prisma.shop.findUnique({ where: { callbackId } });
  return row ? { shop: row.shop, credentials: credentialsFromShop(row) } : null;
}

// Settings form (admin Settings page) ---------------------------------------------------------

export { SETTINGS_CURRENCIES };

const MAX_KEY_LENGTH = 200;
const MAX_URL_LENGTH = 2_000;

export type SettingsFormResult =
  { ok: true; input: PrintSettingsInput } | { ok: false; fieldErrors: Record<string, string> };

const SERVICE_URL_ERRORS: Record<ServiceUrlProblem | "not_public" | "not_found", string> = {
  invalid: "Enter a full URL starting with https://",
  scheme: "Use an https:// address",
  query: "Enter only the service's address, without ? or # and what follows",
  credentials: "Remove the user name and password from the URL",
  private: "Enter a public address: local and private network addresses are not allowed",
  not_public: "Enter a public address: local and private network addresses are not allowed",
  not_found: "This host could not be found",
};

/**
 * The URL rule for a service URL the shop types (app/services/net/addresses.ts):
 * https, no query, fragment or credentials, public addresses only (checked on
 * the addresses the name resolves to now, and again on every connection).
 * Null when it passes.
 */
export async function serviceUrlError(value: string): Promise<string | null> {
  const allowed = getEnv().printAllowedPrivateHosts;
  const shape = checkServiceUrl(value, allowed);
  if (!shape.ok) return SERVICE_URL_ERRORS[shape.problem];
  const resolved = await checkServiceHostResolves(shape.url, allowed);
  return resolved === "public" ? null : SERVICE_URL_ERRORS[resolved];
}

/**
 * The Settings form as posted. Secret fields are write-only: left blank they
 * keep what is stored (`secretKeySet` says whether something is).
 */
export function parsePrintSettingsForm(
  form: FormData,
  stored: { secretKeySet: boolean } | null,
): SettingsFormResult {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.trim() : "";
  };
  const errors: Record<string, string> = {};
  const environment = text("printEnvironment");
  if (!(PRINT_ENVIRONMENTS as readonly string[]).includes(environment)) {
    errors.printEnvironment = "Choose an environment";
  }
  // Test and production have fixed addresses; only sandbox and custom take one.
  const baseUrl =
    environment === "test" || environment === "production" ? "" : text("printBaseUrl");
  if (environment === "custom" && !baseUrl) errors.printBaseUrl = "Enter the service URL";
  else if (baseUrl) {
    const shape = checkServiceUrl(baseUrl, getEnv().printAllowedPrivateHosts);
    if (!shape.ok) errors.printBaseUrl = SERVICE_URL_ERRORS[shape.problem];
  }

  if (baseUrl.length > MAX_URL_LENGTH)
    errors.printBaseUrl = `Enter a service URL of at most ${MAX_URL_LENGTH.toLocaleString("en-US")} characters`;

  // Keys are pasted from the print-service account; a longer text is a wrong paste.
  const keyTooLong = (what: string) =>
    `Paste only your ${what}: it has at most ${MAX_KEY_LENGTH} characters`;
  const merchantApiKey = text("merchantApiKey");
  if (!merchantApiKey) errors.merchantApiKey = "Enter your merchant API key";
  else if (merchantApiKey.length > MAX_KEY_LENGTH)
    errors.merchantApiKey = keyTooLong("merchant API key");

  const secretKey = text("secretKey");
  if (!secretKey && !stored?.secretKeySet) errors.secretKey = "Enter your secret key";
  else if (secretKey.length > MAX_KEY_LENGTH) errors.secretKey = keyTooLong("secret key");
  const applicationApiKey = text("applicationApiKey");
  if (applicationApiKey.length > MAX_KEY_LENGTH)
    errors.applicationApiKey = keyTooLong("application API key");
  const removeApplicationKey = text("removeApplicationApiKey") === "on";
  const buttonKey = text("buttonKey");
  if (buttonKey.length > MAX_KEY_LENGTH) errors.buttonKey = keyTooLong("button key");

  const currency = text("currency").toUpperCase();
  if (!(SETTINGS_CURRENCIES as readonly string[]).includes(currency))
    errors.currency = "Choose a currency from the list";

  const billing = text("billingEntityId");
  const billingEntityId = billing ? Number(billing) : null;
  if (billing && !(Number.isSafeInteger(billingEntityId) && (billingEntityId ?? 0) > 0)) {
    errors.billingEntityId = "Choose a billing entity from the list, or none";
  }

  const routingMode = text("routingMode");
  if (!(ROUTING_MODES as readonly string[]).includes(routingMode))
    errors.routingMode = "Choose how orders are sent";
  let holdHours = 0;
  if (routingMode === "hold") {
    holdHours = Number(text("holdHours"));
    if (!/^\d+$/.test(text("holdHours")) || holdHours < 1 || holdHours > 72) {
      errors.holdHours = "Enter a whole number of hours from 1 to 72";
    }
  }

  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    input: {
      printEnvironment: environment as PrintEnvironmentName,
      printBaseUrl: baseUrl ? baseUrl.replace(/\/+$/, "") : null,
      merchantApiKey,
      ...(secretKey ? { secretKey } : {}),
      ...(applicationApiKey
        ? { applicationApiKey }
        : removeApplicationKey
          ? { applicationApiKey: null }
          : {}),
      buttonKey: buttonKey || null,
      currency,
      billingEntityId,
      routingMode: routingMode as RoutingMode,
      holdHours,
      notifyCustomer: text("notifyCustomer") === "on",
    },
  };
}

/** The shop's status-callback URL, to paste into the print-service account. */
export function callbackUrlFor(appUrl: string, callbackId: string): string {
  return `${appUrl.replace(/\/+$/, "")}/webhooks/print/${callbackId}`;
}
