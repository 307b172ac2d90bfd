import { redirect } from "@remix-run/node";

/**
 * Browsers ask for /favicon.ico on any page that names no icon of its own, such as the Shopify
 * library's bounce page (/auth/session-token) that every reload and deep link passes through.
 * Unanswered, that is a 404 in the console on each of them; the app's icon is its SVG.
 */
export const loader = () =>
  redirect("/favicon.svg", { status: 301, headers: { "Cache-Control": "public, max-age=86400" } });
