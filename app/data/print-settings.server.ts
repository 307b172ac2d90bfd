import { createHash } from "node:crypto";
import type { Shop } from "@prisma/client";
import prisma from "../db.server";
import { getEnv } from "../env.server";
import { createSecretCipher } from "../services/crypto/cipher";

/**
 * A shop's print-service settings. Secrets go in encrypted and never come out to a page. The
 * Settings form that writes them is read in pages/settings/settings-form.server.ts.
 */

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

/** The shop's status-callback URL, to paste into the print-service account. */
export function callbackUrlFor(appUrl: string, callbackId: string): string {
  return `${appUrl.replace(/\/+$/, "")}/webhooks/print/${callbackId}`;
}
