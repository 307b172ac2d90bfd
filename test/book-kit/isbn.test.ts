import { describe, expect, it } from "vitest";
import { formatIsbn13, isIsbn13, parseIsbn } from "~/services/book-kit/isbn";
import { isbnMetafieldValue, productIsbns } from "~/services/book-kit/isbn-shopify";
import { checkIsbn, type MappingOffering } from "~/services/catalogue/mapping-rules";
import { OFFERINGS } from "../../sandbox/catalogue/offerings";

function offering(id: number): MappingOffering {
  const o = OFFERINGS.find((x) => x.id === id);
  if (!o) throw new Error(`no sandbox offering ${id}`);
  return o;
}

describe("parseIsbn", () => {
  it("accepts a real ISBN-13 with hyphens or spaces and keeps its digits", () => {
    expect(parseIsbn("978-0-306-40615-7")).toEqual({ ok: true, isbn13: "9780306406157" });
    expect(parseIsbn(" 978 0 306 40615 7 ")).toEqual({ ok: true, isbn13: "9780306406157" });
    expect(parseIsbn("ISBN-13: 978-1-86197-876-9")).toEqual({ ok: true, isbn13: "9781861978769" });
    // a 979 book (Bookland 979-10 for France)
    expect(parseIsbn("979-10-90636-07-1")).toEqual({ ok: true, isbn13: "9791090636071" });
  });

  it("converts an ISBN-10 to its ISBN-13 with a new check digit", () => {
    expect(parseIsbn("0-306-40615-2")).toEqual({ ok: true, isbn13: "9780306406157" });
    expect(parseIsbn("ISBN 1-86197-876-6")).toEqual({ ok: true, isbn13: "9781861978769" });
    expect(parseIsbn("0-201-89683-4")).toEqual({ ok: true, isbn13: "9780201896831" });
    // ISBN-10s whose check character is X, in either case
    expect(parseIsbn("0-8044-2957-X")).toEqual({ ok: true, isbn13: "9780804429573" });
    expect(parseIsbn("0-9752298-0-x")).toEqual({ ok: true, isbn13: "9780975229804" });
  });

  it("names the right check digit when the last one is wrong", () => {
    expect(parseIsbn("978-0-306-40615-4")).toEqual({
      ok: false,
      problem: "This ISBN's last digit should be 7: check for a typing mistake.",
    });
    expect(parseIsbn("0-306-40615-3")).toEqual({
      ok: false,
      problem: "This ISBN's last digit should be 2: check for a typing mistake.",
    });
    expect(parseIsbn("0-8044-2957-1")).toEqual({
      ok: false,
      problem: "This ISBN's last character should be X: check for a typing mistake.",
    });
    // two swapped digits, the usual typing mistake, are caught
    expect(parseIsbn("978-0-306-46015-7").ok).toBe(false);
  });

  it("refuses a wrong number of digits, a wrong prefix and stray characters in plain words", () => {
    expect(parseIsbn("978-0-306-40615")).toEqual({
      ok: false,
      problem: "An ISBN has 10 or 13 digits; this has 12.",
    });
    expect(parseIsbn("123-4-56789-012-8")).toEqual({
      ok: false,
      problem: "An ISBN-13 starts with 978 or 979.",
    });
    expect(parseIsbn("978-0-306-4061X-7").ok).toBe(false);
    expect(parseIsbn("97803064061X7")).toEqual({
      ok: false,
      problem: "Only an ISBN-10 can end in X, and only as its last character.",
    });
    expect(parseIsbn("978O306406157")).toEqual({
      ok: false,
      problem: "An ISBN has only digits, spaces and hyphens (an ISBN-10 may end in X).",
    });
    expect(parseIsbn("   ")).toEqual({ ok: false, problem: "Enter the ISBN's 10 or 13 digits." });
    expect(parseIsbn("9".repeat(200)).ok).toBe(false);
  });
});

describe("isIsbn13 and formatIsbn13", () => {
  it("tells stored ISBN-13 digits from anything else", () => {
    expect(isIsbn13("9780306406157")).toBe(true);
    expect(isIsbn13("9780306406154")).toBe(false);
    expect(isIsbn13("978-0-306-40615-7")).toBe(false);
    expect(isIsbn13("0306406152")).toBe(false);
  });

  it("shows the digits after the word ISBN", () => {
    expect(formatIsbn13("9780306406157")).toBe("ISBN 9780306406157");
  });
});

describe("checkIsbn: the ISBN against the mapping's offering", () => {
  const HARDCOVER = offering(228478);
  const CALENDAR = offering(228530);
  const NOTEBOOK = offering(228570);

  it("takes none, or a valid ISBN on a bound book, as ISBN-13", () => {
    expect(checkIsbn("", HARDCOVER)).toEqual({ isbn: null });
    expect(checkIsbn("0-306-40615-2", HARDCOVER)).toEqual({ isbn: "9780306406157" });
    expect(checkIsbn("0-306-40615-2", HARDCOVER, "has_spine")).toEqual({
      isbn: "9780306406157",
    });
    // Before an offering is chosen only the ISBN itself is checked.
    expect(checkIsbn("978-0-306-40615-7", null)).toEqual({ isbn: "9780306406157" });
  });

  it("refuses an ISBN on what is not a bound book, and passes on the ISBN's own problem", () => {
    for (const o of [CALENDAR, NOTEBOOK]) {
      expect(checkIsbn("9780306406157", o)).toEqual({
        isbn: null,
        error: `An ISBN is for a bound book, and ${o.name} is not one: clear the ISBN.`,
      });
    }
    // The print service's answer decides over the guess by category.
    expect(checkIsbn("9780306406157", HARDCOVER, "no_spine").error).toMatch(/not one/);
    expect(checkIsbn("9780306406150", HARDCOVER)).toEqual({
      isbn: null,
      error: "This ISBN's last digit should be 7: check for a typing mistake.",
    });
  });
});

describe("the product's ISBN list", () => {
  it("lists the ISBN barcodes of its variants in order, each once, and no other barcode", () => {
    expect(
      productIsbns(["9780306406157", null, "", "4006381333931", "9780804429573", "9780306406157"]),
    ).toEqual(["9780306406157", "9780804429573"]);
    expect(isbnMetafieldValue(["9780306406157"])).toBe('["9780306406157"]');
  });
});
