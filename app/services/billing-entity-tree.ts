/**
 * The print service's billing-entity tree as this app lists it: flattened for a select, and
 * for the Settings page without the entities hidden here (their children move up a level).
 */
import type { BILLING_ENTITY_MESSAGES, BillingEntityFormOutput } from "./billing-entity-rules";
import type { BillingEntity } from "./print";

export type BillingEntityForm = Record<keyof typeof BILLING_ENTITY_MESSAGES, string>;

/** The form's fields as text again, to prefill "Edit". */
export function formValuesOf(data: BillingEntityFormOutput): Partial<BillingEntityForm> {
  const out: Partial<BillingEntityForm> = {};
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    out[key as keyof BillingEntityForm] = Array.isArray(value) ? value.join(", ") : String(value);
  }
  return out;
}

export interface BillingEntityRow {
  id: number;
  companyName: string;
  depth: number;
}

/** The tree flattened depth-first, for an indented list or a select. */
export function flattenBillingEntities(roots: BillingEntity[]): BillingEntityRow[] {
  const out: BillingEntityRow[] = [];
  const seen = new Set<number>();
  const walk = (list: BillingEntity[], depth: number) => {
    for (const e of list) {
      if (seen.has(e.id)) continue;
      seen.add(e.id);
      out.push({ id: e.id, companyName: e.companyName ?? `Entity ${e.id}`, depth });
      walk(e.subEntities, depth + 1);
    }
  };
  walk(roots, 0);
  return out;
}

export interface BillingEntityListRow extends BillingEntityRow {
  /** The form values it was created with here, to prefill "Edit"; null when made elsewhere. */
  details: Partial<BillingEntityForm> | null;
  parentId: number | null;
}

export interface HiddenBillingEntityRow {
  id: number;
  companyName: string;
  hiddenAt: string;
  /** The entity "Edit" created in its place. */
  replacedById: number | null;
}

/** What the app keeps of one entity (see data/billing-entity-records.server.ts). */
export interface KeptBillingEntity {
  hiddenAt: Date | null;
  replacedById: number | null;
  details: Partial<BillingEntityForm> | null;
}

/**
 * The Settings page's billing entities: the tree without the ones hidden here, with what is
 * known to prefill "Edit", and the hidden ones apart.
 */
export function billingEntitiesWithRecords(
  roots: BillingEntity[],
  records: ReadonlyMap<number, KeptBillingEntity>,
): { rows: BillingEntityListRow[]; hidden: HiddenBillingEntityRow[] } {
  const rows: BillingEntityListRow[] = [];
  const hidden: HiddenBillingEntityRow[] = [];
  const seen = new Set<number>();
  const walk = (list: BillingEntity[], depth: number, parentId: number | null) => {
    for (const e of list) {
      if (seen.has(e.id)) continue;
      seen.add(e.id);
      const record = records.get(e.id);
      const companyName = e.companyName ?? `Entity ${e.id}`;
      if (record?.hiddenAt) {
        hidden.push({
          id: e.id,
          companyName,
          hiddenAt: record.hiddenAt.toISOString(),
          replacedById: record.replacedById,
        });
        walk(e.subEntities, depth, parentId);
        continue;
      }
      rows.push({ id: e.id, companyName, depth, parentId, details: record?.details ?? null });
      walk(e.subEntities, depth + 1, e.id);
    }
  };
  walk(roots, 0, null);
  return { rows, hidden };
}
