/**
 * Home's setup check in the merchant's words: what each item asks, what was found, and the
 * one thing that fixes it. services/setup-check/judge.ts picks the sentence; nothing here
 * decides anything.
 */
import { countOf } from "./orders";

const variants = (n: number) => countOf(n, "variant");
const sells = (n: number) => (n === 1 ? "1 variant sells" : `${n} variants sell`);
const soldInSets = (n: number) =>
  n === 1 ? "1 variant is sold in sets" : `${n} variants are sold in sets`;

export const SETUP_GROUP_TITLES = {
  print: "Print service",
  shopify: "Shopify",
  products: "Products",
} as const;

export const SETUP_CHECK_TEXT = {
  couldNotCheck: (reason: string) => `Couldn't check: ${reason}`,
  /** Reasons a live check could not be made. */
  reason: {
    shopifySlow: "Shopify did not answer within a few seconds. Open Home again in a moment.",
    printSlow:
      "the print service did not answer within a few seconds. Open Home again in a moment.",
    printUnreachable: "the print service could not be reached. Open Home again in a moment.",
    shopifyUnavailable: "Shopify is not answering right now. Open Home again in a moment.",
    missingAccess:
      "Print Connect has not been given access to this yet. Approve the app's updated access in Shopify, then open Home again.",
    shopifyRefused: (detail: string) => `Shopify refused the question (${detail}).`,
    needsKeys: "it needs print-service keys that work.",
    noLiveTheme: "your online store has no published theme.",
  },

  mapping: {
    title: "Products mapped to print offerings",
    none: "No variant is mapped yet. Choose what the print service makes for a variant.",
    some: (n: number) => `${variants(n)} mapped.`,
    map: "Map a product",
  },
  keys: {
    title: "Print-service keys accepted",
    ok: "The print service accepted your merchant API key.",
    notSet:
      "No keys are saved. Enter your merchant API key and secret key from your print-service account.",
    refused: (detail: string | null) =>
      `The print service refused the merchant API key saved in Settings${detail ? ` (${detail})` : ""}. Copy it again from your print-service account.`,
    failed: (title: string) => `${title}.`,
    settings: "Open Settings",
  },
  billing: {
    title: "Billing entity",
    none: "None chosen: the print service bills your account's own details. Choose an entity if invoices should go to another company name or address.",
    ok: (name: string | null) =>
      `Print orders are billed to ${name ? `"${name}"` : "the entity chosen in Settings"}.`,
    gone: "The billing entity chosen in Settings is not in your print-service account any more, so new print orders would be refused. Choose another one.",
    choose: "Choose in Settings",
    manage: "Billing entities",
  },
  callbacks: {
    title: "Status updates arriving from the print service",
    last: "Last status update:",
    waiting:
      "None yet. The print service sends one each time an order it prints changes state, so the first comes once an order is paid there. Until then Print Connect asks the print service itself. Check that this address is the status update URL in your print-service account:",
    missing: (paid: number) =>
      `None has arrived, though ${countOf(paid, "order")} ${paid === 1 ? "was" : "were"} paid at the print service. Print Connect still asks the print service itself, but later. Set this address as the status update URL in your print-service account:`,
    urlLabel: "Status update URL",
    noUrl: "Your status update URL appears here once your settings are saved.",
  },
  webhooks: {
    title: "Order notifications arriving from Shopify",
    last: "Last paid order notification:",
    ok: (name: string) => `Shopify's latest paid order, ${name}, reached Print Connect.`,
    noOrders: "No paid order in your store yet: the first notification comes with it.",
    noneSinceInstall:
      "No paid order since Print Connect was installed: the first notification comes with the next one.",
    late: (name: string) =>
      `Your latest paid order, ${name}, was paid moments ago; Shopify usually sends its notification within a minute.`,
    missing: (name: string, minutes: number) =>
      `Shopify's latest paid order, ${name}, has not reached Print Connect as a notification. The regular check with Shopify still picks up paid orders every ${countOf(minutes, "minute")}; if this lasts, ask whoever runs Print Connect to deploy the app again.`,
    delivery: "See delivery health",
  },
  carrier: {
    title: "Shipping rates at checkout",
    off: "Shipping rates at checkout are off, so Print Connect needs no carrier service.",
    ok: "The Print Connect carrier service is registered and active: checkout asks it for print shipping rates.",
    missing:
      "Shipping rates are on, but Shopify has no Print Connect carrier service, so checkout shows no print shipping rates.",
    inactive:
      "The Print Connect carrier service is turned off in Shopify, so checkout shows no print shipping rates.",
    elsewhere:
      "The Print Connect carrier service calls an address that is not this app's, so checkout gets no print shipping rates.",
    register: "Register it again",
    activate: "Turn the carrier service on",
  },
  cartRule: {
    title: "Cart rule for prints sold in sets",
    notNeeded: "No mapped variant is sold in sets, so the cart rule is not needed.",
    ok: (n: number) =>
      `On: checkout refuses fewer copies than the print service makes of ${n === 1 ? "the variant" : `the ${n} variants`} sold in sets.`,
    off: (n: number) =>
      `Off: ${soldInSets(n)}, but checkout lets shoppers order fewer copies than the print service makes, and such orders can't be printed.`,
    missing: (n: number) =>
      `Not turned on: ${soldInSets(n)}, but checkout lets shoppers order fewer copies than the print service makes, and such orders can't be printed.`,
    notDeployed:
      "The cart rule is not part of the version of Print Connect installed in your store, so sets can't be enforced at checkout. Ask whoever runs Print Connect to deploy the app with its extensions.",
    turnOn: "Turn on the cart rule",
  },
  productBlock: {
    title: "Print details on your product pages",
    ok: (theme: string) =>
      `The Print details block is on the product page of your live theme, ${theme}.`,
    missing: (theme: string) =>
      `The product page of your live theme, ${theme}, does not show the Print details block, so shoppers don't see the print specifications or the minimum number of copies.`,
    unreadable: (theme: string) =>
      `Couldn't check: the product page of your live theme, ${theme}, is not a template Print Connect can read. Open the theme editor to see whether the Print details block is there.`,
    add: "Add the block in the theme editor",
    open: "Open the theme editor",
  },
  files: {
    title: "Print files",
    ok: "Every mapped print file passed the print-file check.",
    failing: (n: number) =>
      `The print file of ${variants(n)} failed the print-file check, so their orders stop until the file is fixed.`,
    fix: "Review mapped products",
  },
  prices: {
    title: "Prices",
    ok: "No variant sells below your target margin.",
    below: (below: number, loss: number) =>
      `${sells(below)} below your target margin${loss > 0 ? `, ${loss === below ? (loss === 1 ? "at a loss" : "all at a loss") : `${loss} of them at a loss`}` : ""}.`,
    review: "Review prices",
  },
  summary: (fine: number, total: number) => `${fine} of ${countOf(total, "check")} fine`,
} as const;

/** Results of Home's setup-check buttons. */
export const SETUP_ACTION_TEXT = {
  cartRuleOn: "The cart rule is on: checkout now refuses fewer copies than a set.",
  cartRuleAlreadyOn: "The cart rule was already on.",
  cartRuleNotDeployed: SETUP_CHECK_TEXT.cartRule.notDeployed,
  cartRuleRefused: (detail: string) => `Shopify did not turn the cart rule on: ${detail}`,
  carrierRegistered: "The carrier service is registered and active again.",
  carrierOff: "Shipping rates at checkout are off; turn them on on the Shipping rates page.",
  carrierRefused: (detail: string) => `Shopify did not register the carrier service: ${detail}`,
  shopifyUnavailable: "Shopify did not answer. Nothing changed; try again in a moment.",
} as const;
