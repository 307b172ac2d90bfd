// Seed file: extra merchants and offerings, merged over the built-ins.
// { "merchants": [ { "merchantApiKey", "secretKey", "credit": "5.00", ... } ],
//   "offerings": [ { full offering record, see catalogue.ts } ] }

import { readFileSync } from "node:fs";
import { z } from "zod";
import { CATEGORIES, isKnownFacility, type Offering } from "./catalogue";
import { newMerchantSchema } from "./merchant-input";

const offeringSchema = z
  .object({
    id: z.number().int().min(100000).max(999999),
    name: z.string(),
    categoryCode: z.string(),
    subCategoryCode: z.string(),
    paperType: z.string().default("Uncoated 90gsm"),
    catalogueItemCode: z.string().optional(),
    minimumQuantity: z.number().int().min(0).default(1),
    minNumberOfPages: z.number().int().min(1),
    maxNumberOfPages: z.number().int().min(1),
    defaultNumberOfPages: z.number().int().optional(),
    dimensionWidth: z.number(),
    dimensionHeight: z.number(),
    dynamicSize: z.boolean().default(false),
    minDimensionWidth: z.number().optional(),
    minDimensionHeight: z.number().optional(),
    basePrice: z.number().int().min(0),
    pricePerPage: z.number().int().min(0).default(0),
    countryShippingPrice: z.number().int().min(0),
    regionShippingPrice: z.number().int().min(0),
    worldShippingPrice: z.number().int().min(0),
    vatClass: z.enum(["standard", "reduced"]).default("standard"),
    facility: z.string().refine(isKnownFacility, "unknown facility"),
    unavailableIn: z.array(z.string()).default([]),
    recommended: z.boolean().default(false),
  })
  .refine(
    (o) =>
      CATEGORIES.some(
        (c) =>
          c.code === o.categoryCode && c.subCategories.some((s) => s.code === o.subCategoryCode),
      ),
    "unknown category/sub-category",
  );

export const seedDataSchema = z.object({
  merchants: z.array(newMerchantSchema).default([]),
  offerings: z.array(offeringSchema).default([]),
});
export type SeedData = z.input<typeof seedDataSchema>;

export function parseSeedData(data: unknown): {
  merchants: z.infer<typeof newMerchantSchema>[];
  offerings: Offering[];
} {
  const parsed = seedDataSchema.parse(data);
  return {
    merchants: parsed.merchants,
    offerings: parsed.offerings.map((o) => ({
      ...o,
      defaultNumberOfPages: o.defaultNumberOfPages ?? o.minNumberOfPages,
      catalogueItemCode: o.catalogueItemCode ?? `${o.categoryCode}-${o.subCategoryCode}-${o.id}`,
    })),
  };
}

export function readSeedFile(path: string): ReturnType<typeof parseSeedData> {
  return parseSeedData(JSON.parse(readFileSync(path, "utf8")));
}
