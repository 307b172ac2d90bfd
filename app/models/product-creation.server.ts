import { randomBytes } from "node:crypto";
import type { ProductCreation } from "@prisma/client";
import prisma from "../db.server";
import { getLogger } from "../lib/logger.server";
import { preflightAgainstForApp, preflightForApp } from "../lib/preflight.server";
import {
  expectationFor,
  type PreflightExpectation,
  type PreflightResult,
} from "../services/preflight";
import {
  checkCreationVariants,
  onlyImageErrors,
  postedValues,
  priceVariants,
  productHandle,
  productSetVariables,
  PRODUCT_SET_MUTATION,
  readCreationForm,
  userErrorsToFields,
  variantField,
  OPTION_NAME,
  type CheckedVariant,
  type CreationOffering,
  type FieldErrors,
  type FormLike,
  type PostedCreation,
  type PricedVariant,
  type ProductSetUserError,
} from "../services/product-creation";
import { parseMajor } from "../services/print";
import {
  marginBps,
  parsePricingRule,
  pricingRuleFromJson,
  pricingRuleToJson,
  targetMarginBps,
  type PricingRule,
} from "../services/product-pricing";
import { isUniqueViolation } from "../services/unique-violation";
import { adminGraphql, ShopifyAdminError, type AdminApi } from "../services/shopify-admin";
import { SETTINGS_CURRENCIES } from "./admin-shared";
import { listOfferings } from "./catalogue.server";
import { fileCheckView, loadMappingCatalogue, type FileCheckView } from "./mapping-form.server";
import { countryName } from "./mapping-margin.server";
import { deleteMappings, saveMapping } from "./mapping.server";
import { getPrintSettingsForDisplay } from "./print-settings.server";
import { keepSaleCost, quoteSaleCosts, type SaleCost } from "./product-cost.server";
import {
  productImageFromPdf,
  productImageFromUrl,
  type ProductImageSource,
} from "./product-image.server";
import { createPublication } from "./publications.server";
import { getShopInfo } from "./shop-info.server";
import { getOfferingSpine } from "./spine.server";

/**
 * Create product: a Shopify product made from the merchant's PDF and one or
 * more print-service offerings, already mapped, at prices known to make money.
 *
 * Order of work: the form and every variant against its offering (the mapping
 * rules), the PDFs checked (preflight), the print cost of each variant's
 * smallest sale and its price; then, under the ProductCreation row of the
 * form's request key (one per submission: a double click or a retry finds it),
 * the image, productSet (by handle, so a retry after a lost answer updates the
 * same product), the mappings, the kept quotes, the publication.
 */

const log = () => getLogger().child({ component: "product-creation" });

/** How long a creation in progress is left alone by a repeat of the same submission. */
const LEASE_MS = 2 * 60_000;
const WAIT_STEP_MS = 150;

// Page data -----------------------------------------------------------------------------------

export interface CreateProductPageData extends Awaited<ReturnType<typeof loadMappingCatalogue>> {
  requestKey: string;
  currency: string;
  countryName: string | null;
  pricing: PricingRule;
  canWriteProducts: boolean;
  /** The offering the form starts with (`?offering=`), when the catalogue has it. */
  selectedOfferingId: number | null;
  /** The fields of an earlier creation ("Try again"), to refill the form. */
  retry: { creationId: string; values: Record<string, string> } | null;
}

const newRequestKey = () => randomBytes(16).toString("base64url");

export async function loadCreateProductPage({
  shop,
  admin,
  offeringId,
  retryOf,
}: {
  shop: string;
  admin: AdminApi;
  offeringId?: number | null;
  retryOf?: string | null;
}): Promise<CreateProductPageData> {
  const [catalogue, info, shopRow, previous] = await Promise.all([
    loadMappingCatalogue({ shop }),
    getShopInfo({ shop, admin }),
    prisma.shop.findUnique({ where: { shop }, select: { scopes: true, productPricing: true } }),
    retryOf ? prisma.productCreation.findFirst({ where: { shop, id: retryOf } }) : null,
  ]);
  const scopes = new Set((shopRow?.scopes ?? "").split(",").map((s) => s.trim()));
  const country = info?.shopAddress?.countryCodeV2?.toUpperCase();
  const selected =
    offeringId && catalogue.offerings?.some((o) => o.id === offeringId) ? offeringId : null;
  return {
    ...catalogue,
    // A failed creation is tried again under its own key: it finds what Shopify may have made.
    requestKey: previous && previous.state !== "done" ? previous.requestKey : newRequestKey(),
    currency: info?.currencyCode ?? "EUR",
    countryName: country ? countryName(country) : null,
    pricing: pricingRuleFromJson(shopRow?.productPricing),
    canWriteProducts: scopes.has("write_products"),
    selectedOfferingId: selected,
    retry: previous ? { creationId: previous.id, values: storedRequest(previous).values } : null,
  };
}

// Checking and pricing ------------------------------------------------------------------------

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

/** A submission that passed every check: what the product is made of. */
interface Prepared {
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

type Prepare = { ok: true; prepared: Prepared } | { ok: false; fieldErrors: FieldErrors };

const fail = (fieldErrors: FieldErrors): { ok: false; fieldErrors: FieldErrors } => ({
  ok: false,
  fieldErrors,
});

/** What the cover PDF of a variant must be: one page, the offering's full cover for the page count. */
async function coverExpectation(
  shop: string,
  v: CheckedVariant,
): Promise<PreflightExpectation | null> {
  const spine = await getOfferingSpine({
    shop,
    offeringId: v.offering.id,
    numberOfPages: v.mapping.numberOfPages,
  });
  // Without the service's measure the cover is checked when the order is sent.
  if (spine.status !== "ok") return null;
  return {
    offeringName: `Cover of ${v.offering.name}`,
    numberOfPages: 1,
    trimWidthMm: spine.spine.coverWidthMm,
    trimHeightMm: spine.spine.coverHeightMm,
    allowRotation: false,
  };
}

/** A failed check in one sentence: each problem and its fix. */
function preflightMessage(result: PreflightResult): string {
  return result.problems.map((p) => `${p.message} ${p.fix}`).join(" ");
}

/**
 * Every PDF of the submission checked: the product's one interior downloaded once and checked
 * against each variant's offering, each cover once per (file, expectation). A failure blocks on
 * its field.
 */
async function checkFiles(
  shop: string,
  variants: CheckedVariant[],
): Promise<
  | { ok: true; preflights: PreflightResult[]; coverPreflights: (PreflightResult | null)[] }
  | { ok: false; fieldErrors: FieldErrors }
> {
  const covers = new Map<string, Promise<PreflightResult>>();
  const checkCover = (url: string, expect: PreflightExpectation) => {
    const key = JSON.stringify([url, expect]);
    let found = covers.get(key);
    if (!found) covers.set(key, (found = preflightForApp(url, expect)));
    return found;
  };
  // Every variant prints the product's interior (readCreationForm gives them the one URL).
  const interior = variants[0]?.mapping.contentUrl ?? "";
  const [preflights, coverPreflights] = await Promise.all([
    preflightAgainstForApp(
      interior,
      variants.map((v) => expectationFor(v.offering, v.mapping)),
    ),
    Promise.all(
      variants.map(async (v) => {
        if (!v.mapping.coverUrl) return null;
        const expect = await coverExpectation(shop, v);
        return expect ? checkCover(v.mapping.coverUrl, expect) : null;
      }),
    ),
  ]);
  const errors: FieldErrors = {};
  const several = variants.length > 1;
  variants.forEach((v, i) => {
    const interior = preflights[i];
    if (interior && interior.status !== "passed") {
      const message = preflightMessage(interior);
      const text = several ? `${v.label}: ${message}` : message;
      if (!errors.contentUrl?.includes(message))
        errors.contentUrl = errors.contentUrl ? `${errors.contentUrl} ${text}` : text;
    }
    const cover = coverPreflights[i];
    if (cover && cover.status !== "passed")
      errors[variantField(v.index, "coverUrl")] = preflightMessage(cover);
  });
  if (Object.keys(errors).length > 0) return fail(errors);
  return { ok: true, preflights, coverPreflights };
}

async function prepare(shop: string, admin: AdminApi, form: FormLike): Promise<Prepare> {
  const read = readCreationForm(form);
  const rule = parsePricingRule({
    pricingMode: stringOf(form.get("pricingMode")),
    pricingPercent: stringOf(form.get("pricingPercent")),
    rounding: stringOf(form.get("rounding")),
  });
  if (!read.ok || !rule.ok)
    return fail({ ...(rule.ok ? {} : rule.fieldErrors), ...(read.ok ? {} : read.fieldErrors) });
  const { posted } = read;

  const [offerings, info] = await Promise.all([
    listOfferings({ shop, filters: {} }),
    getShopInfo({ shop, admin }),
  ]);
  if (offerings.status === "no_credentials")
    return fail({ form: "Connect your print-service account in Settings first." });
  if (offerings.status === "error")
    return fail({
      form: `The print-service catalogue could not be loaded (${offerings.problem.title}). Try again.`,
    });
  if (!info) return fail({ form: "Shopify could not be reached to read your shop. Try again." });
  const byId = new Map<number, CreationOffering>(offerings.data.map((o) => [o.id, o]));
  const checked = checkCreationVariants(posted, byId);
  if (!checked.ok) return checked;
  const { variants } = checked;

  const [files, costs] = await Promise.all([
    checkFiles(shop, variants),
    quoteSaleCosts({
      shop,
      admin,
      items: variants.map((v) => ({
        offeringId: v.offering.id,
        numberOfPages: v.mapping.numberOfPages,
        width: v.mapping.contentWidth,
        height: v.mapping.contentHeight,
      })),
    }),
  ]);
  if (costs.status === "no_credentials")
    return fail({ form: "Connect your print-service account in Settings first." });
  if (costs.status === "unavailable") {
    const fileErrors = files.ok ? {} : files.fieldErrors;
    return fail({ ...fileErrors, form: `The print cost could not be worked out: ${costs.reason}` });
  }
  const currency = info.currencyCode;
  if (costs.costs.some((c) => c.currency !== currency))
    return fail({
      form: `The print service quotes in ${costs.currency}, not in your shop's currency (${currency}), so Print Connect cannot work out prices that cover the print cost. Create this product in Shopify yourself and map its variants on the Products page.`,
    });
  // quoteSaleCosts answers one cost per item, in the order asked.
  const sale = variants.map((_, i) => costs.costs[i]!);
  const priced = priceVariants({
    variants,
    costs: sale.map((c) => ({
      quantity: c.quantity,
      totalMinor: c.totalMinor,
      perCopyMinor: c.perCopyMinor,
    })),
    rule: rule.rule,
    currency,
  });
  // A file that fails and a price that cannot be read are both told at once.
  if (!files.ok || !priced.ok)
    return fail({
      ...(files.ok ? {} : files.fieldErrors),
      ...(priced.ok ? {} : priced.fieldErrors),
    });
  return {
    ok: true,
    prepared: {
      posted,
      rule: rule.rule,
      shopName: info.name,
      currency,
      countryCode: costs.countryCode,
      countryName: costs.countryName,
      variants,
      priced: priced.priced,
      costs: sale,
      preflights: files.preflights,
      coverPreflights: files.coverPreflights,
    },
  };
}

function stringOf(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}

function previewOf(p: Prepared): Extract<PreviewResult, { ok: true }> {
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
  const prepared = await prepare(shop, admin, form);
  return prepared.ok ? previewOf(prepared.prepared) : prepared;
}

// The stored creation -------------------------------------------------------------------------

interface StoredVariant {
  index: number;
  label: string;
  offeringId: number;
  offeringName: string;
  numberOfPages: number;
  width: number;
  height: number;
  coverUrl: string | null;
  quantity: number;
  costMinor: number;
  priceMinor: number;
  marginMinor: number;
  marginBps: number | null;
  variantId: string | null;
}

interface StoredRequest {
  /** The posted fields, to refill the form on "Try again". */
  values: Record<string, string>;
  status: "draft" | "active";
  currency: string;
  countryCode: string | null;
  contentUrl: string;
  imageSource: string;
  variants: StoredVariant[];
  publications: { index: number; id: string; checkoutUrl: string }[];
}

/** The stored request; keys it does not know (repricing keeps its own) are kept as they are. */
function storedRequest(row: Pick<ProductCreation, "request">): StoredRequest {
  try {
    const parsed = JSON.parse(row.request) as Partial<StoredRequest>;
    return {
      ...parsed,
      values: parsed.values ?? {},
      status: parsed.status === "active" ? "active" : "draft",
      currency: parsed.currency ?? "EUR",
      countryCode: parsed.countryCode ?? null,
      contentUrl: parsed.contentUrl ?? "",
      imageSource: parsed.imageSource ?? "none",
      variants: parsed.variants ?? [],
      publications: parsed.publications ?? [],
    };
  } catch {
    return {
      values: {},
      status: "draft",
      currency: "EUR",
      countryCode: null,
      contentUrl: "",
      imageSource: "none",
      variants: [],
      publications: [],
    };
  }
}

function requestOf(p: Prepared, form: FormLike): StoredRequest {
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

// Creating ------------------------------------------------------------------------------------

export interface CreationDeps {
  /** Stores the new variants' mappings (the step a half-way failure is about). */
  saveMappings(args: {
    shop: string;
    productId: string;
    title: string;
    variants: { variant: CheckedVariant; variantId: string; preflight: PreflightResult | null }[];
  }): Promise<void>;
  /** Removes the product again after a half-way failure. */
  deleteProduct(args: { admin: AdminApi; productId: string }): Promise<void>;
}

async function saveCreationMappings({
  shop,
  productId,
  title,
  variants,
}: Parameters<CreationDeps["saveMappings"]>[0]): Promise<void> {
  for (const { variant, variantId, preflight } of variants) {
    await saveMapping({
      shop,
      mapping: {
        ...variant.mapping,
        spineText: null,
        preflight,
        variantId,
        productId,
        title: `${title} – ${variant.label}`,
      },
    });
  }
}

const PRODUCT_DELETE = `#graphql
  mutation PrintConnectProductDelete($input: ProductDeleteInput!) {
    productDelete(input: $input) { deletedProductId userErrors { field message } }
  }`;

async function deleteShopifyProduct({
  admin,
  productId,
}: {
  admin: AdminApi;
  productId: string;
}): Promise<void> {
  const data = await adminGraphql(admin)<{
    productDelete: { deletedProductId: string | null; userErrors: ProductSetUserError[] };
  }>(PRODUCT_DELETE, { input: { id: productId } });
  const { userErrors } = data.productDelete;
  if (userErrors.length)
    throw new ShopifyAdminError("user_errors", userErrors.map((e) => e.message).join("; "), {
      userErrors,
    });
}

const DEFAULT_DEPS: CreationDeps = {
  saveMappings: saveCreationMappings,
  deleteProduct: deleteShopifyProduct,
};

export type CreateProductResult =
  | { status: "done"; creationId: string; productId: string }
  | { status: "invalid"; fieldErrors: Record<string, string>; preview?: PreviewResult }
  | { status: "failed"; creationId: string | null; message: string };

const inFlight = (row: ProductCreation) =>
  (row.state === "started" || row.state === "created") &&
  Date.now() - row.updatedAt.getTime() < LEASE_MS;

/** What a finished (or failed) creation answers to a repeat of its submission. */
function resultOf(row: ProductCreation): CreateProductResult | null {
  if (row.state === "done" && row.productId)
    return { status: "done", creationId: row.id, productId: row.productId };
  if (row.state === "failed")
    return {
      status: "failed",
      creationId: row.id,
      message: row.problem ?? "The product could not be created. Try again.",
    };
  return null;
}

/** Waits for the creation another request is carrying out, and answers what it ended with. */
async function waitForCreation(shop: string, requestKey: string): Promise<CreateProductResult> {
  const deadline = Date.now() + LEASE_MS + 5_000;
  while (Date.now() < deadline) {
    const row = await prisma.productCreation.findUnique({
      where: { shop_requestKey: { shop, requestKey } },
    });
    if (!row) break;
    const result = resultOf(row);
    if (result) return result;
    if (!inFlight(row)) break;
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
  return {
    status: "failed",
    creationId: null,
    message: "This product is still being created. Reload the page in a moment to see it.",
  };
}

type Claim =
  | { kind: "claimed"; row: ProductCreation }
  | { kind: "finished"; row: ProductCreation }
  | { kind: "busy" };

/**
 * The ProductCreation row of (shop, requestKey) is the lock: the request that
 * creates it carries the submission out; a repeat finds it finished, or in
 * progress (and waits), or failed or abandoned (and takes it over, keeping its
 * handle so Shopify's product is found again, never made twice).
 */
async function claimCreation(p: Prepared, shop: string, form: FormLike): Promise<Claim> {
  const { posted, rule } = p;
  const data = {
    title: posted.title,
    request: JSON.stringify(requestOf(p, form)),
    pricingMode: rule.mode,
    pricingPercent: rule.percent,
    rounding: rule.rounding,
    targetMarginBps: targetMarginBps(rule),
    problem: null,
  };
  try {
    const row = await prisma.productCreation.create({
      data: {
        shop,
        requestKey: posted.requestKey,
        handle: productHandle(posted.title, posted.requestKey),
        state: "started",
        ...data,
      },
    });
    return { kind: "claimed", row };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const row = await prisma.productCreation.findUnique({
    where: { shop_requestKey: { shop, requestKey: posted.requestKey } },
  });
  if (!row) return { kind: "busy" };
  if (row.state === "done") return { kind: "finished", row };
  if (inFlight(row)) return { kind: "busy" };
  const { count } = await prisma.productCreation.updateMany({
    where: { shop, id: row.id, state: row.state, updatedAt: row.updatedAt },
    data: { ...data, state: "started" },
  });
  if (count !== 1) return { kind: "busy" };
  const claimed = await prisma.productCreation.findFirst({ where: { shop, id: row.id } });
  return claimed ? { kind: "claimed", row: claimed } : { kind: "busy" };
}

/** Changes the stored request as it is now (other parts of the app add their own keys). */
async function changeRequest(
  shop: string,
  id: string,
  change: (request: StoredRequest) => void,
  data: Parameters<typeof updateCreation>[2] = {},
) {
  const current = await prisma.productCreation.findFirst({
    where: { shop, id },
    select: { request: true },
  });
  const request = storedRequest({ request: current?.request ?? "{}" });
  change(request);
  await updateCreation(shop, id, { ...data, request: JSON.stringify(request) });
}

async function updateCreation(
  shop: string,
  id: string,
  data: Partial<
    Pick<ProductCreation, "state" | "productId" | "problem" | "publicationId" | "request">
  >,
) {
  await prisma.productCreation.updateMany({ where: { shop, id }, data });
}

/**
 * "Create product". Idempotent per request key: a double click, a retry or
 * a repeat after a lost answer gives the one product (see claimCreation).
 */
export async function createProduct({
  shop,
  admin,
  form,
  deps,
}: {
  shop: string;
  admin: AdminApi;
  form: FormData;
  deps?: Partial<CreationDeps>;
}): Promise<CreateProductResult> {
  const requestKey = stringOf(form.get("requestKey"))?.trim() ?? "";
  if (requestKey) {
    const existing = await prisma.productCreation.findUnique({
      where: { shop_requestKey: { shop, requestKey } },
    });
    if (existing?.state === "done") return resultOf(existing)!;
    if (existing && inFlight(existing)) return waitForCreation(shop, requestKey);
  }

  const prepared = await prepare(shop, admin, form);
  if (!prepared.ok) return { status: "invalid", fieldErrors: prepared.fieldErrors };
  const p = prepared.prepared;
  const preview = previewOf(p);
  if (preview.lossConfirmationNeeded && !p.posted.confirmLoss) {
    const losing = preview.variants.filter((v) => v.belowCost).map((v) => v.label);
    return {
      status: "invalid",
      fieldErrors: {
        confirmLoss: `${listText(losing)} would sell below the print, shipping and VAT cost. Raise the price, or confirm that you want to sell at a loss.`,
      },
      preview,
    };
  }

  const claim = await claimCreation(p, shop, form);
  if (claim.kind === "finished") return resultOf(claim.row)!;
  if (claim.kind === "busy") return waitForCreation(shop, p.posted.requestKey);
  try {
    return await carryOut(p, claim.row, { shop, admin, deps: { ...DEFAULT_DEPS, ...deps } });
  } catch (error) {
    // Anything unforeseen before the product was finished: say so, and let a retry resume.
    const row = await prisma.productCreation.findFirst({ where: { shop, id: claim.row.id } });
    const message = row?.productId
      ? `Something went wrong after Shopify made the product “${p.posted.title}”. Try again: the same product is finished, never made twice.`
      : "Something went wrong before the product was made; nothing was changed. Try again.";
    await updateCreation(shop, claim.row.id, { state: "failed", problem: message });
    if (error instanceof Response) throw error;
    log().error({ err: error, shop, creationId: claim.row.id }, "product creation failed");
    return { status: "failed", creationId: claim.row.id, message };
  }
}

function listText(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

interface ProductSetAnswer {
  productSet: {
    product: {
      id: string;
      handle: string;
      variants: { nodes: { id: string; selectedOptions: { name: string; value: string }[] }[] };
    } | null;
    userErrors: ProductSetUserError[];
  };
}

type SetOutcome =
  | {
      kind: "made";
      product: NonNullable<ProductSetAnswer["productSet"]["product"]>;
      imageNote: string | null;
    }
  | { kind: "refused"; userErrors: ProductSetUserError[] }
  | { kind: "error"; error: ShopifyAdminError };

async function runProductSet(
  admin: AdminApi,
  variables: ReturnType<typeof productSetVariables>,
): Promise<SetOutcome> {
  const graphql = adminGraphql(admin);
  try {
    let answer = await graphql<ProductSetAnswer>(PRODUCT_SET_MUTATION, { ...variables });
    let imageNote: string | null = null;
    const first = answer.productSet.userErrors;
    if (first.length && onlyImageErrors(first)) {
      // The image is not worth losing the product over: made without it, with a note.
      imageNote = `Shopify did not take the product image (${first.map((e) => e.message).join("; ")}); add one in Shopify.`;
      const { files: _files, ...input } = variables.input;
      answer = await graphql<ProductSetAnswer>(PRODUCT_SET_MUTATION, { ...variables, input });
    }
    const { product, userErrors } = answer.productSet;
    if (userErrors.length || !product) return { kind: "refused", userErrors };
    return { kind: "made", product, imageNote };
  } catch (error) {
    const failure = shopifyFailure(error);
    if (failure) return { kind: "error", error: failure };
    throw error;
  }
}

/**
 * Shopify's failure as the client's error. On a page, the Shopify library
 * throws an HTTP error from Shopify as a Response: a 5xx or 429 is Shopify
 * not answering, like the client's "unavailable"; others (a 401: sign in
 * again) are for the framework to answer.
 */
function shopifyFailure(error: unknown): ShopifyAdminError | null {
  if (error instanceof ShopifyAdminError) return error;
  if (error instanceof Response && (error.status >= 500 || error.status === 429))
    return new ShopifyAdminError("unavailable", `Shopify answered HTTP ${error.status}`);
  return null;
}

async function productImage(p: Prepared, admin: AdminApi): Promise<ProductImageSource | null> {
  const { imageSource, imageUrl, contentUrl, title } = p.posted;
  try {
    if (imageSource === "pdf")
      return await productImageFromPdf({ admin, pdfUrl: contentUrl, title });
    if (imageSource === "url") return productImageFromUrl(imageUrl, title);
    return null;
  } catch (error) {
    // Even Shopify refusing the upload only costs the image; productSet meets any sign-in problem.
    log().warn({ err: error }, "product image failed");
    return { status: "failed", reason: "The product image could not be made." };
  }
}

export const numericId = (gid: string) => gid.split("/").pop() ?? gid;
export const adminProductUrl = (productId: string) =>
  `shopify://admin/products/${numericId(productId)}`;

async function carryOut(
  p: Prepared,
  row: ProductCreation,
  { shop, admin, deps }: { shop: string; admin: AdminApi; deps: CreationDeps },
): Promise<CreateProductResult> {
  const notes: string[] = [];
  const image = await productImage(p, admin);
  if (image?.status === "failed") notes.push(`No product image: ${image.reason}`);

  const prices = new Map(p.priced.map((v) => [v.index, v.priceMinor]));
  const set = await runProductSet(
    admin,
    productSetVariables({
      handle: row.handle,
      title: p.posted.title,
      description: p.posted.description,
      status: p.posted.status,
      vendor: p.shopName,
      currency: p.currency,
      variants: p.variants,
      prices,
      image: image?.status === "ok" ? image : null,
    }),
  );
  if (set.kind === "refused") {
    const fieldErrors = userErrorsToFields(
      set.userErrors,
      p.variants.map((v) => v.index),
      p.posted.imageSource,
    );
    await updateCreation(shop, row.id, {
      state: "failed",
      problem: `Shopify did not take the product: ${set.userErrors.map((e) => e.message).join("; ")}. Nothing was created.`,
    });
    return { status: "invalid", fieldErrors };
  }
  if (set.kind === "error") {
    // A Shopify 5xx or a timeout may come after the product was made: the retry finds it by handle.
    const message = set.error.transient
      ? "Shopify did not answer, so it is not known whether the product was made. Try again: the same product is found and finished, never made twice."
      : /access denied/i.test(set.error.message)
        ? "Shopify does not let Print Connect create products in your store yet. Allow it to write products (Shopify asks you once), then try again. Nothing was created."
        : `Shopify refused the product (${set.error.message}). Nothing was created. Try again.`;
    await updateCreation(shop, row.id, { state: "failed", problem: message });
    return { status: "failed", creationId: row.id, message };
  }
  if (set.imageNote) notes.push(set.imageNote);
  const productId = set.product.id;
  await updateCreation(shop, row.id, { state: "created", productId });

  // From here until the mappings are stored, a failure removes the product again.
  const variantIds = p.variants.map(
    (v) =>
      set.product.variants.nodes.find((n) =>
        n.selectedOptions.some((o) => o.name === OPTION_NAME && o.value === v.label),
      )?.id ?? null,
  );
  try {
    if (variantIds.some((id) => !id))
      throw new Error("Shopify's answer lacks a variant that was sent");
    await deps.saveMappings({
      shop,
      productId,
      title: p.posted.title,
      variants: p.variants.map((variant, i) => ({
        variant,
        variantId: variantIds[i]!,
        preflight: p.preflights[i] ?? null,
      })),
    });
  } catch (error) {
    log().error({ err: error, shop, creationId: row.id, productId }, "mappings not saved");
    return undoHalfWay(p, row, { shop, admin, deps, productId, variantIds });
  }

  // Done: the product is in the store and mapped. What follows only adds notes.
  for (const [i, v] of p.variants.entries()) {
    try {
      await keepSaleCost({
        shop,
        variantId: variantIds[i]!,
        numberOfPages: v.mapping.numberOfPages,
        countryCode: p.countryCode,
        cost: p.costs[i]!,
      });
    } catch (error) {
      log().warn({ err: error, shop }, "sale cost not kept");
    }
  }
  // The row holds the checked submission (claimCreation); it now learns the variants' ids.
  await changeRequest(
    shop,
    row.id,
    (request) => request.variants.forEach((v, i) => (v.variantId = variantIds[i] ?? null)),
    { state: "done", problem: notes.length ? notes.join(" ") : null },
  );

  if (p.posted.publish) {
    const published = await publish(p, shop, variantIds as string[]);
    if (published.problem) notes.push(published.problem);
    await changeRequest(shop, row.id, (request) => (request.publications = published.made), {
      publicationId: published.made[0]?.id ?? null,
      problem: notes.length ? notes.join(" ") : null,
    });
  }
  await prisma.shop.updateMany({
    where: { shop },
    data: { productPricing: pricingRuleToJson(p.rule) },
  });
  return { status: "done", creationId: row.id, productId };
}

async function undoHalfWay(
  p: Prepared,
  row: ProductCreation,
  {
    shop,
    admin,
    deps,
    productId,
    variantIds,
  }: {
    shop: string;
    admin: AdminApi;
    deps: CreationDeps;
    productId: string;
    variantIds: (string | null)[];
  },
): Promise<CreateProductResult> {
  const saved = variantIds.filter((id): id is string => Boolean(id));
  let message: string;
  try {
    await deps.deleteProduct({ admin, productId });
    await deleteMappings({ shop, variantIds: saved });
    message =
      "Shopify made the product but its print links could not be saved, so it was deleted again; nothing was changed. Try again.";
    await updateCreation(shop, row.id, { state: "failed", productId: null, problem: message });
  } catch (error) {
    // Whatever stopped the delete (Shopify down, a refusal), the merchant must know the product is there.
    log().error({ err: error, shop, productId }, "product not deleted after a half-way failure");
    // Mappings that were stored stay: the product is in the store, better mapped than not.
    message = `Shopify made the product “${p.posted.title}” (product ${numericId(productId)} in Shopify), but its print links could not be saved and deleting it failed too. Delete it in Shopify under Products, or map its variants on the Products page; then try again.`;
    await updateCreation(shop, row.id, { state: "failed", problem: message });
  }
  return { status: "failed", creationId: row.id, message };
}

/** "Also list it on the print service's checkout page": one listing per variant. */
async function publish(
  p: Prepared,
  shop: string,
  variantIds: string[],
): Promise<{ made: StoredRequest["publications"]; problem: string | null }> {
  const settings = await getPrintSettingsForDisplay({ shop });
  const currency = (SETTINGS_CURRENCIES as readonly string[]).includes(p.currency)
    ? p.currency
    : (settings?.currency ?? "EUR");
  const made: StoredRequest["publications"] = [];
  const failed: string[] = [];
  for (const [i, v] of p.variants.entries()) {
    const result = await createPublication({
      shop,
      input: {
        source: "variant",
        variantId: variantIds[i],
        title: p.variants.length > 1 ? `${p.posted.title} – ${v.label}` : p.posted.title,
        currency,
        locale: "en",
      },
    }).catch((error: unknown) => {
      log().warn({ err: error, shop }, "publication failed");
      return null;
    });
    if (result?.ok) made.push({ index: v.index, id: result.id, checkoutUrl: result.checkoutUrl });
    else
      failed.push(
        `${v.label}${result && !result.ok ? ` (${Object.values(result.fieldErrors).join(" ")})` : ""}`,
      );
  }
  return {
    made,
    problem: failed.length
      ? `The product is in your store, but the print service's checkout page could not be made for ${failed.join(", ")}. Make it on the Publications page.`
      : null,
  };
}

// What was created ----------------------------------------------------------------------------

export interface CreationVariantView {
  index: number;
  label: string;
  offeringId: number;
  offeringName: string;
  quantity: number;
  currency: string;
  priceMinor: number;
  costMinor: number;
  marginMinor: number;
  marginBps: number | null;
  variantId: string | null;
  /** The variant's mapping page in this app. */
  mappingUrl: string | null;
}

export interface CreationView {
  id: string;
  state: string;
  title: string;
  productId: string | null;
  adminUrl: string | null;
  status: "draft" | "active";
  variants: CreationVariantView[];
  /** The product image in Shopify: "ready", "processing", "failed", or null without one. */
  imageStatus: string | null;
  /** The first checkout listing; `publications` has one per variant. */
  publication: { checkoutUrl: string } | null;
  publications: { label: string; checkoutUrl: string }[];
  problem: string | null;
  createdAt: string;
  /** The posted fields, for "Try again". */
  form: Record<string, string>;
}

const PRODUCT_QUERY = `#graphql
  query PrintConnectCreatedProduct($id: ID!) {
    product(id: $id) {
      id status
      media(first: 1) { nodes { status } }
      variants(first: 50) { nodes { id price } }
    }
  }`;

interface LiveProduct {
  status: string;
  media: { nodes: { status: string }[] };
  variants: { nodes: { id: string; price: string }[] };
}

export async function getCreation({
  shop,
  admin,
  id,
}: {
  shop: string;
  admin: AdminApi;
  id: string;
}): Promise<CreationView | null> {
  const row = await prisma.productCreation.findFirst({ where: { shop, id } });
  if (!row) return null;
  const stored = storedRequest(row);
  let live: LiveProduct | null = null;
  if (row.productId) {
    try {
      live = (
        await adminGraphql(admin)<{ product: LiveProduct | null }>(PRODUCT_QUERY, {
          id: row.productId,
        })
      ).product;
    } catch (error) {
      if (!shopifyFailure(error)) throw error;
      log().warn({ err: error, shop }, "created product not read from Shopify");
    }
  }
  const livePrice = new Map(live?.variants.nodes.map((v) => [v.id, v.price]) ?? []);
  const labels = new Map(stored.variants.map((v) => [v.index, v.label]));
  return {
    id: row.id,
    state: row.state,
    title: row.title,
    productId: row.productId,
    adminUrl: row.productId ? adminProductUrl(row.productId) : null,
    status: live ? (live.status === "ACTIVE" ? "active" : "draft") : stored.status,
    variants: stored.variants.map((v) => {
      const current = v.variantId ? livePrice.get(v.variantId) : undefined;
      const priceMinor =
        current !== undefined ? parseMajor(current, stored.currency).amountMinor : v.priceMinor;
      const saleMinor = priceMinor * v.quantity;
      return {
        index: v.index,
        label: v.label,
        offeringId: v.offeringId,
        offeringName: v.offeringName,
        quantity: v.quantity,
        currency: stored.currency,
        priceMinor,
        costMinor: v.costMinor,
        marginMinor: saleMinor - v.costMinor,
        marginBps: marginBps(saleMinor, v.costMinor),
        variantId: v.variantId,
        mappingUrl:
          v.variantId && row.state === "done" ? `/app/products/${numericId(v.variantId)}` : null,
      };
    }),
    imageStatus: live?.media.nodes[0]?.status.toLowerCase() ?? null,
    publication: stored.publications[0]
      ? { checkoutUrl: stored.publications[0].checkoutUrl }
      : null,
    publications: stored.publications.map((pub) => ({
      label: labels.get(pub.index) ?? "",
      checkoutUrl: pub.checkoutUrl,
    })),
    problem: row.problem,
    createdAt: row.createdAt.toISOString(),
    form: stored.values,
  };
}
