/**
 * Print orders written straight to the app's database for the orders pages'
 * browser tests: the states, splits and errors a test needs without driving
 * the whole pipeline. Import only after the harness started (the app's
 * database is set up then).
 */
import type { Page } from "playwright-core";

export interface SeededOrder {
  id: string;
  name: string;
  shopOrderId: string;
}

/** The Polaris card whose heading is `title` (a Card renders as a ShadowBevel box). */
export function cardTitled(page: Page, title: string) {
  return page
    .locator(".Polaris-ShadowBevel")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

let next = 0;

export async function seedPrintOrder(
  shop: string,
  options: {
    status: string;
    /** Shopify price of one copy, e.g. "12.50". */
    price?: string;
    quantity?: number;
    wholesaleTotalMinor?: number;
    error?: { code: string; message: string; action: string };
    /** Another print order of the same Shopify order (a split). */
    splitOf?: SeededOrder;
    serviceState?: string;
  },
): Promise<SeededOrder> {
  const { default: prisma } = await import("../../app/db.server");
  next += 1;
  const n = 7000 + next;
  const at = new Date(Date.now() - 3_600_000 + next * 60_000);
  const quantity = options.quantity ?? 1;
  const shopOrder = options.splitOf
    ? await prisma.shopOrder.findUniqueOrThrow({ where: { id: options.splitOf.shopOrderId } })
    : await prisma.shopOrder.create({
        data: {
          shop,
          shopifyOrderId: String(n),
          name: `#${n}`,
          email: "anna@example.com",
          currency: "EUR",
          shippingAddress: JSON.stringify({
            name: "Anna de Vries",
            address1: "Keizersgracht 123",
            zip: "1015 CJ",
            city: "Amsterdam",
            country: "Netherlands",
            country_code: "NL",
          }),
          lineItems: JSON.stringify([
            {
              id: String(80_000 + n),
              title: "Dotted Notebook A5",
              quantity,
              price: options.price ?? "12.50",
            },
          ]),
          createdAt: at,
        },
      });
  const groupIndex = options.splitOf
    ? await prisma.printOrder.count({ where: { shop, shopOrderId: shopOrder.id } })
    : 0;
  const order = await prisma.printOrder.create({
    data: {
      shop,
      shopOrderId: shopOrder.id,
      shopifyOrderId: shopOrder.shopifyOrderId,
      shopifyOrderName: shopOrder.name,
      groupIndex,
      orderReference: `PC-${shopOrder.shopifyOrderId}-${groupIndex + 1}`,
      status: options.status,
      resumeStatus: options.status === "needs_attention" ? "pending" : null,
      serviceState: options.serviceState ?? null,
      currency: "EUR",
      wholesaleTotalMinor: options.wholesaleTotalMinor ?? 1234,
      holdUntil: options.status === "held" ? new Date(Date.now() + 6 * 3_600_000) : null,
      createdAt: at,
      // The tests' worker is not running: nothing picks these up on its own.
      nextAttemptAt: new Date("9999-12-31T00:00:00Z"),
      lastErrorCode: options.error?.code ?? null,
      lastErrorMessage: options.error?.message ?? null,
      lastErrorAction: options.error?.action ?? null,
      items: {
        create: {
          shop,
          itemReference: String(groupIndex + 1),
          shopifyLineItemId: String(80_000 + Number(shopOrder.shopifyOrderId)),
          variantId: "gid://shopify/ProductVariant/20008",
          offeringId: 228570,
          quantity,
          title: "Dotted Notebook A5",
          fileDetails: JSON.stringify({
            contentUrl: "https://files.example.com/notebook.pdf",
            numberOfPages: 120,
          }),
        },
      },
    },
  });
  await prisma.orderEvent.create({
    data: {
      shop,
      shopOrderId: shopOrder.id,
      printOrderId: order.id,
      actor: "worker",
      type: "planned",
      message: `Planned ${shopOrder.name}.`,
      at,
    },
  });
  return { id: order.id, name: shopOrder.name, shopOrderId: shopOrder.id };
}
