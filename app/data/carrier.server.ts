import prisma from "../db.server";
import {
  backupRatesSchema,
  parseStoredBackupRates,
  type BackupRate,
} from "../services/rates/backup";
import { newCarrierCallbackToken } from "../services/rates/carrier-service";
import type { MappedVariant } from "../services/rates/rate-request";
import {
  parseBackupRatesForm,
  type BackupRatesFormResult,
} from "../services/rates/backup-rate-form";

/** Checkout-rate settings of a shop (CarrierService). Every function is keyed by shop. */

export interface CarrierSettings {
  enabled: boolean;
  installed: boolean;
  carrierServiceId: string | null;
  /** The shop has its own carrier-callback token (registrations made since then use it). */
  callbackBound: boolean;
  backupRates: BackupRate[];
  /** Shop currency as stored with the print settings. */
  currency: string;
  /** Changes whenever the shop row changes: part of quote cache keys. */
  version: string;
}

export async function getCarrierSettings({
  shop,
}: {
  shop: string;
}): Promise<CarrierSettings | null> {
  const row = await prisma.shop.findUnique({
    where: { shop },
    select: {
      carrierRatesEnabled: true,
      carrierServiceId: true,
      carrierCallbackToken: true,
      backupRates: true,
      uninstalledAt: true,
      currency: true,
      updatedAt: true,
    },
  });
  if (!row) return null;
  return {
    enabled: row.carrierRatesEnabled,
    installed: row.uninstalledAt === null,
    carrierServiceId: row.carrierServiceId,
    callbackBound: row.carrierCallbackToken !== null,
    backupRates: parseStoredBackupRates(row.backupRates),
    currency: row.currency,
    version: row.updatedAt.toISOString(),
  };
}

/** Records the outcome of turning rates on or off. */
export async function saveCarrierState({
  shop,
  enabled,
  carrierServiceId,
}: {
  shop: string;
  enabled: boolean;
  carrierServiceId: string | null;
}) {
  return prisma.shop.upsert({
    where: { shop },
    create: { shop, carrierRatesEnabled: enabled, carrierServiceId },
    update: { carrierRatesEnabled: enabled, carrierServiceId },
  });
}

/**
 * The shop's carrier-callback token, made on first use and never changed, so
 * concurrent registrations agree on one URL. `created` says this call made it.
 */
export async function ensureCarrierCallbackToken({
  shop,
}: {
  shop: string;
}): Promise<{ token: string; created: boolean }> {
  const made = await prisma.shop.updateMany({
    where: { shop, carrierCallbackToken: null },
    data: { carrierCallbackToken: newCarrierCallbackToken() },
  });
  const row = await prisma.shop.findUniqueOrThrow({
    where: { shop },
    select: { carrierCallbackToken: true },
  });
  return { token: row.carrierCallbackToken!, created: made.count === 1 };
}

/** The shop a carrier-callback token was made for, or null. */
export async function findShopByCarrierToken({ token }: { token: string }): Promise<string | null> {
  const row = await prisma.shop.findUnique({
    where: { carrierCallbackToken: token },
    select: { shop: true },
  });
  return row?.shop ?? null;
}

/** Validated backup rates (throws the zod error to the caller on bad input). */
export async function saveBackupRates({ shop, rates }: { shop: string; rates: BackupRate[] }) {
  const valid = backupRatesSchema.parse(rates);
  return prisma.shop.updateMany({
    where: { shop },
    data: { backupRates: valid.length ? JSON.stringify(valid) : null },
  });
}

/**
 * Uninstall: Shopify removes an uninstalled app's carrier service itself, so
 * only the id goes; the merchant's choice stays for a reinstall.
 */
export async function forgetCarrierService({ shop }: { shop: string }) {
  return prisma.shop.updateMany({
    where: { shop, carrierServiceId: { not: null } },
    data: { carrierServiceId: null },
  });
}

/** The mappings of the given variants (ids numeric or GIDs), by variant GID. */
export async function findMappedVariants({
  shop,
  variantGids,
}: {
  shop: string;
  variantGids: string[];
}): Promise<Map<string, MappedVariant>> {
  if (variantGids.length === 0) return new Map();
  const rows = await prisma.variantMapping.findMany({
    where: { shop, variantId: { in: [...new Set(variantGids)] } },
    select: { variantId: true, offeringId: true, numberOfPages: true },
  });
  return new Map(rows.map((r) => [r.variantId, r]));
}

/**
 * Reads the backup-rates form (`rows`: the rows as JSON) and saves the rates,
 * or says per field what to fix and saves nothing. Prices are read in the
 * merchant's locale ("4,95" where a decimal comma is usual) in the shop's currency.
 */
export async function saveBackupRatesFromForm({
  shop,
  rowsJson,
  currency,
  locale,
}: {
  shop: string;
  rowsJson: string;
  currency: string;
  locale: string;
}): Promise<BackupRatesFormResult> {
  const parsed = parseBackupRatesForm({ rowsJson, currency, locale });
  if (!parsed.ok) return parsed;
  await saveBackupRates({ shop, rates: parsed.rates });
  return { ok: true, message: "Backup rates saved." };
}

/** The shop's carrier-callback token if it has one (a read: the setup check makes none). */
export async function carrierCallbackTokenOf({ shop }: { shop: string }): Promise<string | null> {
  const row = await prisma.shop.findUnique({
    where: { shop },
    select: { carrierCallbackToken: true },
  });
  return row?.carrierCallbackToken ?? null;
}
