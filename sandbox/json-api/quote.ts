// quote: prices a basket for a destination without creating anything.

import { z } from "zod";
import { json, type Ctx, type Reply, type SandboxRequest } from "../context";
import { jsonQuoteBody, priceItems } from "../pricing";
import { validateRequest } from "../validation";
import { int, merchantFromBody, parse } from "./parse";

const quoteSchema = z.object({
  apiKey: z.string(),
  countryCode: z.string().regex(/^[A-Za-z]{2}$/, "two-letter country code"),
  state: z.string().nullish(),
  currency: z.string().nullish(),
  items: z.array(z.object({ offeringId: int, numberOfPages: int.nullish(), quantity: int })).min(1),
});

export function quote(ctx: Ctx, req: SandboxRequest): Reply {
  const merchant = merchantFromBody(ctx, req, "apiKey");
  validateRequest(ctx, req, merchant);
  const q = parse(quoteSchema, req.body);
  const result = priceItems(
    ctx.catalogue,
    q.items.map((it) => ({
      offeringId: it.offeringId,
      numberOfPages: it.numberOfPages ?? undefined,
      quantity: it.quantity,
    })),
    q.currency || "EUR",
    q.countryCode,
    merchant.markupBp,
  );
  return json(200, jsonQuoteBody(result, q.countryCode, q.state ?? null));
}
