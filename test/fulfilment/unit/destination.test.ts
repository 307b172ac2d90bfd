/**
 * A shipping address checked against what the print service and its carriers take, before
 * anything is created or paid: the postal code's format, a state where the country needs one,
 * and fields longer than a label prints.
 */
import { describe, expect, it } from "vitest";
import { destinationProblem } from "~/services/fulfilment/destination";
import { mapShippingAddress } from "~/services/fulfilment/print-plan";
import { isBrazilTaxNumber } from "~/services/fulfilment/brazil-tax-number";

const nl = { countryCode: "NL", zip: "1015 CJ", address1: "Keizersgracht 123", city: "Amsterdam" };

describe("a destination's postal code, state and field lengths", () => {
  it("takes a good address as it is", () => {
    expect(destinationProblem(nl)).toBeNull();
    expect(
      destinationProblem({ countryCode: "US", zip: "94103", provinceCode: "CA", city: "SF" }),
    ).toBeNull();
    // Hong Kong has no postal codes: none is asked for.
    expect(destinationProblem({ countryCode: "HK", zip: "", city: "Hong Kong" })).toBeNull();
  });

  it("names a postal code that is missing or not in the country's format", () => {
    expect(destinationProblem({ ...nl, zip: "" })).toBe(
      "The shipping address has no postal code, which addresses in Netherlands need.",
    );
    expect(destinationProblem({ ...nl, zip: "10115" })).toBe(
      `The postal code "10115" does not have the format of postal codes in Netherlands.`,
    );
    expect(destinationProblem({ countryCode: "DE", zip: "10115", city: "Berlin" })).toBeNull();
  });

  it("asks for a state or province where the country's addresses need one", () => {
    expect(destinationProblem({ countryCode: "US", zip: "94103", city: "SF" })).toBe(
      "The shipping address has no state or province, which addresses in United States need.",
    );
    expect(
      destinationProblem({ countryCode: "CA", zip: "K1A 0B1", provinceCode: "ON", city: "Ottawa" }),
    ).toBeNull();
  });

  it("names a field longer than a carrier's label prints", () => {
    const line = "Lange Leidsedwarsstraat 123 achterhuis boven";
    expect(destinationProblem({ ...nl, address1: line })).toBe(
      `The shipping address's first address line has ${line.length} characters; carriers print at most 35, so it would be cut. Shorten it (the rest can go on the second line).`,
    );
  });

  it("stops a Shopify order's address with the sentence and the fix", () => {
    expect(
      mapShippingAddress({
        email: "anna@example.com",
        shipping_address: {
          first_name: "Anna",
          last_name: "de Vries",
          address1: "Keizersgracht 123",
          city: "Amsterdam",
          zip: "ABC",
          country_code: "NL",
        },
      } as never),
    ).toEqual({
      ok: false,
      reason: `The postal code "ABC" does not have the format of postal codes in Netherlands.`,
      action: "Correct the shipping address in the Shopify order, then retry.",
    });
  });
});

describe("a Brazilian CPF or CNPJ", () => {
  it("is taken with its check digits right, written with or without punctuation", () => {
    expect(isBrazilTaxNumber("529.982.247-25")).toBe(true);
    expect(isBrazilTaxNumber("52998224725")).toBe(true);
    expect(isBrazilTaxNumber("11.222.333/0001-81")).toBe(true);
    expect(isBrazilTaxNumber("11222333000181")).toBe(true);
  });

  it("is refused with a wrong check digit, a repeated digit, another length or letters", () => {
    expect(isBrazilTaxNumber("529.982.247-24")).toBe(false);
    expect(isBrazilTaxNumber("11.222.333/0001-80")).toBe(false);
    expect(isBrazilTaxNumber("111.111.111-11")).toBe(false);
    expect(isBrazilTaxNumber("5299822472")).toBe(false);
    expect(isBrazilTaxNumber("52998224A25")).toBe(false);
    expect(isBrazilTaxNumber("")).toBe(false);
  });
});
