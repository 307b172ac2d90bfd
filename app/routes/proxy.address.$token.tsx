import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { randomBytes } from "node:crypto";
import { correctionDeps } from "../lib/address-links.server";
import { clientAddress } from "../lib/client-address.server";
import { readBodyWithin } from "../lib/request-body.server";
import { authenticateStorefront } from "../lib/storefront-rates.server";
import {
  checkAddressFields,
  openAddressPage,
  saveAddressPage,
  type AddressPage,
} from "../services/address-links/correct";
import { addressPageHtml } from "../services/address-links/page";

/** A form of ten short fields; anything larger is not one. */
const FORM_MAX_BYTES = 8 * 1024;

/**
 * GET/POST /apps/print-connect/address/<token> (app proxy -> /proxy/address/<token>): the page
 * where a customer corrects their order's shipping address. Only under Shopify's proxy
 * signature; the token alone says which order, and only for the shop that signed.
 */
export const loader = async ({ request, params, context }: LoaderFunctionArgs) => {
  const { shop } = await authenticateStorefront(request, {
    clientAddress: clientAddress(request, context, { viaShopifyAppProxy: true }),
  });
  return page(await openAddressPage(correctionDeps(), { shop, token: params.token ?? "" }));
};

export const action = async ({ request, params, context }: ActionFunctionArgs) => {
  const { shop } = await authenticateStorefront(request, {
    clientAddress: clientAddress(request, context, { viaShopifyAppProxy: true }),
  });
  const body = await readBodyWithin(request, FORM_MAX_BYTES);
  if (body === null) return new Response("The form is too large.", { status: 413 });
  const posted = Object.fromEntries(new URLSearchParams(body));
  const input = { shop, token: params.token ?? "", posted };
  if (posted.intent === "check") {
    const check = await checkAddressFields(correctionDeps(), input);
    return Response.json(check ?? { closed: true }, {
      status: check ? 200 : 410,
      headers: { "Cache-Control": "no-store" },
    });
  }
  return page(await saveAddressPage(correctionDeps(), input));
};

function page(model: AddressPage): Response {
  const nonce = randomBytes(16).toString("base64");
  const status = model.kind !== "closed" ? 200 : model.why === "unknown" ? 404 : 410;
  return new Response(addressPageHtml(model, nonce), {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex, nofollow",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    },
  });
}
