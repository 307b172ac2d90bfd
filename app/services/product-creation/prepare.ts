import type { PreflightResult } from "../preflight";
import type { SaleCost } from "../pricing/sale-costs";
import { parsePricingRule, targetMarginBps, type PricingRule } from "../pricing/price-rule";
import {
  checkCreationVariants,
  postedValues,
  readCreationForm,
  type CheckedVariant,
  type CreationOffering,
  type FieldErrors,
  type FormLike,
  type PostedCreation,
} from "./form";
import type { ClaimData, CreationPorts } from "./ports";
import type { PricedVariant } from "./prices";
import type { StoredRequest } from "./request-codec";
import { checkFiles } from "./steps/check-files";
import { priceFromCosts, quoteVariantCosts } from "./steps/price";

/** A submission that passed every check: what the product is made of. */
export interface Prepared {
  posted: PostedCreation;
  rule: PricingRule;
  shopName: string;
  currency: string;
  countryCode: string;
  countryName: string;
  variants: CheckedVariant[];
  priced: PricedVariant[];
  costs: SaleCost[];
  preflights: PreflightResult[];
  coverPreflights: (PreflightResult | null)[];
}

export type Prepare = { ok: true; prepared: Prepared } | { ok: false; fieldErrors: FieldErrors };

const fail = (fieldErrors: FieldErrors): { ok: false; fieldErrors: FieldErrors } => ({
  ok: false,
  fieldErrors,
});

export function stringOf(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}

/**
 * The form and every variant against its offering (the mapping rules), then the steps "check
 * files" and "price" side by side. Both only read, so "Preview" runs this alone. Every check
 * that can run does, so a refused submission names every field that needs fixing at once: a
 * missing title does not hide a wrong page count, nor a wrong page count a failing PDF.
 */
export async function prepare(ports: CreationPorts, form: FormLike): Promise<Prepare> {
  const read = readCreationForm(form);
  const rule = parsePricingRule({
    pricingMode: stringOf(form.get("pricingMode")),
    pricingPercent: stringOf(form.get("pricingPercent")),
    rounding: stringOf(form.get("rounding")),
  });
  const formErrors: FieldErrors = {
    ...(rule.ok ? {} : rule.fieldErrors),
    ...(read.ok ? {} : read.fieldErrors),
  };
  const { posted } = read;

  const [offerings, info] = await Promise.all([ports.print.offerings(), ports.shopify.shopInfo()]);
  if (offerings.status !== "ok" || !info)
    return fail({
      ...formErrors,
      form:
        offerings.status === "no_credentials"
          ? "Connect your print-service account in Settings first."
          : offerings.status === "error"
            ? `The print-service catalogue could not be loaded (${offerings.problem.title}). Try again.`
            : "Shopify could not be reached to read your shop. Try again.",
    });
  const byId = new Map<number, CreationOffering>(offerings.data.map((o) => [o.id, o]));
  const checked = checkCreationVariants(posted, byId);
  if (!checked.ok) return fail({ ...formErrors, ...checked.fieldErrors });
  const { variants } = checked;

  const [files, costs] = await Promise.all([
    checkFiles(ports, variants),
    quoteVariantCosts(ports, variants),
  ]);
  const fileErrors = files.ok ? {} : files.fieldErrors;
  // Without a pricing rule there is no price to work out; the files are still told.
  if (!rule.ok) return fail({ ...fileErrors, ...formErrors });
  const currency = info.currencyCode;
  const pricing = priceFromCosts({ costs, variants, rule: rule.rule, currency });
  // A file that fails and a price that cannot be read are both told at once.
  if (!pricing.ok)
    return fail({
      ...(pricing.fileErrorsToo ? fileErrors : {}),
      ...pricing.fieldErrors,
      ...formErrors,
    });
  if (!files.ok || !read.ok) return fail({ ...fileErrors, ...formErrors });
  return {
    ok: true,
    prepared: {
      posted,
      rule: rule.rule,
      shopName: info.name,
      currency,
      countryCode: pricing.countryCode,
      countryName: pricing.countryName,
      variants,
      priced: pricing.priced,
      costs: pricing.costs,
      preflights: files.preflights,
      coverPreflights: files.coverPreflights,
    },
  };
}

/** The checked submission as the creation keeps it (request-codec.ts). */
export function storedRequestOf(p: Prepared, form: FormLike): StoredRequest {
  return {
    values: postedValues(form),
    status: p.posted.status,
    currency: p.currency,
    countryCode: p.countryCode,
    contentUrl: p.posted.contentUrl,
    imageSource: p.posted.imageSource,
    variants: p.variants.map((v, i) => {
      const priced = p.priced[i]!;
      return {
        index: v.index,
        label: v.label,
        offeringId: v.offering.id,
        offeringName: v.offering.name,
        numberOfPages: v.mapping.numberOfPages,
        width: v.mapping.contentWidth,
        height: v.mapping.contentHeight,
        coverUrl: v.mapping.coverUrl,
        isbn: v.mapping.isbn,
        quantity: priced.quantity,
        costMinor: priced.costMinor,
        priceMinor: priced.priceMinor,
        marginMinor: priced.marginMinor,
        marginBps: priced.marginBps,
        variantId: null,
      };
    }),
    publications: [],
  };
}

/** The columns a claim writes: the checked submission and its pricing rule. */
export function claimDataOf(p: Prepared, form: FormLike): ClaimData {
  const { posted, rule } = p;
  return {
    title: posted.title,
    request: storedRequestOf(p, form),
    pricingMode: rule.mode,
    pricingPercent: rule.percent,
    rounding: rule.rounding,
    targetMarginBps: targetMarginBps(rule),
    draftUntilProof: posted.draftUntilProof,
    problem: null,
  };
}
