// Destination countries: the shipping region each prices at and its VAT rates (basis points).

export interface Country {
  code: string;
  name: string;
  /** Shipping region used for the "region" price zone. */
  region: "EU" | "UK" | "EEA" | "NA" | "SA" | "OC" | "AS" | "AF";
  vatStandardBp: number;
  vatReducedBp: number;
}

const eu = (code: string, name: string, std: number, red: number): Country => ({
  code,
  name,
  region: "EU",
  vatStandardBp: std,
  vatReducedBp: red,
});

export const COUNTRIES: readonly Country[] = [
  eu("NL", "Netherlands", 2100, 900),
  eu("DE", "Germany", 1900, 700),
  eu("FR", "France", 2000, 550),
  eu("BE", "Belgium", 2100, 600),
  eu("LU", "Luxembourg", 1700, 300),
  eu("ES", "Spain", 2100, 400),
  eu("IT", "Italy", 2200, 400),
  eu("AT", "Austria", 2000, 1000),
  eu("IE", "Ireland", 2300, 0),
  eu("PT", "Portugal", 2300, 600),
  eu("DK", "Denmark", 2500, 2500),
  eu("SE", "Sweden", 2500, 600),
  eu("FI", "Finland", 2550, 1400),
  eu("PL", "Poland", 2300, 500),
  eu("CZ", "Czechia", 2100, 1200),
  { code: "GB", name: "United Kingdom", region: "UK", vatStandardBp: 2000, vatReducedBp: 0 },
  { code: "CH", name: "Switzerland", region: "EEA", vatStandardBp: 810, vatReducedBp: 260 },
  { code: "NO", name: "Norway", region: "EEA", vatStandardBp: 2500, vatReducedBp: 0 },
  { code: "US", name: "United States", region: "NA", vatStandardBp: 0, vatReducedBp: 0 },
  { code: "CA", name: "Canada", region: "NA", vatStandardBp: 500, vatReducedBp: 500 },
  { code: "MX", name: "Mexico", region: "NA", vatStandardBp: 1600, vatReducedBp: 0 },
  { code: "BR", name: "Brazil", region: "SA", vatStandardBp: 0, vatReducedBp: 0 },
  { code: "AU", name: "Australia", region: "OC", vatStandardBp: 1000, vatReducedBp: 1000 },
  { code: "NZ", name: "New Zealand", region: "OC", vatStandardBp: 1500, vatReducedBp: 1500 },
  { code: "JP", name: "Japan", region: "AS", vatStandardBp: 1000, vatReducedBp: 1000 },
  { code: "SG", name: "Singapore", region: "AS", vatStandardBp: 900, vatReducedBp: 900 },
  { code: "ZA", name: "South Africa", region: "AF", vatStandardBp: 1500, vatReducedBp: 1500 },
  { code: "RU", name: "Russia", region: "EEA", vatStandardBp: 2000, vatReducedBp: 1000 },
];

const countryByCode = new Map(COUNTRIES.map((c) => [c.code, c]));

/** Unknown but well-formed codes are accepted as "world" destinations without VAT. */
export function findCountry(code: string): Country {
  const upper = code.toUpperCase();
  return (
    countryByCode.get(upper) ?? {
      code: upper,
      name: upper,
      region: "AF",
      vatStandardBp: 0,
      vatReducedBp: 0,
    }
  );
}
