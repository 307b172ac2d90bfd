import type { PreflightExpectation, PreflightResult } from "../preflight";
import type { CostItem, CostResult, SaleCost } from "../pricing/sale-costs";
import type { PricingRule } from "../pricing/price-rule";
import type { AdminGraphql } from "../shopify-admin";
import type { CheckedVariant, CreationOffering } from "./form";
import type { ProductImageSource } from "./image-source";
import type { StoredRequest } from "./request-codec";

/**
 * What product creation works with, for one shop: the database (store), the Shopify Admin call,
 * the print service, the file checks and the PDF image maker. app/lib/product-creation.server.ts
 * wires them; tests may replace any of them.
 */

/** A ProductCreation row, as the workflow reads it. */
export interface CreationRow {
  id: string;
  requestKey: string;
  handle: string;
  state: string;
  title: string;
  productId: string | null;
  request: string;
  problem: string | null;
  updatedAt: Date;
}

/** The columns a claim writes: the checked submission and its pricing rule. */
export interface ClaimData {
  title: string;
  request: StoredRequest;
  pricingMode: string;
  pricingPercent: number;
  rounding: string;
  targetMarginBps: number;
  /** Kept a draft until the merchant approves a proof copy. */
  draftUntilProof: boolean;
  problem: null;
}

export type CreationChange = Partial<
  Pick<CreationRow, "state" | "productId" | "problem"> & { publicationId: string | null }
>;

export interface MappingsToSave {
  shop: string;
  productId: string;
  title: string;
  variants: { variant: CheckedVariant; variantId: string; preflight: PreflightResult | null }[];
}

export interface CreationStore {
  findByRequestKey(requestKey: string): Promise<CreationRow | null>;
  find(id: string): Promise<CreationRow | null>;
  /** The new row of this request key, or null when another request made it first. */
  insert(row: { requestKey: string; handle: string } & ClaimData): Promise<CreationRow | null>;
  /** Takes a failed or abandoned row over, unless it changed since `row` was read. */
  takeOver(row: CreationRow, data: ClaimData): Promise<CreationRow | null>;
  update(id: string, change: CreationChange): Promise<void>;
  /** Changes the stored request as it is now (other parts of the app add their own keys). */
  changeRequest(
    id: string,
    edit: (request: StoredRequest) => void,
    change?: CreationChange,
  ): Promise<void>;
  /** Stores the new variants' mappings (the step a half-way failure is about). */
  saveMappings(mappings: MappingsToSave): Promise<void>;
  deleteMappings(variantIds: string[]): Promise<void>;
  keepSaleCost(args: {
    variantId: string;
    numberOfPages: number;
    countryCode: string;
    cost: SaleCost;
  }): Promise<void>;
  /** The print settings' currency, for a checkout listing in a currency they do not offer. */
  settingsCurrency(): Promise<string | null>;
  /** The rule the next creation's form starts with. */
  rememberPricingRule(rule: PricingRule): Promise<void>;
}

export interface CreationShopInfo {
  name: string;
  currencyCode: string;
}

export interface CreationShopify {
  /** The Shopify Admin GraphQL call. */
  graphql: AdminGraphql;
  shopInfo(): Promise<CreationShopInfo | null>;
  /** Removes the product again after a half-way failure. */
  deleteProduct(productId: string): Promise<void>;
}

export type OfferingsAnswer =
  | { status: "ok"; data: CreationOffering[] }
  | { status: "no_credentials" }
  | { status: "error"; problem: { title: string } };

export type PublicationAnswer =
  | { ok: true; id: string; checkoutUrl: string }
  | { ok: false; fieldErrors: Record<string, string> };

export interface CreationPrint {
  offerings(): Promise<OfferingsAnswer>;
  /** The cover size of an offering at a page count, when the service measures it. */
  coverSize(
    offeringId: number,
    numberOfPages: number,
  ): Promise<{ coverWidthMm: number; coverHeightMm: number } | null>;
  saleCosts(items: CostItem[]): Promise<CostResult>;
  createPublication(input: Record<string, unknown>): Promise<PublicationAnswer>;
}

export interface CreationFiles {
  /** Downloads a PDF once and checks it against each expectation. */
  checkAgainst(url: string, expects: PreflightExpectation[]): Promise<PreflightResult[]>;
  check(url: string, expect: PreflightExpectation): Promise<PreflightResult>;
}

/** The interior PDF's first page, uploaded to Shopify, as the product image. */
export type PdfImageMaker = (args: {
  pdfUrl: string;
  title: string;
}) => Promise<ProductImageSource>;

export interface CreationLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface CreationPorts {
  shop: string;
  store: CreationStore;
  shopify: CreationShopify;
  print: CreationPrint;
  files: CreationFiles;
  pdfImage: PdfImageMaker;
  log: CreationLog;
  now(): number;
  sleep(ms: number): Promise<void>;
}
