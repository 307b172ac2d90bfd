/** What the pages say about a book's ISBN once it leaves the form (checks: services/book-kit/isbn). */
export const ISBN_TEXT = {
  /** The mapping (with its ISBN) is saved; Shopify did not take the barcode or the metafield. */
  notWrittenTitle: "The ISBN is saved, but it is not in Shopify yet",
  notWrittenBody:
    "Shopify did not take the ISBN as the variant's barcode. Save the mapping again to try again.",
  /** On a later visit: the saved ISBN is not the barcode Shopify has for the variant. */
  notInShopifyBody: (isbn: string, barcode: string | null) =>
    barcode
      ? `The variant's barcode in Shopify is ${barcode}, not the saved ISBN ${isbn}. Save the mapping again to write the ISBN, or change the ISBN here.`
      : `The variant has no barcode in Shopify, not the saved ISBN ${isbn}. Save the mapping again to write it.`,
  fieldHelp:
    "ISBN-13 or ISBN-10, with or without hyphens. It becomes the variant's barcode in Shopify.",
  /** Under the field when another product's mapping has the same ISBN (a warning, not a stop). */
  alsoOn: (isbn: string, titles: readonly string[]) =>
    `ISBN ${isbn} is already on ${titles.map((t) => `“${t || "an untitled product"}”`).join(", ")}. An ISBN identifies one edition: give each book its own, unless this is that same edition.`,
} as const;
