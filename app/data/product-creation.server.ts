import type { ProductCreation } from "@prisma/client";
import prisma from "../db.server";
import type { PricingRule } from "../services/pricing/price-rule";
import { pricingRuleToJson } from "../services/pricing/price-rule";
import type { ClaimData, CreationChange } from "../services/product-creation/ports";
import {
  parseCreationRequest,
  serializeCreationRequest,
  type StoredRequest,
} from "../services/product-creation/request-codec";
import { isUniqueViolation } from "../services/unique-violation";

/**
 * ProductCreation rows, each scoped by shop. The row of (shop, requestKey) is the lock of one
 * submission (services/product-creation/steps/claim.ts). Its `request` column is read and
 * written only through request-codec.ts, and every change of it is compared-and-set on
 * `updatedAt`, so two writers (creation, repricing) never lose each other's part.
 */

/** How often a change of `request` is tried again when another writer came in between. */
const REQUEST_WRITE_ATTEMPTS = 5;

export function findCreation({ shop, id }: { shop: string; id: string }) {
  return prisma.productCreation.findFirst({ where: { shop, id } });
}

export function findCreationByKey({ shop, requestKey }: { shop: string; requestKey: string }) {
  return prisma.productCreation.findUnique({ where: { shop_requestKey: { shop, requestKey } } });
}

const columns = ({ request, ...data }: ClaimData) => ({
  ...data,
  request: serializeCreationRequest(request),
});

/** The new row of this request key, or null when another request made it first. */
export async function insertCreation({
  shop,
  requestKey,
  handle,
  ...data
}: {
  shop: string;
  requestKey: string;
  handle: string;
} & ClaimData): Promise<ProductCreation | null> {
  try {
    return await prisma.productCreation.create({
      data: { shop, requestKey, handle, state: "started", ...columns(data) },
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return null;
  }
}

/** A failed or abandoned row started again, unless it changed since `row` was read. */
export async function takeOverCreation({
  shop,
  row,
  data,
}: {
  shop: string;
  row: Pick<ProductCreation, "id" | "state" | "updatedAt">;
  data: ClaimData;
}): Promise<ProductCreation | null> {
  const { count } = await prisma.productCreation.updateMany({
    where: { shop, id: row.id, state: row.state, updatedAt: row.updatedAt },
    data: { ...columns(data), state: "started" },
  });
  if (count !== 1) return null;
  return findCreation({ shop, id: row.id });
}

export async function updateCreation({
  shop,
  id,
  change,
}: {
  shop: string;
  id: string;
  change: CreationChange;
}): Promise<void> {
  await prisma.productCreation.updateMany({ where: { shop, id }, data: change });
}

/**
 * Changes the stored request as it is now, with `change` to other columns in the same write.
 * The write holds only if the row is as it was read (same `updatedAt`); otherwise the request
 * is read again and `edit` applied again. A missing row is left missing, and an `edit` that
 * answers `false` (nothing to change) writes nothing. Answers whether it wrote.
 */
export async function changeCreationRequest({
  shop,
  id,
  edit,
  change = {},
}: {
  shop: string;
  id: string;
  /** Changes the request in place; may run more than once, on a fresh copy each time. */
  edit: (request: StoredRequest) => unknown;
  change?: CreationChange;
}): Promise<boolean> {
  for (let attempt = 0; attempt < REQUEST_WRITE_ATTEMPTS; attempt++) {
    const current = await prisma.productCreation.findFirst({
      where: { shop, id },
      select: { request: true, updatedAt: true },
    });
    if (!current) return false;
    const request = parseCreationRequest(current.request);
    if (edit(request) === false) return false;
    const { count } = await prisma.productCreation.updateMany({
      where: { shop, id, updatedAt: current.updatedAt },
      data: { ...change, request: serializeCreationRequest(request) },
    });
    if (count === 1) return true;
  }
  throw new Error(`ProductCreation ${id}: its request kept changing under this write`);
}

/** The shop's columns the create-product page starts from. */
export function creationShop({ shop }: { shop: string }) {
  return prisma.shop.findUnique({
    where: { shop },
    select: { scopes: true, productPricing: true },
  });
}

/** The rule the next creation's form starts with. */
export async function rememberPricingRule({
  shop,
  rule,
}: {
  shop: string;
  rule: PricingRule;
}): Promise<void> {
  await prisma.shop.updateMany({
    where: { shop },
    data: { productPricing: pricingRuleToJson(rule) },
  });
}

/** Records a proof's approval once; the approval time that stands (an earlier one wins). */
/**
 * Records the approval (of this proof, or of none) unless one is recorded; the approval that
 * stands.
 */
export async function markCreationProofApproved({
  shop,
  id,
  at,
  proofId,
}: {
  shop: string;
  id: string;
  at: Date;
  proofId: string | null;
}): Promise<{ approvedAt: Date; proofId: string | null }> {
  await prisma.productCreation.updateMany({
    where: { shop, id, proofApprovedAt: null },
    data: { proofApprovedAt: at, approvedProofId: proofId },
  });
  const row = await prisma.productCreation.findFirst({
    where: { shop, id },
    select: { proofApprovedAt: true, approvedProofId: true },
  });
  return { approvedAt: row?.proofApprovedAt ?? at, proofId: row?.approvedProofId ?? proofId };
}
