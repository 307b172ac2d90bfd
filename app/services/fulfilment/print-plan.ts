import { destinationProblem } from "./destination";
import type { AddressDetailsInput, FileDetailsInput, SpineInput } from "../print";
import { MoneyError, multiplyMoney, parseMajor, type MoneyMinor } from "../print/money";
import { isCountryCode, isEmail } from "../print/input-rules";
import type { ShopifyLineItem, ShopifyOrder } from "./shopify-order";
import { variantGid } from "../shopify-admin/ids";
import { httpUrlOrNull } from "../safe-url";
import { isDefaultVariantTitle } from "../merchant-text/variants";

/** What planning needs of a variant mapping (a plain shape, not a database row). */
export interface MappingForPlan {
  variantId: string;
  offeringId: number;
  contentUrl: string | null;
  contentWidth: number | null;
  contentHeight: number | null;
  numberOfPages: number | null;
  coverUrl: string | null;
  spineCustomUrl: string | null;
  /** JSON of the dynamic spine settings, or null. */
  spineText: string | null;
  /** Personalised: the line item property carrying this order's file URL. */
  fileProperty: string | null;
}

export interface PlannedItem {
  lineItemId: string;
  variantId: string;
  offeringId: number;
  quantity: number;
  title: string;
  itemReference: string;
  /** Null while a personalised file has not arrived. */
  files: FileDetailsInput | null;
  fileProperty: string | null;
}

export interface SkippedLine {
  lineItemId: string;
  title: string;
  reason: string;
}

export interface PrintPlan {
  items: PlannedItem[];
  skipped: SkippedLine[];
}

function lineTitle(line: ShopifyLineItem): string {
  return line.variant_title && !isDefaultVariantTitle(line.variant_title)
    ? `${line.title} - ${line.variant_title}`
    : line.title;
}

function spineFor(mapping: MappingForPlan): SpineInput | undefined {
  if (mapping.spineCustomUrl) return { kind: "custom", url: mapping.spineCustomUrl };
  if (!mapping.spineText) return undefined;
  return {
    kind: "dynamic",
    ...(JSON.parse(mapping.spineText) as Omit<SpineInput & { kind: "dynamic" }, "kind">),
  };
}

/** The raw value of a line's file property, as the customer gave it. */
export function fileProperty(
  name: string,
  line: Pick<ShopifyLineItem, "properties">,
): string | undefined {
  return line.properties.find((p) => p.name === name)?.value;
}

/**
 * The file details for one line: the mapping's own file, or for personalised
 * products the URL in the line's property with the mapping's dimensions.
 * Null when the personalised file has not arrived yet.
 */
export function filesForLine(
  mapping: MappingForPlan,
  line: Pick<ShopifyLineItem, "properties">,
): FileDetailsInput | null {
  // A property is customer input: anything but an http(s) URL is no file (and no link).
  const url = httpUrlOrNull(
    mapping.fileProperty ? fileProperty(mapping.fileProperty, line) : mapping.contentUrl,
  );
  if (!url) return null;
  const files: FileDetailsInput = {
    contentUrl: url,
    contentWidth: mapping.contentWidth ?? 0,
    contentHeight: mapping.contentHeight ?? 0,
    numberOfPages: mapping.numberOfPages ?? 0,
  };
  if (mapping.coverUrl) files.coverUrl = mapping.coverUrl;
  const spine = spineFor(mapping);
  if (spine) files.spine = spine;
  return files;
}

/** A line's price x quantity in the order's currency; null when Shopify's price is unreadable. */
export function lineRevenue(
  line: Pick<ShopifyLineItem, "price" | "quantity">,
  currency: string,
): MoneyMinor | null {
  if (line.price === undefined) return null;
  try {
    return multiplyMoney(parseMajor(line.price, currency), line.quantity);
  } catch (error) {
    if (error instanceof MoneyError) return null;
    throw error;
  }
}

/** Which lines of a paid shop order become print items, and which are skipped. */
export function planPrintItems(
  order: ShopifyOrder,
  mappings: ReadonlyMap<string, MappingForPlan>,
): PrintPlan {
  const items: PlannedItem[] = [];
  const skipped: SkippedLine[] = [];
  for (const line of order.line_items) {
    const mapping = line.variant_id ? mappings.get(variantGid(line.variant_id)) : undefined;
    if (!mapping) {
      skipped.push({ lineItemId: line.id, title: lineTitle(line), reason: "not a print product" });
      continue;
    }
    if (line.quantity === 0) {
      skipped.push({ lineItemId: line.id, title: lineTitle(line), reason: "quantity 0" });
      continue;
    }
    items.push({
      lineItemId: line.id,
      variantId: mapping.variantId,
      offeringId: mapping.offeringId,
      quantity: line.quantity,
      title: lineTitle(line),
      itemReference: line.id,
      files: filesForLine(mapping, line),
      fileProperty: mapping.fileProperty,
    });
  }
  return { items, skipped };
}

export type AddressResult =
  { ok: true; address: AddressDetailsInput } | { ok: false; reason: string; action: string };

/** A field of a shipping address the print service needs, and the email it is sent with. */
export type AddressField = "firstName" | "lastName" | "address1" | "city" | "countryCode" | "email";

export interface AddressProblem {
  field: AddressField;
  problem: "missing" | "invalid";
}

/** The address fields the print service requires, in the words a merchant reads. */
export const REQUIRED_ADDRESS_FIELDS = {
  firstName: "first name",
  lastName: "last name",
  address1: "address line",
  city: "city",
  countryCode: "country",
} as const satisfies Partial<Record<AddressField, string>>;

type RequiredAddressField = keyof typeof REQUIRED_ADDRESS_FIELDS;

/**
 * The print service's rules for a shipping address and its email (it refuses the rest with a
 * 400, text of only spaces included): every problem, field by field. Shop orders
 * (mapShippingAddress) and the proofs a merchant orders (services/proofs) are checked by these.
 */
export function addressProblems(
  address: Partial<Record<RequiredAddressField, string | undefined>>,
  email: string | undefined,
): AddressProblem[] {
  const problems: AddressProblem[] = [];
  for (const field of Object.keys(REQUIRED_ADDRESS_FIELDS) as RequiredAddressField[]) {
    if (!address[field]?.trim()) problems.push({ field, problem: "missing" });
  }
  if (!email?.trim()) problems.push({ field: "email", problem: "missing" });
  // The print service refuses both (400); say which, instead of a refused request.
  else if (!isEmail(email)) problems.push({ field: "email", problem: "invalid" });
  const country = address.countryCode;
  if (country?.trim() && !isCountryCode(country)) {
    problems.push({ field: "countryCode", problem: "invalid" });
  }
  return problems;
}

/** Shopify's shipping address and email as the print service wants them. */
export function mapShippingAddress(
  order: Pick<ShopifyOrder, "shipping_address" | "email"> &
    Partial<Pick<ShopifyOrder, "contact_email" | "customer">>,
  fix = "Correct the shipping address in the Shopify order, then retry.",
): AddressResult {
  const a = order.shipping_address;
  const email = order.email ?? order.contact_email ?? order.customer?.email;
  if (!a) return { ok: false, reason: "The order has no shipping address.", action: fix };
  const [first, ...rest] = (a.name ?? "").split(" ");
  const firstName = a.first_name ?? first;
  const lastName = a.last_name ?? (rest.join(" ") || undefined);
  const problems = addressProblems(
    { firstName, lastName, address1: a.address1, city: a.city, countryCode: a.country_code },
    email,
  );
  const has = (field: AddressField, problem: AddressProblem["problem"]) =>
    problems.some((p) => p.field === field && p.problem === problem);
  const missing = problems.flatMap((p) =>
    p.problem === "missing" && p.field !== "email" ? [REQUIRED_ADDRESS_FIELDS[p.field]] : [],
  );
  if (missing.length) {
    return { ok: false, reason: `The shipping address has no ${missing.join(", ")}.`, action: fix };
  }
  if (has("email", "missing")) {
    return {
      ok: false,
      reason: "The order has no customer email address.",
      action: "Add the customer's email to the Shopify order, then retry.",
    };
  }
  if (has("email", "invalid")) {
    return {
      ok: false,
      // The address itself stays out of the message: it is the customer's data.
      reason: "The customer email address is not one the print service accepts.",
      action: "Correct the customer's email in the Shopify order, then retry.",
    };
  }
  if (has("countryCode", "invalid")) {
    return {
      ok: false,
      reason: `The shipping address's country code "${a.country_code}" is not a known country code.`,
      action: fix,
    };
  }
  // What the service and its carriers would refuse or cut, found before anything is paid.
  const destination = destinationProblem({
    countryCode: a.country_code!,
    zip: a.zip,
    provinceCode: a.province_code,
    firstName,
    lastName,
    company: a.company,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
  });
  if (destination) return { ok: false, reason: destination, action: fix };
  return {
    ok: true,
    address: {
      emailAddress: email!,
      shippingAddress: {
        firstName: firstName!,
        lastName: lastName!,
        addressLine1: a.address1!,
        ...(a.address2 ? { addressLine2: a.address2 } : {}),
        zipCode: a.zip ?? "",
        city: a.city!,
        countryCode: a.country_code!.toUpperCase(),
        ...(a.province_code ? { state: a.province_code } : {}),
        ...(a.phone ? { phoneNumber: a.phone } : {}),
        ...(a.company ? { companyName: a.company } : {}),
      },
    },
  };
}

/** The order_reference of a print order: fixed per shop order and group, before any call. */
export function orderReference(shopifyOrderId: string, groupIndex: number): string {
  return `PC-${shopifyOrderId}-${groupIndex + 1}`;
}
