/** The customer's address form: the same rules that stop an order, field by field. */
import { describe, expect, it } from "vitest";
import {
  checkForm,
  readForm,
  shopifyAddressOf,
  type AddressForm,
} from "~/services/address-links/form";

const form = (fields: Partial<AddressForm>): AddressForm =>
  readForm({
    firstName: "Anna",
    lastName: "Jansen",
    address1: "Street 1",
    city: "Town",
    ...fields,
  });

describe("checkForm", () => {
  it("checks the postal code's format of the order's country", () => {
    expect(checkForm(form({ zip: "1015 CJ" }), "NL").errors).toEqual({});
    expect(checkForm(form({ zip: "1015" }), "NL").errors.zip).toBe(
      'The postal code "1015" does not have the format of postal codes in Netherlands.',
    );
    expect(checkForm(form({ zip: "10115" }), "DE").errors).toEqual({});
    expect(checkForm(form({ zip: "1011" }), "DE").errors.zip).toContain("Germany");
    expect(checkForm(form({ zip: "SW1A 1AA" }), "GB").errors).toEqual({});
    expect(checkForm(form({ zip: "100-0001", provinceCode: "JP-13" }), "JP").errors).toEqual({});
    expect(checkForm(form({ zip: "" }), "JP").errors.zip).toContain("no postal code");
  });

  it("asks for a state where the country needs one, and one of the country's", () => {
    expect(checkForm(form({ zip: "10001", provinceCode: "NY" }), "US").errors).toEqual({});
    expect(checkForm(form({ zip: "10001" }), "US").errors.provinceCode).toBe(
      "The shipping address has no state or province, which addresses in United States need.",
    );
    expect(checkForm(form({ zip: "10001", provinceCode: "ZZ" }), "US").errors.provinceCode).toBe(
      '"ZZ" is not a state or province of United States.',
    );
  });

  it("asks for the required fields and refuses what carriers would cut", () => {
    const empty = checkForm(readForm({ zip: "1015 CJ" }), "NL").errors;
    expect(empty).toMatchObject({
      firstName: "Enter your first name.",
      lastName: "Enter your last name.",
      address1: "Enter your street and house number.",
      city: "Enter your city.",
    });
    const long = checkForm(form({ zip: "1015 CJ", address1: "A".repeat(36) + " 1" }), "NL");
    expect(long.errors.address1).toContain("carriers print at most 35");
    expect(checkForm(form({ zip: "1015 CJ", city: "x".repeat(300) }), "NL").errors.city).toBe(
      "City is too long.",
    );
  });

  it("warns of a street without a house number without refusing it", () => {
    const check = checkForm(form({ zip: "1015 CJ", address1: "Keizersgracht" }), "NL");
    expect(check.errors).toEqual({});
    expect(check.warnings[0]).toContain("no house number");
  });

  it("Brazil: a CPF or CNPJ with right check digits", () => {
    const br = { zip: "01310-100", provinceCode: "SP" };
    expect(checkForm(form(br), "BR").errors.taxNumber).toContain("Enter your CPF or CNPJ");
    expect(checkForm(form({ ...br, taxNumber: "111.111.111-11" }), "BR").errors.taxNumber).toBe(
      "This is not a valid CPF or CNPJ: check its digits.",
    );
    expect(checkForm(form({ ...br, taxNumber: "529.982.247-25" }), "BR").errors).toEqual({});
  });
});

describe("shopifyAddressOf", () => {
  it("keeps the country, names the state, and leaves empty fields out", () => {
    const address = shopifyAddressOf(
      form({ zip: "10001", provinceCode: "ny" }),
      { country: "United States", country_code: "US" } as never,
      "US",
    );
    expect(address).toMatchObject({
      country: "United States",
      country_code: "US",
      province: "New York",
      province_code: "NY",
      company: undefined,
      name: "Anna Jansen",
    });
  });
});
