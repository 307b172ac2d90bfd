import { findCreation } from "../../data/product-creation.server";
import { findPrintOrderName, proofsOfVariants } from "../../data/proofs.server";
import { findIsbnUses } from "../mapping/isbn-uses.server";
import { creationVariantIds } from "./approve-proof.server";
import { getLogger } from "../../lib/logger.server";
import { marginBps } from "../../services/pricing/margin";
import { parseMajor } from "../../services/print";
import { parseCreationRequest } from "../../services/product-creation/request-codec";
import { pageFailure } from "../../services/shopify-admin";
import { adminGraphql, type AdminApi } from "../../services/shopify-admin";
import {
  CREATED_PRODUCT_QUERY,
  type CreatedProduct,
} from "../../services/shopify-admin/documents/created-product";
import { legacyIdOf } from "../../services/shopify-admin/ids";

export interface CreationVariantView {
  index: number;
  label: string;
  offeringId: number;
  offeringName: string;
  /** The edition's ISBN-13, written to its barcode; null without one. */
  isbn: string | null;
  quantity: number;
  currency: string;
  priceMinor: number;
  costMinor: number;
  marginMinor: number;
  marginBps: number | null;
  variantId: string | null;
  /** The variant's mapping page in this app. */
  mappingUrl: string | null;
  /** "Order a proof copy" of this edition. */
  proofUrl: string | null;
  /** Other products whose mapping carries this edition's ISBN (a warning). */
  isbnAlsoOn: { title: string; url: string }[];
}

/** A proof copy ordered of the product, with its own page. */
export interface ProofView {
  id: string;
  name: string;
  status: string;
  orderedAt: string;
  url: string;
}

export interface ProofApprovalView {
  /** When it was approved (null: not yet). */
  approvedAt: string | null;
  /** The proof approved; null before, or when approved without one. */
  approvedProofName: string | null;
  /** The proofs ordered of its variants, newest first (what it can be approved with). */
  proofs: ProofView[];
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
  /** Kept a draft until a proof copy is approved: its state; null otherwise. */
  proofApproval: ProofApprovalView | null;
  createdAt: string;
  /** The posted fields, for "Try again". */
  form: Record<string, string>;
}

const log = () => getLogger().child({ component: "product-creation" });

const adminProductUrl = (productId: string) => `shopify://admin/products/${legacyIdOf(productId)}`;

async function proofApproval(
  shop: string,
  row: { request: string; proofApprovedAt: Date | null; approvedProofId: string | null },
): Promise<ProofApprovalView> {
  const proofs = await proofsOfVariants({ shop, variantIds: creationVariantIds(row.request) });
  const approved = row.approvedProofId
    ? (proofs.find((p) => p.id === row.approvedProofId) ??
      (await findPrintOrderName({ shop, id: row.approvedProofId })))
    : null;
  return {
    approvedAt: row.proofApprovedAt?.toISOString() ?? null,
    approvedProofName: approved?.name ?? null,
    proofs: proofs.map((p) => ({
      id: p.id,
      name: p.name,
      status: p.status,
      orderedAt: p.orderedAt.toISOString(),
      url: `/app/orders/${p.id}`,
    })),
  };
}

/** What a creation made, with the product's live status, image and prices from Shopify. */
export async function getCreation({
  shop,
  admin,
  id,
}: {
  shop: string;
  admin: AdminApi;
  id: string;
}): Promise<CreationView | null> {
  const row = await findCreation({ shop, id });
  if (!row) return null;
  const stored = parseCreationRequest(row.request);
  let live: CreatedProduct | null = null;
  if (row.productId) {
    try {
      live = (
        await adminGraphql(admin)<{ product: CreatedProduct | null }>(CREATED_PRODUCT_QUERY, {
          id: row.productId,
        })
      ).product;
    } catch (error) {
      if (!pageFailure(error)) throw error;
      log().warn({ err: error, shop }, "created product not read from Shopify");
    }
  }
  const ownVariants = creationVariantIds(row.request);
  const isbnUses = await Promise.all(
    stored.variants.map(async (v) =>
      v.isbn
        ? (await findIsbnUses({ shop, typed: v.isbn, exceptVariantIds: ownVariants })).uses
        : [],
    ),
  );
  const livePrice = new Map(live?.variants.nodes.map((v) => [v.id, v.price]) ?? []);
  const labels = new Map(stored.variants.map((v) => [v.index, v.label]));
  return {
    id: row.id,
    state: row.state,
    title: row.title,
    productId: row.productId,
    adminUrl: row.productId ? adminProductUrl(row.productId) : null,
    status: live ? (live.status === "ACTIVE" ? "active" : "draft") : stored.status,
    variants: stored.variants.map((v, i) => {
      const current = v.variantId ? livePrice.get(v.variantId) : undefined;
      const priceMinor =
        current !== undefined ? parseMajor(current, stored.currency).amountMinor : v.priceMinor;
      const saleMinor = priceMinor * v.quantity;
      return {
        index: v.index,
        label: v.label,
        offeringId: v.offeringId,
        offeringName: v.offeringName,
        isbn: v.isbn ?? null,
        quantity: v.quantity,
        currency: stored.currency,
        priceMinor,
        costMinor: v.costMinor,
        marginMinor: saleMinor - v.costMinor,
        marginBps: marginBps(saleMinor, v.costMinor),
        variantId: v.variantId,
        mappingUrl:
          v.variantId && row.state === "done" ? `/app/products/${legacyIdOf(v.variantId)}` : null,
        proofUrl:
          v.variantId && row.state === "done"
            ? `/app/proofs/new?variantId=${legacyIdOf(v.variantId)}`
            : null,
        isbnAlsoOn: isbnUses[i] ?? [],
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
    proofApproval: row.draftUntilProof ? await proofApproval(shop, row) : null,
    createdAt: row.createdAt.toISOString(),
    form: stored.values,
  };
}
