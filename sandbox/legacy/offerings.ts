// offering/list and offering/details: the catalogue in the merchant's currency (and in
// others on request).

import { findCountry, type Offering } from "../catalogue";
import { isoWithOffset } from "../clock";
import { requireMerchant, type Ctx, type Reply, type SandboxRequest } from "../context";
import { currencyInvalid, forbidden } from "../errors";
import { CURRENCIES, bpToNumber, convertFromEur, findCurrency, formatMinor } from "../money";
import { requireCurrency } from "../pricing";
import type { Merchant } from "../store";
import { validateRequest } from "../validation";
import { merchantWithApp, offeringById, p, requiredInt } from "./params";
import { el, xml } from "./xml";

function offeringXml(ctx: Ctx, o: Offering, m: Merchant, groups: readonly string[] | null): string {
  const currency = findCurrency(m.creditCurrency) ?? requireCurrency("EUR");
  const money = (eur: number) => formatMinor(convertFromEur(eur, currency));
  const home = findCountry(m.homeCountry);
  const byCurrency = (name: string, eur: number) =>
    groups === null
      ? ""
      : `<${name}>${groups
          .map((code) => {
            const c = requireCurrency(code);
            return `<value amount="${formatMinor(convertFromEur(eur, c))}" currency="${c.code}"/>`;
          })
          .join("")}</${name}>`;
  return (
    "<offering>" +
    el("id", o.id) +
    el("price", money(o.basePrice)) +
    el("countryShippingPrice", money(o.countryShippingPrice)) +
    el("regionShippingPrice", money(o.regionShippingPrice)) +
    el("worldShippingPrice", money(o.worldShippingPrice)) +
    el("pricePerPage", money(o.pricePerPage)) +
    el("name", o.name) +
    el("downloadLocation", `${ctx.baseUrl}/templates/${o.id}.zip`) +
    el("currency", currency.code) +
    byCurrency("priceByCurrency", o.basePrice) +
    byCurrency("pricePerPageByCurrency", o.pricePerPage) +
    byCurrency("countryShippingPriceByCurrency", o.countryShippingPrice) +
    byCurrency("regionShippingPriceByCurrency", o.regionShippingPrice) +
    byCurrency("worldShippingPriceByCurrency", o.worldShippingPrice) +
    el(
      "vatPercentage",
      bpToNumber(o.vatClass === "reduced" ? home.vatReducedBp : home.vatStandardBp),
    ) +
    el("defaultNumberOfPages", o.defaultNumberOfPages) +
    el("minNumberOfPages", o.minNumberOfPages) +
    el("maxNumberOfPages", o.maxNumberOfPages) +
    el("dimensionWidth", o.dimensionWidth) +
    el("dimensionHeight", o.dimensionHeight) +
    el("dimensionUnit", "mm") +
    el("minimumQuantity", o.minimumQuantity) +
    el("addShipping", o.categoryCode !== "DP") +
    el("recommended", o.recommended) +
    el("fixedSize", !o.dynamicSize) +
    `<elements>${el("id", 1)}${el("name", "cover")}${el("url", "")}</elements>` +
    `<elements>${el("id", 2)}${el("name", "interior")}${el("url", `${ctx.baseUrl}/templates/${o.id}-interior.pdf`)}</elements>` +
    el("catalogueItemCode", o.catalogueItemCode) +
    el("merchantApiKey", m.merchantApiKey) +
    el("applicationApiKey", m.applicationApiKey) +
    "</offering>"
  );
}

function currencyGroups(req: SandboxRequest, base: string): string[] {
  const raw = p(req, "currencies");
  if (!raw) return [base];
  if (raw.toUpperCase() === "ALL") return CURRENCIES.map((c) => c.code);
  return raw.split(",").map((code) => {
    const c = findCurrency(code.trim());
    if (!c) throw currencyInvalid(code.trim());
    return c.code;
  });
}

export function offeringList(ctx: Ctx, req: SandboxRequest): Reply {
  const m = merchantWithApp(ctx, req);
  validateRequest(ctx, req, m);
  const groups = currencyGroups(req, m.creditCurrency);
  // The price list's own promise: it passes by the sandbox clock (catalogue/offerings.ts PriceBook).
  const expires = isoWithOffset(ctx.catalogue.prices.expiresAt(ctx.clock.now()));
  const body = ctx.catalogue.offerings.map((o) => offeringXml(ctx, o, m, groups)).join("");
  return xml(200, `<root>${el("pricingExpireDate", expires)}<offerings>${body}</offerings></root>`);
}

export function offeringDetails(ctx: Ctx, req: SandboxRequest): Reply {
  const buttonKey = p(req, "buttonKey");
  let m: Merchant;
  if (buttonKey) {
    const found = [...ctx.store.merchants.values()].find((x) => x.buttonKey === buttonKey);
    if (!found) throw forbidden("unknown button key");
    m = requireMerchant(ctx, found.merchantApiKey, req.op, "merchantApiKey");
  } else m = merchantWithApp(ctx, req);
  validateRequest(ctx, req, m);
  const o = offeringById(ctx, requiredInt(req, "offeringId"));
  return xml(200, offeringXml(ctx, o, m, null));
}
