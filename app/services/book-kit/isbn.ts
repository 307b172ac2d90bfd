/**
 * ISBNs as the merchant types them: ISBN-13 (978 or 979) or ISBN-10, with spaces or hyphens,
 * turned into the 13 digits the app stores (VariantMapping.isbn), writes to Shopify (the
 * variant's barcode) and draws as an EAN-13 barcode. An ISBN-10 becomes its ISBN-13: "978",
 * its first nine digits, and a new check digit. Pure: no I/O.
 */

export type IsbnResult = { ok: true; isbn13: string } | { ok: false; problem: string };

/** Longer input is not an ISBN, whatever it holds; the cap bounds the work below. */
const MAX_INPUT_LENGTH = 64;

/** An optional "ISBN", "ISBN-13:" or "ISBN-10" label before the digits, as printed on books. */
const LABEL = /^isbn(?:[\s-]*1[03])?\s*:?\s*/i;
/** Spaces and hyphens (including the typographic ones) between groups of digits. */
const SEPARATORS = /[\s\-\u2010\u2011\u2012\u2013\u2014]+/g;

/** The ISBN-10 check character of its first nine digits: "0".."9" or "X" for 10. */
function isbn10CheckChar(nine: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (10 - i) * Number(nine[i]);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? "X" : String(check);
}

/** The ISBN-13 (EAN-13) check digit of its first twelve digits. */
export function isbn13CheckDigit(twelve: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (i % 2 === 0 ? 1 : 3) * Number(twelve[i]);
  return String((10 - (sum % 10)) % 10);
}

const wrongCheck = (expected: string): IsbnResult => ({
  ok: false,
  problem: `This ISBN's last ${expected === "X" ? "character" : "digit"} should be ${expected}: check for a typing mistake.`,
});

/**
 * Reads an ISBN the merchant typed. Returns its ISBN-13 digits, or the one plain sentence that
 * says what is wrong with it.
 */
export function parseIsbn(text: string): IsbnResult {
  if (text.length > MAX_INPUT_LENGTH) {
    return { ok: false, problem: "This is too long for an ISBN: enter its 10 or 13 digits." };
  }
  const compact = text.trim().replace(LABEL, "").replace(SEPARATORS, "").toUpperCase();
  if (compact === "") return { ok: false, problem: "Enter the ISBN's 10 or 13 digits." };
  if (!/^[0-9X]+$/.test(compact)) {
    return {
      ok: false,
      problem: "An ISBN has only digits, spaces and hyphens (an ISBN-10 may end in X).",
    };
  }
  const xAt = compact.indexOf("X");
  const digitCount = compact.length;
  if (digitCount !== 10 && digitCount !== 13) {
    return { ok: false, problem: `An ISBN has 10 or 13 digits; this has ${digitCount}.` };
  }
  if (xAt !== -1 && (digitCount !== 10 || xAt !== 9)) {
    return { ok: false, problem: "Only an ISBN-10 can end in X, and only as its last character." };
  }
  if (digitCount === 10) {
    const nine = compact.slice(0, 9);
    const expected = isbn10CheckChar(nine);
    if (compact[9] !== expected) return wrongCheck(expected);
    const twelve = `978${nine}`;
    return { ok: true, isbn13: twelve + isbn13CheckDigit(twelve) };
  }
  if (!compact.startsWith("978") && !compact.startsWith("979")) {
    return { ok: false, problem: "An ISBN-13 starts with 978 or 979." };
  }
  const expected = isbn13CheckDigit(compact.slice(0, 12));
  if (compact[12] !== expected) return wrongCheck(expected);
  return { ok: true, isbn13: compact };
}

/** True for the 13 digits of a valid ISBN-13 as stored (no separators). */
export function isIsbn13(value: string): boolean {
  return /^97[89][0-9]{10}$/.test(value) && value[12] === isbn13CheckDigit(value.slice(0, 12));
}

/**
 * How the app shows a stored ISBN-13: "ISBN 9780306406157". Plain digits on purpose: where the
 * hyphens go depends on the registration-group and publisher ranges, which the app does not
 * keep, and a wrong grouping would look authoritative.
 */
export function formatIsbn13(isbn13: string): string {
  return `ISBN ${isbn13}`;
}
