// Production facilities: where each is, which destinations it prices at the "region" zone,
// and where it ships.

import { COUNTRIES } from "./countries";

export interface Facility {
  code: string;
  labCode: string;
  countryCode: string;
  /** Destinations priced at the "region" zone (besides the facility's own country). */
  regionCountries: readonly string[];
  /** "world" or the explicit destinations this facility ships to. */
  shipsTo: "world" | readonly string[];
  /** Destinations excluded even when shipsTo is "world". */
  excluded: readonly string[];
}

const EU_CODES = COUNTRIES.filter((c) => c.region === "EU").map((c) => c.code);

export const FACILITIES: readonly Facility[] = [
  {
    code: "NL-AMS",
    labCode: "AMS1",
    countryCode: "NL",
    regionCountries: EU_CODES,
    shipsTo: "world",
    excluded: ["RU"],
  },
  {
    code: "US-CHI",
    labCode: "CHI1",
    countryCode: "US",
    regionCountries: ["CA", "MX"],
    shipsTo: ["US", "CA", "MX"],
    excluded: [],
  },
  {
    code: "GB-LON",
    labCode: "LON1",
    countryCode: "GB",
    regionCountries: EU_CODES,
    shipsTo: ["GB", ...EU_CODES, "CH", "NO"],
    excluded: [],
  },
  {
    code: "DE-BER",
    labCode: "BER1",
    countryCode: "DE",
    regionCountries: EU_CODES,
    shipsTo: "world",
    excluded: ["RU", "AU", "NZ"],
  },
  {
    code: "DIGITAL",
    labCode: "DIG1",
    countryCode: "NL",
    regionCountries: [],
    shipsTo: "world",
    excluded: [],
  },
];

const facilityByCode = new Map(FACILITIES.map((f) => [f.code, f]));

export function findFacility(code: string): Facility {
  const f = facilityByCode.get(code);
  if (!f) throw new Error(`unknown facility ${code}`);
  return f;
}

export function isKnownFacility(code: string): boolean {
  return facilityByCode.has(code);
}
