/**
 * What a print order is for (PrintOrder.kind): "sale", printed for a Shopify order, or
 * "proof", a copy the merchant ordered at cost with no Shopify order behind it. A proof is
 * never revenue and never fulfilled in Shopify. Not a .server module: pages read it.
 */
export type PrintOrderKind = "sale" | "proof";

export function isPrintOrderKind(v: string): v is PrintOrderKind {
  return v === "sale" || v === "proof";
}

/** The stored column as the type; anything but "proof" is a sale (the column's default). */
export function printOrderKindOf(stored: string): PrintOrderKind {
  return stored === "proof" ? "proof" : "sale";
}
