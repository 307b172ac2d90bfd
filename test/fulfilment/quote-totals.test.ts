import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MAPPINGS,
  placePaidOrder,
  printOrdersOf,
  SANDBOX_KEYS,
  settle,
  startHarness,
  type Harness,
} from "../support/fulfilment-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.map(MAPPINGS.photoBook);
  // Manual approval stops the order right after the quote, before order details overwrite prices.
  await h.settings({ routingMode: "manual" });
});
afterAll(async () => {
  await h?.close();
});

const cents = (n: number) => Math.round(n * 100);

interface QuoteBody {
  quotedItems: {
    productPrice: number;
    totalQuantityDiscount: number;
    shippingWholesale: number;
    vat: number;
    totalItemPrice: number;
  }[];
  quoteSummary: {
    totalWholesalePrice: number;
    totalShippingPrice: number;
    totalQuantityDiscount: number;
    vatSummary: { vat: number }[];
  };
}

/** The same quote the worker asks for, straight from the sandbox. */
async function serviceQuote(quantity: number): Promise<QuoteBody> {
  const response = await fetch(`${h.sandbox.jsonBaseUrl}/quote`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      apiKey: SANDBOX_KEYS.merchantApiKey,
      countryCode: "NL",
      state: "",
      currency: "EUR",
      items: [
        {
          offeringId: MAPPINGS.photoBook.offeringId,
          numberOfPages: MAPPINGS.photoBook.numberOfPages,
          quantity,
        },
      ],
    }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as QuoteBody;
}

describe("the quoted total of a print order", () => {
  it("is the service's own total after the quantity discount, for a 12-copy book", async () => {
    const { order } = await placePaidOrder(h, [
      { variantId: MAPPINGS.photoBook.variantId, quantity: 12 },
    ]);
    await settle(h.worker());
    const [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("awaiting_approval");

    const quote = await serviceQuote(12);
    const item = quote.quotedItems[0]!;
    // The case only means something with a discount: 12 copies earn one.
    expect(item.totalQuantityDiscount).toBeGreaterThan(0);
    expect(printOrder!.wholesaleTotalMinor).toBe(cents(quote.quoteSummary.totalWholesalePrice));
    expect(printOrder!.wholesaleShippingMinor).toBe(cents(quote.quoteSummary.totalShippingPrice));
    expect(printOrder!.wholesaleTaxMinor).toBe(
      cents(quote.quoteSummary.vatSummary.reduce((sum, v) => sum + v.vat, 0)),
    );
    // And it is below the pre-discount sum by exactly the discount.
    const undiscounted = cents(item.productPrice) + cents(item.shippingWholesale) + cents(item.vat);
    expect(undiscounted - printOrder!.wholesaleTotalMinor!).toBe(cents(item.totalQuantityDiscount));
  });
});
