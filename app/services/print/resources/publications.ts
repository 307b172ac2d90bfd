/** JSON `POST /publication/create`: a product listing orderable through the hosted checkout. */
import { z } from "zod";
import { validateInput, type ClientContext, type RequestOptions } from "../core";
import { inputCurrency, looseString, positiveId } from "./shared";

export const publicationCreateParamsSchema = z
  .object({
    currency: inputCurrency,
    /** Language code such as "en"; also part of the secure checkout URL. */
    locale: z.string().min(1),
    order: z
      .object({
        reference: z.string().min(1),
        product: z
          .object({
            title: z.string().min(1),
            source: z.object({
              file: z.object({
                src: z.url(),
                pages: z.number().int().positive(),
                dimensions: z.object({
                  height: z.number().positive(),
                  width: z.number().positive(),
                }),
              }),
            }),
            thumbnail: z.object({ src: z.url() }).optional(),
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

export class Publications {
  constructor(private readonly ctx: ClientContext) {}

  async create(
    params: PublicationCreateParams,
    options?: RequestOptions,
  ): Promise<PublicationCreated> {
    const p = validateInput(publicationCreateParamsSchema, params, "publication.create");
    const t = this.ctx.transport;
    const res = await t.send(
      {
        operation: "publication.create",
        api: "json",
        method: "POST",
        path: "/publication/create",
        json: {
          apiKey: this.ctx.merchantApiKey,
          currency: p.currency,
          locale: p.locale,
          order: p.order,
        },
      },
      options,
    );
    const r = t.validate(
      publicationResponseSchema,
      t.parseJson(res, "publication.create"),
      res,
      "publication.create",
    );
    const checkout = this.ctx.baseUrls.checkout;
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
  }
}
