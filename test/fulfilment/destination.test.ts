/**
 * Shipping addresses checked before anything is created or paid, through the real path: a
 * signed orders/paid webhook from the Shopify stand-in, the worker, the print sandbox over HTTP.
 * A good address to each country goes on to be paid; a bad one waits for the merchant with the
 * reason, and the print service never hears of it.
 */
import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MAPPINGS,
  placePaidOrder,
  printOrdersOf,
  settle,
  startHarness,
  type Harness,
} from "../support/fulfilment-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.map(MAPPINGS.photoBook);
});
afterAll(async () => {
  await h?.close();
});

type Address = NonNullable<Parameters<typeof placePaidOrder>[2]>["shippingAddress"];

const GOOD: Record<string, Address> = {
  NL: { countryCode: "NL", zip: "1015 CJ", city: "Amsterdam", address1: "Keizersgracht 123" },
  DE: { countryCode: "DE", zip: "10115", city: "Berlin", address1: "Invalidenstraße 43" },
  US: {
    countryCode: "US",
    provinceCode: "NY",
    province: "New York",
    zip: "10001",
    city: "New York",
    address1: "350 5th Ave",
  },
  // A house name and no number: usual in the UK, so no warning.
  GB: { countryCode: "GB", zip: "SW1A 1AA", city: "London", address1: "Rose Cottage, The Mall" },
  BR: {
    countryCode: "BR",
    provinceCode: "SP",
    province: "São Paulo",
    zip: "01310-100",
    city: "São Paulo",
    address1: "Avenida Paulista 1578",
  },
  JP: {
    countryCode: "JP",
    provinceCode: "JP-13",
    province: "Tokyo",
    zip: "100-0005",
    city: "Chiyoda-ku",
    address1: "1-9-1 Marunouchi",
  },
};

// A CPF whose check digits are right (the number Brazil's tax office uses as its example).
const CPF = "529.982.247-25";
const WITH_CPF = [{ key: "TAX_CREDENTIAL_BR", value: CPF }];

async function placeTo(
  shippingAddress: Address,
  localizedFields: { key: string; value: string }[] | undefined = shippingAddress?.countryCode ===
  "BR"
    ? WITH_CPF
    : undefined,
) {
  const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }], {
    shippingAddress,
    ...(localizedFields ? { localizedFields } : {}),
  });
  await settle(h.worker());
  const [printOrder] = await printOrdersOf(order.legacyId);
  return printOrder!;
}

async function stoppedFor(
  shippingAddress: Address,
  reason: string,
  localizedFields?: { key: string; value: string }[],
) {
  const before = h.sandbox.control.orders().length;
  const printOrder = await placeTo(shippingAddress, localizedFields);
  expect(printOrder.status).toBe("needs_attention");
  expect(printOrder.lastErrorCode).toBe("ADDRESS_INVALID");
  expect(printOrder.lastErrorMessage).toBe(reason);
  expect(printOrder.lastErrorAction).toMatch(
    localizedFields
      ? /^Ask the customer for it\./
      : /^Correct the shipping address in the Shopify order, then retry\.$/,
  );
  // Found before anything was created (or paid) at the print service.
  expect(printOrder.printOrderId).toBeNull();
  expect(h.sandbox.control.orders()).toHaveLength(before);
}

describe("a shipping address checked before anything is created or paid", () => {
  it.each(Object.keys(GOOD))("a good address in %s goes on to be paid", async (country) => {
    const printOrder = await placeTo(GOOD[country]);
    expect(printOrder.status, printOrder.lastErrorMessage ?? "").toBe("paid");
    expect(printOrder.events.map((e) => e.type)).not.toContain("address_warning");
  });

  it("a postal code not in its country's format", async () => {
    await stoppedFor(
      { ...GOOD.NL, zip: "10115" },
      `The postal code "10115" does not have the format of postal codes in Netherlands.`,
    );
    await stoppedFor(
      { ...GOOD.DE, zip: "1015 CJ" },
      `The postal code "1015 CJ" does not have the format of postal codes in Germany.`,
    );
    await stoppedFor(
      { ...GOOD.JP, zip: "1000005x" },
      `The postal code "1000005x" does not have the format of postal codes in Japan.`,
    );
    await stoppedFor(
      { ...GOOD.US, zip: null },
      "The shipping address has no postal code, which addresses in United States need.",
    );
  });

  it("a state or province missing where the country needs one, or not one of the country's", async () => {
    await stoppedFor(
      { ...GOOD.US, provinceCode: null, province: null },
      "The shipping address has no state or province, which addresses in United States need.",
    );
    await stoppedFor(
      { ...GOOD.BR, provinceCode: "XX", province: null },
      `"XX" is not a state or province of Brazil.`,
    );
  });

  it("a field longer than a carrier's label prints", async () => {
    const line = "Flat 4, Rose Cottage Mews, Buckingham Palace Road";
    await stoppedFor(
      { ...GOOD.GB, address1: line },
      `The shipping address's first address line has ${line.length} characters; carriers print at most 35, so it would be cut. Shorten it (the rest can go on the second line).`,
    );
  });

  it("a street without a house number where addresses have one is printed, with a warning in the timeline", async () => {
    const printOrder = await placeTo({ ...GOOD.DE, address1: "Invalidenstraße" });
    expect(printOrder.status).toBe("paid");
    const warnings = printOrder.events.filter((e) => e.type === "address_warning");
    expect(warnings.map((e) => e.message)).toEqual([
      "The street address has no house number, which addresses in Germany usually have: check it with the customer if the parcel may not arrive.",
    ]);
  });

  it("an order to Brazil carries the buyer's CPF/CNPJ from the Shopify order to the print service", async () => {
    const printOrder = await placeTo(GOOD.BR, [{ key: "SHIPPING_CREDENTIAL_BR", value: CPF }]);
    expect(printOrder.status, printOrder.lastErrorMessage ?? "").toBe("paid");
    const sent = h.sandbox.control.order(Number(printOrder.printOrderId));
    expect(sent?.shippingAddress?.cpfCnpj).toBe("52998224725");
  });

  it("an order to Brazil without a CPF/CNPJ, or with one whose check digits are wrong, is stopped", async () => {
    await stoppedFor(
      GOOD.BR,
      "Orders to Brazil need the buyer's CPF or CNPJ, which Brazil's customs ask for, and this Shopify order has none.",
      [],
    );
    await stoppedFor(
      GOOD.BR,
      "The buyer's CPF or CNPJ on this Shopify order is not a valid number (its check digits do not match).",
      [{ key: "TAX_CREDENTIAL_BR", value: "529.982.247-24" }],
    );
  });
});
