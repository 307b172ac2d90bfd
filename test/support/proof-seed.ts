/**
 * Proof copies written straight to the app's database, stored exactly as placing a proof
 * stores them (docs: the book kit's proof rows): a ShopOrder with source "proof" and
 * shopifyOrderId "proof-<key>", one PrintOrder of kind "proof" with the same id and name and
 * orderReference "PC-proof-<key>", approved by being placed, and one item with
 * shopifyLineItemId "proof" and no revenue. The read side's tests (Orders, order page, Profit,
 * Home) use it without driving the whole placing. Imports the app's database lazily: a browser
 * test calls it only after its harness started.
 */

export interface SeededProof {
  id: string;
  name: string;
  shopOrderId: string;
  key: string;
}

export interface ProofSeed {
  /** The proof's number: named "Proof P<n>". */
  n: number;
  at: Date;
  status?: string;
  /** What the print service charges (product, shipping, VAT); null before the quote. */
  wholesaleTotalMinor?: number | null;
  currency?: string;
  quantity?: number;
  variantId?: string;
  offeringId?: number;
  title?: string;
  tracking?: { code: string; url: string; company: string };
  serviceState?: string;
  error?: { code: string; message: string; action: string };
}

/** The states in which the print service has the order. */
const PLACED = new Set(["created", "paid", "in_production", "shipped", "fulfilled"]);

export async function seedProof(shop: string, o: ProofSeed): Promise<SeededProof> {
  const { default: prisma } = await import("../../app/db.server");
  const key = `req-${shop.split(".")[0]}-${o.n}`;
  const shopifyOrderId = `proof-${key}`;
  const name = `Proof P${o.n}`;
  const status = o.status ?? "pending";
  const shopOrder = await prisma.shopOrder.create({
    data: {
      shop,
      shopifyOrderId,
      name,
      currency: "EUR",
      source: "proof",
      shippingAddress: JSON.stringify({
        name: "Studio Noord",
        address1: "Prinsengracht 200",
        zip: "1016 HD",
        city: "Amsterdam",
        country: "Netherlands",
        country_code: "NL",
      }),
      lineItems: "[]",
      createdAt: o.at,
    },
  });
  const order = await prisma.printOrder.create({
    data: {
      shop,
      shopOrderId: shopOrder.id,
      shopifyOrderId,
      shopifyOrderName: name,
      kind: "proof",
      orderReference: `PC-proof-${key}`,
      status,
      resumeStatus: status === "needs_attention" ? "pending" : null,
      serviceState: o.serviceState ?? null,
      // The print service's order number, once the order was created there.
      printOrderId: PLACED.has(status) ? 800_000 + o.n : null,
      currency: o.currency ?? "EUR",
      wholesaleTotalMinor: o.wholesaleTotalMinor === undefined ? 1170 : o.wholesaleTotalMinor,
      // The merchant approved it by placing it.
      approvedAt: o.at,
      createdAt: o.at,
      // No worker runs in these tests: nothing picks it up on its own.
      nextAttemptAt: new Date("9999-12-31T00:00:00Z"),
      trackingCode: o.tracking?.code ?? null,
      trackingUrl: o.tracking?.url ?? null,
      trackingCompany: o.tracking?.company ?? null,
      lastErrorCode: o.error?.code ?? null,
      lastErrorMessage: o.error?.message ?? null,
      lastErrorAction: o.error?.action ?? null,
      items: {
        create: {
          shop,
          itemReference: "1",
          shopifyLineItemId: "proof",
          variantId: o.variantId ?? "gid://shopify/ProductVariant/20008",
          offeringId: o.offeringId ?? 228570,
          quantity: o.quantity ?? 1,
          title: o.title ?? "Dotted Notebook A5",
          fileDetails: JSON.stringify({
            contentUrl: "https://files.example.com/notebook.pdf",
            numberOfPages: 120,
          }),
          revenueMinor: null,
          revenueCurrency: null,
        },
      },
    },
  });
  await prisma.orderEvent.create({
    data: {
      shop,
      shopOrderId: shopOrder.id,
      printOrderId: order.id,
      actor: "merchant",
      type: "planned",
      message: `You ordered ${name}.`,
      at: o.at,
    },
  });
  return { id: order.id, name, shopOrderId: shopOrder.id, key };
}
