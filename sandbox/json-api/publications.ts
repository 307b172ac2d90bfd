// publication/create: a checkout page for one offering, or for a category priced by the
// merchant's markup. Create only: like the real service, no list, update or delete.

import { z } from "zod";
import { CATEGORIES, type Offering } from "../catalogue";
import { json, text, type Ctx, type Reply, type SandboxRequest } from "../context";
import { invalidData, offeringNotFound } from "../errors";
import { requireCurrency, validateItemLimits } from "../pricing";
import { derivedHex } from "../signatures";
import { validateRequest } from "../validation";
import { int, merchantFromBody, num, optStr, parse } from "./parse";

const publicationSchema = z.object({
  apiKey: z.string(),
  currency: z.string().nullish(),
  locale: z.string().nullish(),
  order: z.object({
    reference: optStr,
    product: z.object({
      title: optStr,
      // What the listing sells (the wire contract pins these names): one offering, or
      // every offering of a category priced by the merchant's markup.
      offeringId: int.nullish(),
      categoryCode: optStr,
      source: z.object({
        file: z.object({
          src: z.string(),
          pages: int,
          dimensions: z.object({ height: num, width: num }).nullish(),
        }),
      }),
      thumbnail: z.object({ src: z.string() }).nullish(),
    }),
  }),
});

export function createPublication(ctx: Ctx, req: SandboxRequest): Reply {
  const merchant = merchantFromBody(ctx, req, "apiKey");
  validateRequest(ctx, req, merchant);
  const b = parse(publicationSchema, req.body);
  const currency = requireCurrency(b.currency || "EUR");
  const file = b.order.product.source.file;
  const wanted = b.order.product.offeringId ?? undefined;
  const categoryCode = b.order.product.categoryCode || null;
  // Never a product the merchant did not name: an offering, or a category, not both.
  if (wanted !== undefined && categoryCode)
    throw invalidData("order.product.categoryCode", "give offeringId or categoryCode, not both");
  let offering: Offering | undefined;
  if (wanted !== undefined) {
    offering = ctx.catalogue.find(wanted);
    if (!offering) throw offeringNotFound(wanted);
  } else if (categoryCode) {
    if (!CATEGORIES.some((c) => c.code === categoryCode))
      throw invalidData("order.product.categoryCode", `unknown category ${categoryCode}`);
    // The checkout shows the category's first offering the file's page count fits.
    const inCategory = ctx.catalogue.offerings.filter((o) => o.categoryCode === categoryCode);
    offering =
      inCategory.find(
        (o) => file.pages >= o.minNumberOfPages && file.pages <= o.maxNumberOfPages,
      ) ?? inCategory[0];
    if (!offering) throw offeringNotFound(`category ${categoryCode}`);
  } else {
    throw invalidData(
      "order.product.offeringId",
      "is missing: name the offering (or categoryCode for a category listing)",
    );
  }
  validateItemLimits(offering, file.pages, Math.max(1, offering.minimumQuantity));
  const id = ctx.store.nextId("publication");
  const secure = merchant.publicationResponse === "secure";
  ctx.store.addPublication({
    id,
    merchantApiKey: merchant.merchantApiKey,
    currency: currency.code,
    locale: b.locale || "en",
    reference: b.order.reference,
    title: b.order.product.title,
    sourceUrl: file.src,
    pages: file.pages,
    width: file.dimensions?.width ?? offering.dimensionWidth,
    height: file.dimensions?.height ?? offering.dimensionHeight,
    thumbnailUrl: b.order.product.thumbnail?.src ?? "",
    offeringId: offering.id,
    categoryCode,
    secureId: secure ? derivedHex(ctx.seed, `pub:${id}`, 16) : null,
    token: secure ? derivedHex(ctx.seed, `tok:${id}`, 32) : null,
    createdAt: new Date(ctx.clock.now()).toISOString(),
  });
  ctx.changed();
  if (merchant.publicationResponse === "number") return text(200, String(id), "application/json");
  if (secure) {
    const p = ctx.store.publications.get(id);
    return json(200, { secure_publication_id: p?.secureId, token: p?.token });
  }
  return json(200, { id });
}
