import type { CostResult, SaleCost } from "../../pricing/sale-costs";
import type { PricingRule } from "../../pricing/price-rule";
import type { CheckedVariant, FieldErrors } from "../form";
import type { CreationPorts } from "../ports";
import { priceVariants, type PricedVariant } from "../prices";

/** Step "price", first half: the print cost of each variant's smallest sale. */
export function quoteVariantCosts(
  ports: CreationPorts,
  variants: CheckedVariant[],
): Promise<CostResult> {
  return ports.print.saleCosts(
    variants.map((v) => ({
      offeringId: v.offering.id,
      numberOfPages: v.mapping.numberOfPages,
      width: v.mapping.contentWidth,
      height: v.mapping.contentHeight,
    })),
  );
}

export type Pricing =
  | {
      ok: true;
      costs: SaleCost[];
      priced: PricedVariant[];
      countryCode: string;
      countryName: string;
    }
  /** `fileErrorsToo`: whether the file checks' errors are told with this one. */
  | { ok: false; fieldErrors: FieldErrors; fileErrorsToo: boolean };

/**
 * Step "price", second half: each variant's price from its cost under the merchant's rule, in
 * the shop's currency. Nothing is written, so there is nothing to undo.
 */
export function priceFromCosts({
  costs,
  variants,
  rule,
  currency,
}: {
  costs: CostResult;
  variants: CheckedVariant[];
  rule: PricingRule;
  currency: string;
}): Pricing {
  if (costs.status === "no_credentials")
    return {
      ok: false,
      fieldErrors: { form: "Connect your print-service account in Settings first." },
      fileErrorsToo: false,
    };
  if (costs.status === "unavailable")
    return {
      ok: false,
      fieldErrors: { form: `The print cost could not be worked out: ${costs.reason}` },
      fileErrorsToo: true,
    };
  if (costs.costs.some((c) => c.currency !== currency))
    return {
      ok: false,
      fieldErrors: {
        form: `The print service quotes in ${costs.currency}, not in your shop's currency (${currency}), so Print Connect cannot work out prices that cover the print cost. Create this product in Shopify yourself and map its variants on the Products page.`,
      },
      fileErrorsToo: false,
    };
  // quoteSaleCosts answers one cost per item, in the order asked.
  const sale = variants.map((_, i) => costs.costs[i]!);
  const priced = priceVariants({
    variants,
    costs: sale.map((c) => ({
      quantity: c.quantity,
      totalMinor: c.totalMinor,
      perCopyMinor: c.perCopyMinor,
    })),
    rule,
    currency,
  });
  if (!priced.ok) return { ok: false, fieldErrors: priced.fieldErrors, fileErrorsToo: true };
  return {
    ok: true,
    costs: sale,
    priced: priced.priced,
    countryCode: costs.countryCode,
    countryName: costs.countryName,
  };
}
