/**
 * JSON `POST /publication/create`: a product listing orderable through the hosted checkout.
 * The service documents no list, update or delete for listings: a changed listing is a new
 * one, and the old checkout link keeps working.
 */
import { z } from "zod";
import { APIResource, defineOperation, type PrintCore } from "../core";
import type { RequestOptions } from "../transport";
import { inputCurrency, inputId, inputLocale, inputUrl, looseString, positiveId } from "./shared";

/**
 * What a listing sells: one offering at its price, or several products of one category
 * priced by the profit markup in the account settings. Always chosen by the merchant.
 */
export const publicationSelectionSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("offering"), offeringId: inputId }).strict(),
  z
    .object({
      kind: z.literal("category"),
      categoryCode: z.string().regex(/^[A-Z]{2}$/, "a two-letter category code such as BO"),
    })
    .strict(),
]);

export type PublicationSelection = z.output<typeof publicationSelectionSchema>;

/** The request body before the selection is put in. */
export interface PublicationRequestBody {
  apiKey: string;
  currency: string;
  locale: string;
  order: { reference: string; product: Record<string, unknown> };
}

/**
 * Puts the selection into the request. The interface does not document how a publication
 * request names its offering or category ("not shown"), so this is the one place that
 * decides it; replace it per client with the `publicationSelection` option.
 */
export type PublicationSelectionWire = (
  body: PublicationRequestBody,
  selection: PublicationSelection,
) => Record<string, unknown>;

/** Default: `order.product.offeringId`, or `order.product.categoryCode` for a category. */
export const productPublicationSelection: PublicationSelectionWire = (body, selection) => ({
  ...body,
  order: {
    ...body.order,
    product: {
      ...body.order.product,
      ...(selection.kind === "offering"
        ? { offeringId: selection.offeringId }
        : { categoryCode: selection.categoryCode }),
    },
  },
});

export const publicationCreateParamsSchema = z
  .object({
    /** Required: a listing never picks a product the merchant did not choose. */
    selection: publicationSelectionSchema,
    currency: inputCurrency,
    /** Language code such as "en"; also part of the secure checkout URL. */
    locale: inputLocale,
    order: z
      .object({
        reference: z.string().min(1),
        product: z
          .object({
            title: z.string().min(1),
            source: z.object({
              file: z.object({
                src: inputUrl,
                pages: z.number().int().positive(),
                dimensions: z.object({
                  height: z.number().positive(),
                  width: z.number().positive(),
                }),
              }),
            }),
            thumbnail: z.object({ src: inputUrl }).optional(),
          })
          .strict(),
      })
      .strict(),
  })
  .strict();

export type PublicationCreateParams = z.input<typeof publicationCreateParamsSchema>;

export type PublicationCreated =
  | { kind: "public"; publicationId: number; checkoutUrl: string }
  | { kind: "secure"; securePublicationId: string; token: string; checkoutUrl: string };

/** Three answer forms: `{id}`, a bare number, or `{secure_publication_id, token}`. */
const publicationResponseSchema = z.union([
  positiveId.transform((id) => ({ kind: "public" as const, id })),
  z.object({ id: positiveId }).transform((o) => ({ kind: "public" as const, id: o.id })),
  z
    .object({
      secure_publication_id: looseString.pipe(z.string().min(1)),
      token: z.string().min(1),
    })
    .transform((o) => ({
      kind: "secure" as const,
      secureId: o.secure_publication_id,
      token: o.token,
    })),
]);

/** The operation, with the client's way of naming the selection on the wire. */
function publicationCreate(selectionWire: PublicationSelectionWire) {
  return defineOperation({
    name: "publication.create",
    api: "json",
    method: "POST",
    path: "/publication/create",
    request: publicationCreateParamsSchema,
    json: (p, call) =>
      selectionWire(
        { apiKey: call.merchantApiKey, currency: p.currency, locale: p.locale, order: p.order },
        p.selection,
      ),
    response: publicationResponseSchema,
    result: (r, p, _answer, call): PublicationCreated => {
      const checkout = call.baseUrls.checkout;
      if (r.kind === "public") {
        return { kind: "public", publicationId: r.id, checkoutUrl: `${checkout}/print/${r.id}` };
      }
      return {
        kind: "secure",
        securePublicationId: r.secureId,
        token: r.token,
        checkoutUrl: `${checkout}/checkout/print/${encodeURIComponent(p.locale)}/${encodeURIComponent(
          r.secureId,
        )}?token=${encodeURIComponent(r.token)}`,
      };
    },
  });
}

export class Publications extends APIResource {
  private readonly createOperation: ReturnType<typeof publicationCreate>;

  constructor(core: PrintCore, selectionWire: PublicationSelectionWire) {
    super(core);
    this.createOperation = publicationCreate(selectionWire);
  }

  create(params: PublicationCreateParams, options?: RequestOptions): Promise<PublicationCreated> {
    return this.core.request(this.createOperation, params, options);
  }
}
