// The hosted checkout page for a publication: a small real HTML page. Its form
// only re-renders the page with another quantity/country (GET), nothing else.

import { text, type Ctx, type Reply } from "./context";
import { escapeXml as esc } from "./legacy/xml";
import { formatMinor } from "./money";
import { priceItem, requireCurrency } from "./pricing";
import type { Publication } from "./store";
import { COUNTRIES } from "./catalogue";

const notFound = (what: string): Reply =>
  text(
    404,
    `<!doctype html><title>Not found</title><h1>${esc(what)} not found</h1>`,
    "text/html; charset=utf-8",
  );

export function renderCheckout(ctx: Ctx, pub: Publication, query: URLSearchParams): Reply {
  const merchant = ctx.store.merchants.get(pub.merchantApiKey);
  const offering = ctx.catalogue.find(pub.offeringId);
  if (!merchant || !offering) return notFound("Publication");
  const qText = query.get("quantity") ?? "";
  const quantity =
    /^\d+$/.test(qText) && Number(qText) > 0
      ? Number(qText)
      : Math.max(1, offering.minimumQuantity);
  const cText = (query.get("countryCode") ?? merchant.homeCountry).toUpperCase();
  const country = /^[A-Z]{2}$/.test(cText) ? cText : merchant.homeCountry;
  const currency = requireCurrency(pub.currency);
  const p = priceItem(offering, pub.pages, quantity, currency, country, merchant.markupBp);
  const total = p.retailProduct + p.shipping + p.retailProductVat + p.shippingVat;
  const options = COUNTRIES.map(
    (c) =>
      `<option value="${c.code}"${c.code === country ? " selected" : ""}>${esc(c.name)}</option>`,
  ).join("");
  const html = `<!doctype html>
<html lang="${esc(pub.locale)}">
<head><meta charset="utf-8"><title>${esc(pub.title || offering.name)} - Print Connect sandbox checkout</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}img{max-width:12rem;border:1px solid #ccc}.price{font-size:1.5rem}</style></head>
<body>
<p><small>Sandbox checkout - nothing is charged or shipped.</small></p>
<h1 data-testid="title">${esc(pub.title || offering.name)}</h1>
${pub.thumbnailUrl ? `<img data-testid="thumbnail" src="${esc(pub.thumbnailUrl)}" alt="${esc(pub.title)}">` : ""}
<p>${esc(offering.name)} &middot; ${pub.pages} ${pub.pages === 1 ? "page" : "pages"} &middot; ${offering.dimensionWidth}x${offering.dimensionHeight} mm</p>
<p class="price" data-testid="price">${currency.code} ${formatMinor(total)}</p>
<p><small>incl. ${currency.code} ${formatMinor(p.shipping)} shipping and ${currency.code} ${formatMinor(p.retailProductVat + p.shippingVat)} VAT, ${quantity} copies</small></p>
<form method="get" data-testid="order-form">
<label>Quantity <input name="quantity" type="number" min="1" value="${quantity}"></label>
<label>Country <select name="countryCode">${options}</select></label>
${query.get("token") ? `<input type="hidden" name="token" value="${esc(query.get("token") ?? "")}">` : ""}
<button type="submit">Update price</button>
<button type="button" disabled title="The sandbox does not take payments">Order</button>
</form>
</body></html>`;
  return text(200, html, "text/html; charset=utf-8");
}

export function checkoutById(ctx: Ctx, id: string, query: URLSearchParams): Reply {
  const pub = /^\d+$/.test(id) ? ctx.store.publications.get(Number(id)) : undefined;
  // Secure publications are only reachable through their secure URL.
  if (!pub || pub.secureId) return notFound("Publication");
  return renderCheckout(ctx, pub, query);
}

export function checkoutBySecureId(ctx: Ctx, secureId: string, query: URLSearchParams): Reply {
  const pub = ctx.store.publicationBySecureId(secureId);
  if (!pub) return notFound("Publication");
  if (query.get("token") !== pub.token)
    return text(
      403,
      "<!doctype html><title>Forbidden</title><h1>Invalid token</h1>",
      "text/html; charset=utf-8",
    );
  return renderCheckout(ctx, pub, query);
}
