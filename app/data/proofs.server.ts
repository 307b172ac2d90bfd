import prisma from "../db.server";
import { eventRow } from "../services/fulfilment/events";
import { PROOF_TEXT } from "../services/merchant-text/proof-order";
import type { NewProof, PlacedProof } from "../services/proofs/ports";
import { proofOrderKey, proofOrderReference } from "../services/proofs/place";
import { isUniqueViolation } from "../services/unique-violation";

/**
 * Proof copies as stored: a shop order with source "proof" and key "proof-<requestKey>" (never
 * a Shopify order's number), one print order of kind "proof" with one item, approved by being
 * placed. The shop order's unique (shop, shopifyOrderId) makes a request key place one proof.
 * Every query is keyed by shop.
 */

/** A proof's item and order carry this in place of a Shopify line item id. */
const PROOF_LINE = "proof";

/** The proof a request key placed, if any. */
export async function findProofByRequestKey({
  shop,
  requestKey,
}: {
  shop: string;
  requestKey: string;
}): Promise<PlacedProof | null> {
  const row = await prisma.printOrder.findFirst({
    where: { shop, shopifyOrderId: proofOrderKey(requestKey), kind: "proof" },
    orderBy: { groupIndex: "asc" },
    select: { id: true, shopifyOrderName: true },
  });
  return row ? { printOrderId: row.id, name: row.shopifyOrderName, created: false } : null;
}

/**
 * Records a proof: shop order, print order (pending, approved now), its item and the timeline
 * entry, in one transaction. A request key that placed one before (a double click, a repeat
 * after a lost answer) meets the unique key and gets that proof back, with nothing written.
 */
export async function recordProof({
  shop,
  proof,
  now = new Date(),
}: {
  shop: string;
  proof: NewProof;
  now?: Date;
}): Promise<PlacedProof> {
  const shopifyOrderId = proofOrderKey(proof.requestKey);
  try {
    return await prisma.$transaction(async (tx) => {
      // "Proof P1001", "Proof P1002", ...: a name, not a key. The shop's counter is raised
      // first, so the row stays locked until this commits and a proof placed at the same
      // moment waits for the next number (counting earlier proofs would give both the same).
      const { proofsPlaced } = await tx.shop.upsert({
        where: { shop },
        create: { shop, proofsPlaced: 1 },
        update: { proofsPlaced: { increment: 1 } },
        select: { proofsPlaced: true },
      });
      const name = `Proof P${1000 + proofsPlaced}`;
      const shopOrder = await tx.shopOrder.create({
        data: {
          shop,
          shopifyOrderId,
          name,
          email: proof.email,
          currency: proof.currency,
          shippingAddress: JSON.stringify(proof.shippingAddress),
          // No Shopify order, so no Shopify lines: the item below is what is printed.
          lineItems: "[]",
          source: "proof",
          createdAt: now,
        },
      });
      const { item } = proof;
      const printOrder = await tx.printOrder.create({
        data: {
          shop,
          shopOrderId: shopOrder.id,
          shopifyOrderId,
          shopifyOrderName: name,
          kind: "proof",
          orderReference: proofOrderReference(proof.requestKey),
          status: "pending",
          currency: proof.currency,
          // Placing it after seeing its quote is the merchant's approval.
          approvedAt: now,
          nextAttemptAt: now,
          createdAt: now,
          items: {
            create: {
              shop,
              itemReference: PROOF_LINE,
              shopifyLineItemId: PROOF_LINE,
              variantId: item.variantId,
              offeringId: item.offeringId,
              quantity: item.quantity,
              title: item.title,
              fileDetails: JSON.stringify(item.files),
              fileProperty: null,
              // A proof is never revenue.
              revenueMinor: null,
              revenueCurrency: null,
            },
          },
        },
        select: { id: true },
      });
      await tx.orderEvent.create({
        data: eventRow({
          shop,
          shopOrderId: shopOrder.id,
          printOrderId: printOrder.id,
          actor: "merchant",
          type: "planned",
          message: PROOF_TEXT.placedEvent({
            name,
            quantity: item.quantity,
            title: item.title,
            place: proof.place,
          }),
          data: {
            items: [{ title: item.title, quantity: item.quantity, offeringId: item.offeringId }],
            quotedTotal: proof.quote.total,
          },
          at: now,
        }),
      });
      return { printOrderId: printOrder.id, name, created: true };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Placed by an earlier request with this key (or one racing this one): that proof.
    const placed = await findProofByRequestKey({ shop, requestKey: proof.requestKey });
    if (placed) return placed;
    throw error;
  }
}

/** A proof copy ordered of one of a product's variants, as the created product's page lists it. */
export interface OrderedProof {
  id: string;
  name: string;
  status: string;
  orderedAt: Date;
}

/**
 * The proofs ordered of these variants (newest first, at most 20), cancelled ones left out:
 * what a product kept a draft for its proof can be approved with.
 */
export async function proofsOfVariants({
  shop,
  variantIds,
}: {
  shop: string;
  variantIds: string[];
}): Promise<OrderedProof[]> {
  if (!variantIds.length) return [];
  const rows = await prisma.printOrder.findMany({
    where: {
      shop,
      kind: "proof",
      status: { not: "cancelled" },
      items: { some: { shop, variantId: { in: variantIds } } },
    },
    orderBy: { createdAt: "desc" },
    take: 20,
    select: { id: true, shopifyOrderName: true, status: true, createdAt: true },
  });
  return rows.map((r) => ({
    id: r.id,
    name: r.shopifyOrderName,
    status: r.status,
    orderedAt: r.createdAt,
  }));
}

/** A proof's name by id (an approved proof later cancelled is no longer in proofsOfVariants). */
export async function findPrintOrderName({
  shop,
  id,
}: {
  shop: string;
  id: string;
}): Promise<{ name: string } | null> {
  const row = await prisma.printOrder.findFirst({
    where: { shop, id },
    select: { shopifyOrderName: true },
  });
  return row ? { name: row.shopifyOrderName } : null;
}
