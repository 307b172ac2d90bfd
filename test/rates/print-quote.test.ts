/**
 * quoteShipping against a stub print service: an answer we cannot trust is a
 * failed quote (the checkout then answers backup rates), never a zero shipping.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { quoteShipping, type QuoteInput } from "~/services/rates/print-quote";
import { makeClient, startServer, type TestServer } from "../print/helpers";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const quotedItem = (offeringId: number) => ({
  offeringId,
  numberOfPages: 24,
  quantity: 1,
  basePrice: 12.5,
  pricePerPage: 0.05,
  productPrice: 12.5,
  shippingWholesale: 4.95,
  totalQuantityDiscount: 0,
  vatPercentage: 9,
  vat: 1.57,
  totalItemPrice: 19.02,
});
const completeQuote = (...offeringIds: number[]) => ({
  quoteDetails: { countryCode: "NL", state: null, currency: "EUR", exchangeRate: "1.0000" },
  quotedItems: offeringIds.map(quotedItem),
  quoteSummary: {
    numberOfItems: offeringIds.length,
    totalWholesalePrice: 19.02 * offeringIds.length,
    totalShippingPrice: 4.95 * offeringIds.length,
    totalQuantityDiscount: 0,
    vatSummary: [{ vatPercentage: 9, vat: 1.57 * offeringIds.length }],
  },
});
const withoutShippingTotal = (...offeringIds: number[]) => {
  const body = completeQuote(...offeringIds);
  const { totalShippingPrice: _dropped, ...summary } = body.quoteSummary;
  return { ...body, quoteSummary: summary };
};

const input = (...offeringIds: number[]): QuoteInput => ({
  countryCode: "NL",
  currency: "EUR",
  items: offeringIds.map((offeringId) => ({ offeringId, numberOfPages: 24, quantity: 1 })),
});

describe("quoteShipping with an incomplete quote answer", () => {
  it("a complete answer is quoted (the stub's baseline)", async () => {
    server.on("POST /rest/v3/quote", () => ({ body: completeQuote(228478) }));
    const { client } = makeClient(server.url);
    expect(await quoteShipping(client, input(228478))).toEqual({
      kind: "quoted",
      shipping: { amountMinor: 495, currency: "EUR" },
      parcels: 1,
    });
  });

  it("a quote without its shipping total is a failure, not free shipping", async () => {
    server.on("POST /rest/v3/quote", () => ({ body: withoutShippingTotal(228478) }));
    const { client } = makeClient(server.url);
    const outcome = await quoteShipping(client, input(228478));
    expect(outcome.kind).toBe("failed");
    expect(outcome).toMatchObject({
      reason: expect.stringMatching(
        /^PrintResponseShapeError: quote: unexpected response shape: quoteSummary\.totalShippingPrice: amount is missing or null\./,
      ) as unknown,
    });
    expect(server.requests).toHaveLength(1);
  });

  it("a quote with a null item amount is a failure", async () => {
    const body = completeQuote(228478);
    body.quotedItems[0] = { ...body.quotedItems[0]!, shippingWholesale: null as never };
    server.on("POST /rest/v3/quote", () => ({ body }));
    const { client } = makeClient(server.url);
    const outcome = await quoteShipping(client, input(228478));
    expect(outcome).toMatchObject({
      kind: "failed",
      reason: expect.stringMatching(
        /quotedItems\.0\.shippingWholesale: amount is missing or null/,
      ) as unknown,
    });
  });

  it("a cart quoted per facility fails when one group's answer is incomplete", async () => {
    server.on(
      "POST /rest/v3/quote",
      () => ({
        status: 400,
        body: {
          custom_code: "MULTI_ORDER_INVALID_DATA",
          details: "Possible combinations: [228478] && [228565].",
        },
      }),
      (req) => {
        const [item] = (req.json as { items: { offeringId: number }[] }).items;
        return {
          body:
            item?.offeringId === 228565
              ? withoutShippingTotal(228565)
              : completeQuote(item?.offeringId ?? 0),
        };
      },
    );
    const { client } = makeClient(server.url);
    const outcome = await quoteShipping(client, input(228478, 228565));
    expect(outcome).toMatchObject({
      kind: "failed",
      reason: expect.stringMatching(
        /quoteSummary\.totalShippingPrice: amount is missing/,
      ) as unknown,
    });
    expect(server.requests).toHaveLength(3);
  });
});
