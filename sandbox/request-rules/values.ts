// The values the print service can act on, as plain checks: what "given", "a URL", "an email",
// "a country" mean. The rules (rules.ts) and the SDK's own input rules (compared in
// test/print/input-rules.test.ts) are built on these.

export type Obj = Record<string, unknown>;

/** Not given: missing, null or empty text (the service reads all three the same way). */
export function isAbsent(v: unknown): boolean {
  return v === undefined || v === null || v === "";
}

export const isObject = (v: unknown): v is Obj =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export function asInteger(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isSafeInteger(v) ? v : undefined;
  if (typeof v === "string" && /^\s*-?\d{1,16}\s*$/.test(v)) {
    const n = Number(v.trim());
    return Number.isSafeInteger(n) ? n : undefined;
  }
  return undefined;
}

export function asNumber(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  if (typeof v === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v.trim());
  return undefined;
}

/**
 * An absolute http(s) URL with a host: the service fetches it. Spaces inside are left to the
 * HTTP client to encode; around it, or control characters anywhere, make it another value.
 */
export function isHttpUrl(v: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (!/^https?:\/\/\S/i.test(v) || v !== v.trim() || /[\u0000-\u001f\u007f]/.test(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
  } catch {
    return false;
  }
}

/** local@domain.tld; letters of any script, no spaces, at most 254 characters. */
export const EMAIL_PATTERN =
  /^[\p{L}\p{N}.!#$%&'*+/=?^_`{|}~-]+@[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?)+$/u;

export const isEmail = (v: string): boolean => v.length <= 254 && EMAIL_PATTERN.test(v);

/** A language code, optionally with region or script: en, nl_NL, pt-BR, zh-Hant-TW. */
export const LOCALE_PATTERN = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/;

export const COLOUR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

export const SPINE_FONTS: readonly string[] = [
  "Arial",
  "Brandon",
  "DarkCourier",
  "Georgia",
  "GochiHand",
  "Helvetica",
  "Tahoma",
  "TimesNewRoman",
  "Verdana",
];

/** ISO 3166-1 alpha-2, plus XK (Kosovo), which shops use. */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ " +
    "BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM " +
    "DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS " +
    "GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN " +
    "KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ " +
    "MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM " +
    "PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV " +
    "SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI " +
    "VN VU WF WS XK YE YT ZA ZM ZW"
  ).split(" "),
);

export const isCountryCode = (v: string): boolean => COUNTRY_CODES.has(v.toUpperCase());
