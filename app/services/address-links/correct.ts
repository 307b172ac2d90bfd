/**
 * The customer's address page, as a model the route renders: what a link opens, the check
 * as the customer types, and the save (the link taken once; Shopify's order updated; the print
 * orders updated or released). Nothing about an order is shown without its valid link.
 */
import { countryName } from "../country-names";
import type { CustomerAddressInput, CustomerAddressResult } from "../fulfilment/commands";
import type { ShopifyAddress } from "../fulfilment/shopify-order";
import {
  changedFields,
  checkForm,
  formOf,
  provinceFieldOf,
  readForm,
  shopifyAddressOf,
  type AddressForm,
  type FormCheck,
} from "./form";
import { findAddressLink, type LinkLookup } from "./links";
import type { AddressLinkStore, OrderWithItems } from "./ports";
import { linkRefusal } from "./send";

export interface CorrectionDeps {
  store: AddressLinkStore;
  now?: () => Date;
  shopName: (shop: string) => Promise<string>;
  /** Writes the address to the Shopify order: Shopify's refusal in words, or null. */
  updateShopifyOrder: (input: {
    shop: string;
    shopifyOrderId: string;
    address: ShopifyAddress;
    taxNumber: string | null;
  }) => Promise<string | null>;
  /** Writes the address to the order's print orders (fulfilment's customer-address command). */
  applyAddress: (input: CustomerAddressInput) => Promise<CustomerAddressResult>;
  logger: { warn(o: object, m: string): void };
}

export type AddressPage =
  | {
      kind: "closed";
      /** "unknown": no such link for this shop (404); else it existed and no longer works (410). */
      why: "unknown" | "closed";
      shopName: string;
      heading: string;
      message: string;
    }
  | {
      kind: "form";
      shopName: string;
      orderName: string;
      items: { title: string; quantity: number }[];
      countryCode: string;
      countryName: string;
      province: ReturnType<typeof provinceFieldOf>;
      /** Why the order waits for the customer, when it was stopped. */
      problem: string | null;
      form: AddressForm;
      check: FormCheck | null;
      /** A failed save, in a sentence. */
      notice: string | null;
    }
  | {
      kind: "saved";
      shopName: string;
      orderName: string;
      address: string[];
      /** The order was waiting for this address and goes to print now. */
      released: boolean;
    };

const CLOSED: Record<
  Exclude<LinkLookup["state"], "valid">,
  { heading: string; message: string }
> = {
  unknown: {
    heading: "This link does not work",
    message:
      "Check that you opened the whole link from the e-mail. If it still does not work, reply to that e-mail.",
  },
  expired: {
    heading: "This link has expired",
    message: "Links to correct an address work for 7 days. Reply to the e-mail for a new one.",
  },
  replaced: {
    heading: "A newer link was sent",
    message: "This link was replaced by a newer one: use the link in the latest e-mail.",
  },
  used: {
    heading: "This link was already used",
    message: "The shipping address was corrected with it. To change it again, reply to the e-mail.",
  },
};

interface Opened {
  page: AddressPage | null;
  link?: Extract<LinkLookup, { link: unknown }>["link"];
  order?: OrderWithItems;
  shopName: string;
}

async function open(
  deps: CorrectionDeps,
  input: { shop: string; token: string },
  // The check as the customer types draws no page: it does not ask Shopify for the name.
  { named = true }: { named?: boolean } = {},
): Promise<Opened> {
  const now = (deps.now ?? (() => new Date()))();
  const [lookup, shopName] = await Promise.all([
    findAddressLink(deps.store, { ...input, now }),
    named ? deps.shopName(input.shop).catch(() => input.shop) : input.shop,
  ]);
  if (lookup.state !== "valid")
    return {
      page: {
        kind: "closed",
        why: lookup.state === "unknown" ? "unknown" : "closed",
        shopName,
        ...CLOSED[lookup.state],
      },
      shopName,
    };
  const order = await deps.store.orderWithItems(input.shop, lookup.link.shopOrderId);
  const refusal = linkRefusal(order);
  if (refusal || !order)
    return {
      page: {
        kind: "closed",
        why: "closed",
        shopName,
        heading: "The address can no longer be changed here",
        message: `Your order is already on its way to print, or was cancelled. To change its address, reply to the e-mail.`,
      },
      shopName,
    };
  return { page: null, link: lookup.link, order, shopName };
}

function storedAddress(order: { shippingAddress: string | null }): ShopifyAddress | null {
  return order.shippingAddress ? (JSON.parse(order.shippingAddress) as ShopifyAddress) : null;
}

/** The order's destination country: what the form checks against, and not a field of it. */
const countryOf = (address: ShopifyAddress | null) => address?.country_code?.toUpperCase() ?? "";

function formPage(
  opened: Opened,
  form: AddressForm,
  check: FormCheck | null,
  notice: string | null,
): AddressPage {
  const order = opened.order!;
  const countryCode = countryOf(storedAddress(order));
  const open = order.printOrders.filter((p) => p.status !== "cancelled");
  const stopped = open.find((p) => p.status === "needs_attention" && p.lastErrorMessage);
  return {
    kind: "form",
    shopName: opened.shopName,
    orderName: order.name,
    items: open.flatMap((p) => p.items.map((i) => ({ title: i.title, quantity: i.quantity }))),
    countryCode,
    countryName: countryName(countryCode),
    province: provinceFieldOf(countryCode),
    problem: stopped?.lastErrorMessage ?? null,
    form,
    check,
    notice,
  };
}

/** GET: the form, filled with the order's address and checked, or why the link is closed. */
export async function openAddressPage(
  deps: CorrectionDeps,
  input: { shop: string; token: string },
): Promise<AddressPage> {
  const opened = await open(deps, input);
  if (opened.page) return opened.page;
  const form = formOf(storedAddress(opened.order!));
  const countryCode = countryOf(storedAddress(opened.order!));
  return formPage(opened, form, checkForm(form, countryCode), null);
}

/** The check as the customer types: per field, what is wrong; null when the link is closed. */
export async function checkAddressFields(
  deps: CorrectionDeps,
  input: { shop: string; token: string; posted: Record<string, unknown> },
): Promise<FormCheck | null> {
  const opened = await open(deps, input, { named: false });
  if (opened.page) return null;
  const countryCode = countryOf(storedAddress(opened.order!));
  return checkForm(readForm(input.posted), countryCode);
}

/** POST: the save. Problems show on the form; the link is used only by a save that went through. */
export async function saveAddressPage(
  deps: CorrectionDeps,
  input: { shop: string; token: string; posted: Record<string, unknown> },
): Promise<AddressPage> {
  const now = (deps.now ?? (() => new Date()))();
  const opened = await open(deps, input);
  if (opened.page) return opened.page;
  const order = opened.order!;
  const link = opened.link!;
  const previous = storedAddress(order);
  const countryCode = countryOf(previous);
  const form = readForm(input.posted);
  const check = checkForm(form, countryCode);
  if (Object.keys(check.errors).length > 0) return formPage(opened, form, check, null);

  if (!(await deps.store.takeLink(link, now)))
    return { kind: "closed", why: "closed", shopName: opened.shopName, ...CLOSED.used };
  const address = shopifyAddressOf(form, previous, countryCode);
  const taxNumber = countryCode === "BR" ? form.taxNumber.replace(/\D/g, "") : null;
  let refused: string | null;
  try {
    refused = await deps.updateShopifyOrder({
      shop: order.shop,
      shopifyOrderId: order.shopifyOrderId,
      address,
      taxNumber,
    });
  } catch (error) {
    deps.logger.warn({ shop: order.shop, err: error }, "address correction: Shopify failed");
    refused = "The shop could not be reached just now.";
  }
  if (refused) {
    await deps.store.releaseLink(link, now);
    return formPage(
      opened,
      form,
      check,
      `Your address was not saved: ${refused} Please try again.`,
    );
  }
  // Shopify has the address now. Should writing it here fail (a worker holding the order for
  // longer than the command waits), Shopify's orders/updated brings it all the same.
  const applied = await deps
    .applyAddress({
      shop: order.shop,
      shopOrderId: order.id,
      address,
      summary: changedFields(formOf(previous), form),
      now,
    })
    .catch((error: unknown) => {
      deps.logger.warn({ shop: order.shop, err: error }, "address correction: not applied here");
      return null;
    });
  // Paid between the page's check and this save: the print service ships to the old address.
  if (applied && !applied.ok && applied.reason === "printing")
    return {
      kind: "closed",
      why: "closed",
      shopName: opened.shopName,
      heading: "Your order was already on its way to print",
      message:
        "The shop has the new address, but the printed order goes to the address it had. Reply to the e-mail so the shop can help.",
    };
  const lines = [
    `${form.firstName} ${form.lastName}`,
    form.company,
    form.address1,
    form.address2,
    [form.zip, form.city].filter(Boolean).join(" "),
    form.provinceCode,
    countryName(countryCode),
  ].filter((l) => l.trim() !== "");
  return {
    kind: "saved",
    shopName: opened.shopName,
    orderName: order.name,
    address: lines,
    released: applied?.ok === true && applied.released.length > 0,
  };
}
