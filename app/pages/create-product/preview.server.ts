import { creationPorts } from "../../lib/product-creation.server";
import { fileCheckView, type FileCheckView } from "../../services/preflight/file-check-view";
import { prepare, type Prepared } from "../../services/product-creation/prepare";
import type { AdminApi } from "../../services/shopify-admin";

export interface PreviewVariant {
  index: number;
  offeringId: number;
  offeringName: string;
  label: string;
  quantity: number;
  costMinor: number;
  perCopyCostMinor: number;
  suggestedPriceMinor: number;
  priceMinor: number;
  marginMinor: number;
  marginBps: number | null;
  belowCost: boolean;
  preflight: FileCheckView | null;
  coverPreflight?: FileCheckView | null;
}

export type PreviewResult =
  | {
      ok: true;
      currency: string;
      countryName: string;
      variants: PreviewVariant[];
      lossConfirmationNeeded: boolean;
    }
  | { ok: false; fieldErrors: Record<string, string> };

/** A checked submission as the price preview shows it. */
export function previewOf(p: Prepared): Extract<PreviewResult, { ok: true }> {
  const variants = p.variants.map((v, i): PreviewVariant => {
    const priced = p.priced[i]!;
    return {
      index: v.index,
      offeringId: v.offering.id,
      offeringName: v.offering.name,
      label: v.label,
      quantity: priced.quantity,
      costMinor: priced.costMinor,
      perCopyCostMinor: priced.perCopyCostMinor,
      suggestedPriceMinor: priced.suggestedPriceMinor,
      priceMinor: priced.priceMinor,
      marginMinor: priced.marginMinor,
      marginBps: priced.marginBps,
      belowCost: priced.belowCost,
      preflight: fileCheckView(p.preflights[i] ?? null),
      coverPreflight: fileCheckView(p.coverPreflights[i] ?? null),
    };
  });
  return {
    ok: true,
    currency: p.currency,
    countryName: p.countryName,
    variants,
    lossConfirmationNeeded: variants.some((v) => v.belowCost),
  };
}

/** "Preview": the files checked and the prices worked out; nothing is created. */
export async function previewProduct({
  shop,
  admin,
  form,
}: {
  shop: string;
  admin: AdminApi;
  form: FormData;
}): Promise<PreviewResult> {
  const prepared = await prepare(creationPorts({ shop, admin }), form);
  return prepared.ok ? previewOf(prepared.prepared) : prepared;
}
