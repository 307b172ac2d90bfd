/** The pure checks behind the billing-entity form (app/services/billing-entity-rules.ts). */
import { describe, expect, it } from "vitest";
import {
  billingEntityFormSchema,
  checkPostalCode,
  checkVatNumber,
  countryOptions,
} from "~/services/billing-entity-rules";
import { countryName } from "~/services/country-names";
import { COUNTRY_CODES } from "~/services/print/input-rules";

describe("countries", () => {
  it("offers every ISO code once, by English name, in name order", () => {
    const options = countryOptions();
    expect(options.map((o) => o.value).sort()).toEqual([...COUNTRY_CODES].sort());
    const labels = options.map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, "en")));
    expect(countryName("NL")).toBe("Netherlands");
    expect(countryName("de")).toBe("Germany");
    expect(countryName("XK")).toBe("Kosovo");
    // The written-out names are what the runtime itself calls them.
    const names = new Intl.DisplayNames(["en"], { type: "region" });
    for (const { value, label } of options) expect(label, value).toBe(names.of(value));
  });
});

describe("postal codes", () => {
  it.each([
    ["NL", "1015 CJ", "1015 CJ"],
    ["NL", " 1015cj ", "1015CJ"],
    ["DE", "10115", "10115"],
    ["GB", "sw1a 1aa", "SW1A 1AA"],
    ["US", "10001-1234", "10001-1234"],
    ["CA", "k1a 0b1", "K1A 0B1"],
    ["PL", "00-950", "00-950"],
    ["BR", "01310-100", "01310-100"],
    [undefined, "75001", "75001"],
  ])("takes %s %j", (country, input, kept) => {
    expect(checkPostalCode(input, country)).toEqual({ ok: true, value: kept });
  });

  it.each([
    ["NL", "10115", "1012 AB"],
    ["DE", "1012", "10115"],
    ["GB", "12345", "SW1A 1AA"],
    ["US", "1234", "10001"],
    ["PT", "1000", "1000-001"],
  ])("refuses %s %j with the country's example", (country, input, example) => {
    const r = checkPostalCode(input, country);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toBe(
      `Enter a postal code in this country's format, e.g. ${example}`,
    );
  });

  it("refuses anything but letters, digits, spaces and hyphens elsewhere", () => {
    for (const bad of ["%%%", "1", "ABCDEFGHIJKL", "12_34"])
      expect(checkPostalCode(bad, "BR").ok, bad).toBe(false);
  });
});

describe("VAT numbers", () => {
  it("accepts the example of every prefix it knows", () => {
    const examples = [
      "ATU12345678",
      "BE0123456789",
      "BG123456789",
      "CY12345678X",
      "CZ12345678",
      "DE123456789",
      "DK12345678",
      "EE123456789",
      "EL123456789",
      "ESX1234567X",
      "FI12345678",
      "FR12345678901",
      "HR12345678901",
      "HU12345678",
      "IE1234567T",
      "IT12345678901",
      "LT123456789",
      "LU12345678",
      "LV12345678901",
      "MT12345678",
      "NL123456789B01",
      "PL1234567890",
      "PT123456789",
      "RO1234567",
      "SE123456789001",
      "SI12345678",
      "SK1234567890",
      "XI123456789",
      "GB123456789",
      "CHE123456789",
      "NO123456789MVA",
    ];
    for (const vat of examples)
      expect(checkVatNumber(vat, undefined), vat).toEqual({ ok: true, value: vat });
  });

  it("tidies spaces, dots and hyphens and uppercases", () => {
    expect(checkVatNumber("nl 1234.56.789.b01", "NL")).toEqual({
      ok: true,
      value: "NL123456789B01",
    });
    expect(checkVatNumber("de-123 456 789", "DE")).toEqual({ ok: true, value: "DE123456789" });
  });

  it("says what a known prefix needs", () => {
    expect(checkVatNumber("NL123456789", "NL")).toEqual({
      ok: false,
      message:
        "A VAT number starting with NL continues with 9 digits, B and 2 digits, e.g. NL123456789B01",
    });
  });

  it("asks an EU company for its prefix, Greece's being EL", () => {
    expect(checkVatNumber("123456789", "DE")).toEqual({
      ok: false,
      message: "Start the VAT number with DE, this country's prefix, e.g. DE123456789",
    });
    expect(checkVatNumber("123456789", "GR")).toMatchObject({
      ok: false,
      message: expect.stringContaining("with EL,"),
    });
  });

  it("takes other countries' numbers as 4 to 20 letters and digits", () => {
    expect(checkVatNumber("12345678000199", "BR")).toEqual({ ok: true, value: "12345678000199" });
    expect(checkVatNumber("12/34!", "BR").ok).toBe(false);
    expect(checkVatNumber("123", undefined).ok).toBe(false);
  });
});

describe("the form schema", () => {
  it("checks postal code and VAT number against the chosen country, on their fields", () => {
    const r = billingEntityFormSchema.safeParse({
      companyName: "Atelier",
      countryCode: "nl",
      zipCode: "10115",
      vatNumber: "DE123",
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join("."))).toEqual(["zipCode", "vatNumber"]);
  });

  it("gives the print client tidy values", () => {
    const r = billingEntityFormSchema.parse({
      companyName: " Atelier ",
      countryCode: "nl",
      zipCode: "1015  cj",
      vatNumber: "nl123456789b01",
      emailAddresses: "a@example.com; b@example.com",
      phoneNumber: "",
    });
    expect(r).toMatchObject({
      companyName: "Atelier",
      countryCode: "NL",
      zipCode: "1015 CJ",
      vatNumber: "NL123456789B01",
      emailAddresses: ["a@example.com", "b@example.com"],
      phoneNumber: undefined,
    });
  });
});
