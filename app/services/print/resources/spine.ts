/**
 * JSON `GET /offering/spine` and `GET /order/spine`: the spine width and the full cover size
 * of a bound product.
 *
 * The facts file names both operations but documents neither request nor answer. Everything
 * this file assumes about them (parameter names, answer fields, unit) is written here and in
 * docs/print-wire-contract.md ("Spine (assumed shapes)"); correct it here once the real shapes
 * are known. `Offerings.spine` and `Orders.spine` only run the operations below.
 */
import { z } from "zod";
import { defineOperation } from "../core";
import { PrintApiError } from "../errors";
import { inputId, looseNumber } from "./shared";

// Inputs --------------------------------------------------------------------------------------

export const offeringSpineParamsSchema = z
  .object({
    offeringId: inputId,
    /** Interior pages of the book (the cover is not counted). */
    numberOfPages: z.number().int().positive().max(100_000),
  })
  .strict();

export const orderSpineParamsSchema = z
  .object({
    orderId: inputId,
    /** The item's `item_reference` from order creation. */
    itemReference: z.string().trim().min(1, "give the item's reference"),
  })
  .strict();

export type OfferingSpineParams = z.input<typeof offeringSpineParamsSchema>;
export type OrderSpineParams = z.input<typeof orderSpineParamsSchema>;

// Answer --------------------------------------------------------------------------------------

/** Millimetres, as the service measures the product. */
export interface SpineSize {
  spineWidthMm: number;
  /** Back + spine + front + bleed (or wrap) on both sides. */
  coverWidthMm: number;
  /** Trim height + bleed (or wrap) top and bottom. */
  coverHeightMm: number;
  /** Bleed (or, for hardcovers, the wrap around the board) on every edge of the cover file. */
  bleedMm: number;
}

const positiveMm = looseNumber.pipe(z.number().positive());

/**
 * Assumed answer of both operations:
 * `{spineWidth, coverWidth, coverHeight, bleed, unit: "mm"}` (numbers or numeric text; extra
 * fields such as the echoed ids are ignored). Any unit but millimetres is refused rather than
 * shown with the wrong size.
 */
export const spineResponseSchema = z
  .object({
    spineWidth: positiveMm,
    coverWidth: positiveMm,
    coverHeight: positiveMm,
    bleed: looseNumber.pipe(z.number().min(0)),
    unit: z
      .string()
      .regex(/^\s*mm\s*$/i, "expected millimetres (mm)")
      .nullish(),
  })
  .transform((s): SpineSize => ({
    spineWidthMm: s.spineWidth,
    coverWidthMm: s.coverWidth,
    coverHeightMm: s.coverHeight,
    bleedMm: s.bleed,
  }));

/**
 * The service measures no spine for this product (wall art, a wire-bound notebook): it answers
 * 400 INVALID_DATA to a request whose parameters the SDK has already checked.
 */
export function isNoSpine(error: unknown): boolean {
  return (
    error instanceof PrintApiError &&
    error.status === 400 &&
    error.customCode === "INVALID_DATA" &&
    (error.operation === "offering.spine" || error.operation === "order.spine")
  );
}

// Operations ----------------------------------------------------------------------------------

export const offeringSpineOperation = defineOperation({
  name: "offering.spine",
  api: "json",
  method: "GET",
  path: "/offering/spine",
  request: offeringSpineParamsSchema,
  query: (p, call) => ({
    merchantApiKey: call.merchantApiKey,
    offeringId: p.offeringId,
    numberOfPages: p.numberOfPages,
  }),
  response: spineResponseSchema,
});

export const orderSpineOperation = defineOperation({
  name: "order.spine",
  api: "json",
  method: "GET",
  path: "/order/spine",
  request: orderSpineParamsSchema,
  query: (p, call) => ({
    merchantApiKey: call.merchantApiKey,
    orderId: p.orderId,
    itemReference: p.itemReference,
  }),
  response: spineResponseSchema,
});
