/**
 * What the print service and the carriers behind it refuse or mangle in a shipping address,
 * found before anything is created or paid (a parcel returned is found days too late): the
 * postal code's format for its country (a maintained data set, postcode-validator), a state or
 * province where the country's addresses need one and that it is one of the country's (a
 * maintained data set, country-region-data), fields longer than carriers print, and (a warning,
 * not a stop) a street line without a house number where the country's addresses have one.
 * Pure: the words are the merchant's, the address is the Shopify order's.
 */
import { AU, BR, CA, US, type CountryData } from "country-region-data";
import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";
import { countryName } from "../country-names";

/** Countries whose addresses carriers cannot deliver without a state or province. */
export const STATE_REQUIRED: ReadonlySet<string> = new Set("US CA AU BR MX IT ES IN".split(" "));

/**
 * The countries whose states are checked against the data set: those where Shopify's province
 * codes are the data set's codes (postal abbreviations). Elsewhere Shopify uses its own codes
 * (Italy's provinces, Japan's "JP-13"), and a code refused by a list that does not know it
 * would stop a good order: there only the presence is checked.
 */
const SUBDIVISIONS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  ([US, CA, AU, BR] as CountryData[]).map(([, code, regions]) => [
    code,
    new Set([
      ...regions.map(([, region]) => region),
      // Shopify lists the Minor Outlying Islands as a US state; the data set as a country.
      ...(code === "US" ? ["UM"] : []),
    ]),
  ]),
);

/**
 * Countries whose street addresses carry a house number: a street line without any digit there
 * is most often a number forgotten. Not the UK or Ireland (house names), nor Japan (block
 * numbers may stand on their own line).
 */
const HOUSE_NUMBER_COUNTRIES: ReadonlySet<string> = new Set(
  "NL DE AT CH BE LU DK SE NO FI FR ES IT PT PL CZ SK HU US CA AU NZ BR MX AR".split(" "),
);

/** Characters a carrier's label prints of a name, company, address line or city. */
export const CARRIER_FIELD_MAX = 35;

export interface Destination {
  countryCode: string;
  zip?: string | null | undefined;
  provinceCode?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  company?: string | null | undefined;
  address1?: string | null | undefined;
  address2?: string | null | undefined;
  city?: string | null | undefined;
}

const FIELD_WORDS: Record<
  "firstName" | "lastName" | "company" | "address1" | "address2" | "city",
  string
> = {
  firstName: "first name",
  lastName: "last name",
  company: "company",
  address1: "first address line",
  address2: "second address line",
  city: "city",
};

/** A field of the destination a problem is about. */
export type DestinationField = "zip" | "provinceCode" | keyof typeof FIELD_WORDS;

/** The first thing wrong with the destination, in a sentence; null when nothing is. */
export function destinationProblem(d: Destination): string | null {
  return destinationProblems(d)[0]?.message ?? null;
}

/**
 * Everything wrong with the destination, each with its field and its sentence, in the order
 * a carrier meets them: what the customer's own correction page shows beside each field.
 */
export function destinationProblems(
  d: Destination,
): { field: DestinationField; message: string }[] {
  const problems: { field: DestinationField; message: string }[] = [];
  const country = d.countryCode.toUpperCase();
  const name = countryName(country);
  const zip = d.zip?.trim() ?? "";
  if (postcodeValidatorExistsForCountry(country)) {
    if (!zip)
      problems.push({
        field: "zip",
        message: `The shipping address has no postal code, which addresses in ${name} need.`,
      });
    else if (!postcodeValidator(zip, country))
      problems.push({
        field: "zip",
        message: `The postal code "${zip}" does not have the format of postal codes in ${name}.`,
      });
  }
  const province = provinceOf(country, d.provinceCode);
  const known = SUBDIVISIONS.get(country);
  if (STATE_REQUIRED.has(country) && !province)
    problems.push({
      field: "provinceCode",
      message: `The shipping address has no state or province, which addresses in ${name} need.`,
    });
  else if (province && known && !known.has(province))
    problems.push({
      field: "provinceCode",
      message: `"${d.provinceCode!.trim()}" is not a state or province of ${name}.`,
    });
  for (const field of Object.keys(FIELD_WORDS) as (keyof typeof FIELD_WORDS)[]) {
    const value = d[field]?.trim() ?? "";
    const length = [...value].length;
    if (length > CARRIER_FIELD_MAX)
      problems.push({
        field,
        message: `The shipping address's ${FIELD_WORDS[field]} has ${length} characters; carriers print at most ${CARRIER_FIELD_MAX}, so it would be cut. Shorten it (the rest can go on the second line).`,
      });
  }
  return problems;
}

/** The states or provinces of a country whose codes the data set holds, by code; null elsewhere. */
export function subdivisionsOf(countryCode: string): { code: string; name: string }[] | null {
  const data = ([US, CA, AU, BR] as CountryData[]).find(([, code]) => code === countryCode);
  return data ? data[2].map(([regionName, code]) => ({ code: code!, name: regionName })) : null;
}

/** The province code without the country prefix Shopify sometimes gives ("US-CA" is "CA"). */
function provinceOf(country: string, code: string | null | undefined): string {
  const value = code?.trim().toUpperCase() ?? "";
  return value.startsWith(`${country}-`) ? value.slice(country.length + 1) : value;
}

/** What may be wrong but does not stop the order, in sentences for the order's timeline. */
export function destinationWarnings(d: Destination): string[] {
  const country = d.countryCode.toUpperCase();
  const street = `${d.address1 ?? ""} ${d.address2 ?? ""}`;
  if (HOUSE_NUMBER_COUNTRIES.has(country) && !/\p{Nd}/u.test(street))
    return [
      `The street address has no house number, which addresses in ${countryName(country)} usually have: check it with the customer if the parcel may not arrive.`,
    ];
  return [];
}
