// The categories and sub-categories offerings belong to (the JSON `categories` answer).

export interface Category {
  name: string;
  code: string;
  subCategories: { name: string; code: string }[];
}

export const CATEGORIES: readonly Category[] = [
  {
    name: "Books",
    code: "BO",
    subCategories: [
      { name: "Hardcover", code: "HC" },
      { name: "Softcover", code: "SC" },
      { name: "Layflat", code: "LF" },
    ],
  },
  {
    name: "Magazines",
    code: "MA",
    subCategories: [{ name: "Perfect bound magazine", code: "PM" }],
  },
  { name: "Calendars", code: "CA", subCategories: [{ name: "Wall calendar", code: "WC" }] },
  {
    name: "Digital publications",
    code: "DP",
    subCategories: [{ name: "Digital publication", code: "DP" }],
  },
  {
    name: "Wall art",
    code: "WA",
    subCategories: [
      { name: "Art prints", code: "PR" },
      { name: "Canvas", code: "CA" },
      { name: "Dibond", code: "DI" },
      { name: "Foam board", code: "FOA" },
      { name: "Framed prints", code: "FRP" },
      { name: "Framed canvas", code: "FRC" },
      { name: "Giclee prints", code: "GP" },
      { name: "Boxed frames", code: "BOXED FRAMES" },
    ],
  },
  { name: "Notebooks", code: "NB", subCategories: [{ name: "Wire-bound notebook", code: "NBW" }] },
];
