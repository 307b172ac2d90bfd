import { billingEntityRecords } from "../data/billing-entity-records.server";
import { getPrintCredentials, type PrintSettingsInput } from "../data/print-settings.server";
import {
  billingEntitiesWithRecords,
  flattenBillingEntities,
  type BillingEntityListRow,
  type HiddenBillingEntityRow,
} from "../services/billing-entity-tree";
import type { BillingEntity } from "../services/print";
import { buildPrintClient } from "./print-client.server";

/**
 * Billing entities at the print service, as Settings and the Billing entities page both read
 * them: whether an id belongs to the account being saved, and the tree with what this app
 * keeps of each (data/billing-entity-records.server.ts).
 */

/**
 * Settings may only name a billing entity of the shop's own print account
 * (another account's id would bill orders to it). Checked against the
 * account being saved: the keys and URL in the form, the stored secret when
 * none was typed. Null when it belongs; otherwise the field error.
 */
export async function billingEntityError({
  shop,
  input,
}: {
  shop: string;
  input: PrintSettingsInput & { billingEntityId: number };
}): Promise<string | null> {
  const stored = await getPrintCredentials({ shop });
  const secretKey = input.secretKey ?? stored?.secretKey;
  if (!input.printEnvironment || !input.merchantApiKey || !secretKey)
    return "Save your print-service keys first.";
  const client = buildPrintClient({
    environment: input.printEnvironment,
    baseUrl: input.printBaseUrl ?? null,
    merchantApiKey: input.merchantApiKey,
    secretKey,
    applicationApiKey: undefined,
    buttonKey: undefined,
  });
  let roots: BillingEntity[];
  try {
    roots = await client.billingEntities.list({ timeoutMs: 8_000, retry: false });
  } catch {
    return "Billing entities could not be checked with the print service right now. Try again, or choose None.";
  }
  return flattenBillingEntities(roots).some((e) => e.id === input.billingEntityId)
    ? null
    : "Choose one of your own billing entities";
}

/** The Settings page's billing entities, hidden ones apart (services/billing-entity-tree.ts). */
export async function billingEntitiesForSettings({
  shop,
  roots,
}: {
  shop: string;
  roots: BillingEntity[];
}): Promise<{ rows: BillingEntityListRow[]; hidden: HiddenBillingEntityRow[] }> {
  return billingEntitiesWithRecords(roots, await billingEntityRecords({ shop }));
}
