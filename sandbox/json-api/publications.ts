// publication/create: a checkout page for one offering, or for a category priced by the
// merchant's markup; a request that names neither sells the offering its file matches.
// Create only: like the real service, no list, update or delete.

import { z } from "zod";
import { CATEGORIES, type Offering } from "../catalogue";
import { json, text, type Ctx, type Reply, type SandboxRequest } from "../context";
import { ServiceError, invalidData, offeringNotFound } from "../errors";
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

/** Within this many millimetres on each side a file is the offering's size (bleed included). */
const SIZE_TOLERANCE_MM = 10;

const byId = (a: Offering, b: Offering) => a.id - b.id;

/**
 * The offering a publication sells when the request names none (the interface shows no field
 * for it), from its file: among the offerings whose page range takes the file's pages,
 * 1. the fixed-size offering nearest the file's size, when within SIZE_TOLERANCE_MM on each side;
 * 2. else a dynamic-size offering whose minimum size the file meets;
 * 3. else the offering whose size is nearest.
 * "Nearest": smallest sum of the width and height differences; ties go to the lowest id. A file
 * without dimensions gets the lowest id that takes its pages. No offering takes the pages: 400 OFF_MIN.
 */
export function offeringForFile(
  offerings: readonly Offering[],
  pages: number,
  size: { width: number; height: number } | undefined,
): Offering {
  const takes = offerings
    .filter((o) => pages >= o.minNumberOfPages && pages <= o.maxNumberOfPages)
    .sort(byId);
  const first = takes[0];
  if (!first) throw new ServiceError(400, "OFF_MIN", `No offering takes a file of ${pages} pages`);
  if (!size) return first;
  const dw = (o: Offering) => Math.abs(size.width - o.dimensionWidth);
  const dh = (o: Offering) => Math.abs(size.height - o.dimensionHeight);
  const nearest = (list: Offering[]) =>
    list.reduce<Offering | undefined>(
      (best, o) => (best === undefined || dw(o) + dh(o) < dw(best) + dh(best) ? o : best),
      undefined,
    );
  const sameSize = nearest(
    takes.filter((o) => !o.dynamicSize && dw(o) <= SIZE_TOLERANCE_MM && dh(o) <= SIZE_TOLERANCE_MM),
  );
  if (sameSize) return sameSize;
  const dynamic = takes.find(
    (o) =>
      o.dynamicSize &&
      size.width >= (o.minDimensionWidth ?? 0) &&
      size.height >= (o.minDimensionHeight ?? 0),
  );
  return dynamic ?? nearest(takes) ?? first;
}

export function createPublication(ctx: Ctx, req: SandboxRequest): Reply {
  const merchant = merchantFromBody(ctx, req, "apiKey");
  validateRequest(ctx, req, merchant);
  const b = parse(publicationSchema, req.body);
  const currency = requireCurrency(b.currency || "EUR");
  const file = b.order.product.source.file;
  const wanted = b.order.product.offeringId ?? undefined;
  const categoryCode = b.order.product.categoryCode || null;
  // An offering or a category, not both; neither is the interface's own request.
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
    // The interface's own request names nothing: the file decides (sandbox/README.md).
    offering = offeringForFile(ctx.catalogue.offerings, file.pages, file.dimensions ?? undefined);
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
