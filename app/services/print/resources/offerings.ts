/** JSON `GET /offering/list` and `GET /offering/spine` (spine.ts). */
import { z } from "zod";
import { APIResource, defineOperation } from "../core";
import { MoneyError, parsePricingAmount, type MoneyMinor } from "../money";
import {
  currencyCode,
  decimalText,
  inputCountry,
  inputCurrency,
  looseArray,
  looseBool,
  looseString,
  optInt,
  optNumber,
  optText,
  positiveId,
} from "./shared";
import type { RequestOptions } from "../transport";
import { offeringSpineOperation, type OfferingSpineParams, type SpineSize } from "./spine";

// Schemas -------------------------------------------------------------------------------------

export const offeringListParamsSchema = z
  .object({
    /** Category code, e.g. "BO". */
    category: z.string().min(1).optional(),
    /** Sub-category code, e.g. "HC". */
    subCategory: z.string().min(1).optional(),
    /** Only offerings available in this country (two-letter code). */
    country: inputCountry.optional(),
    /** Currency of pricingDto; the service defaults to EUR. */
    currency: inputCurrency.optional(),
  })
  .strict();

const pricingDtoSchema = z
  .object({ currency: currencyCode, price: decimalText, pricePerPage: decimalText.nullish() })
  .transform((p, ctx) => {
    try {
      return {
        price: parsePricingAmount(p.price, p.currency),
        pricePerPage: parsePricingAmount(p.pricePerPage ?? "0", p.currency),
      };
    } catch (e) {
      ctx.addIssue({ code: "custom", message: e instanceof MoneyError ? e.message : String(e) });
      return z.NEVER;
    }
  });

export const offeringSchema = z
  .object({
    id: positiveId,
    name: looseString,
    paperType: optText,
    catalogueItemCode: optText,
    minimumQuantity: optInt,
    minNumberOfPages: optInt,
    maxNumberOfPages: optInt,
    dimensionWidth: optNumber,
    dimensionHeight: optNumber,
    dynamicSize: looseBool.nullish().transform((v) => v ?? false),
    minDimensionWidth: optNumber,
    minDimensionHeight: optNumber,
    pricingDto: pricingDtoSchema.nullish(),
  })
  .transform(({ pricingDto, ...o }) => ({ ...o, pricing: pricingDto ?? undefined }));

const offeringListResponseSchema = z
  .record(z.string(), z.record(z.string(), looseArray(offeringSchema)).nullable())
  .nullable()
  .transform((v) => {
    const out: Record<string, Record<string, Offering[]>> = {};
    for (const [cat, subs] of Object.entries(v ?? {})) out[cat] = subs ?? {};
    return out;
  });

// Types ---------------------------------------------------------------------------------------

export type OfferingListParams = z.input<typeof offeringListParamsSchema>;

export interface OfferingPricing {
  /** pricingDto.price: integers are minor units, fractional values major units. */
  price: MoneyMinor;
  pricePerPage: MoneyMinor;
}

export interface Offering {
  id: number;
  name: string;
  paperType: string | undefined;
  catalogueItemCode: string | undefined;
  minimumQuantity: number | undefined;
  minNumberOfPages: number | undefined;
  maxNumberOfPages: number | undefined;
  dimensionWidth: number | undefined;
  dimensionHeight: number | undefined;
  dynamicSize: boolean;
  minDimensionWidth: number | undefined;
  minDimensionHeight: number | undefined;
  pricing: OfferingPricing | undefined;
}

export interface OfferingWithCategory extends Offering {
  categoryCode: string;
  subCategoryCode: string;
}

export interface OfferingList {
  /** As the service returns it: category code -> sub-category code -> offerings. */
  byCategory: Record<string, Record<string, Offering[]>>;
  /** Flat view, in response order. */
  offerings: OfferingWithCategory[];
}

// Operation -----------------------------------------------------------------------------------

const offeringList = defineOperation({
  name: "offering.list",
  api: "json",
  method: "GET",
  path: "/offering/list",
  request: offeringListParamsSchema,
  query: (p, call) => ({
    merchantApiKey: call.merchantApiKey,
    countryIsoCode2: p.country,
    categoryFilter: p.category,
    subCategoryFilter: p.subCategory,
    currency: p.currency,
  }),
  read: (answer) => answer.json() ?? null,
  response: offeringListResponseSchema,
  result: (byCategory): OfferingList => {
    const offerings: OfferingWithCategory[] = [];
    for (const [categoryCode, subs] of Object.entries(byCategory)) {
      for (const [subCategoryCode, list] of Object.entries(subs)) {
        for (const o of list) offerings.push({ ...o, categoryCode, subCategoryCode });
      }
    }
    return { byCategory, offerings };
  },
});

// Resource ------------------------------------------------------------------------------------

export class Offerings extends APIResource {
  list(params: OfferingListParams = {}, options?: RequestOptions): Promise<OfferingList> {
    return this.core.request(offeringList, params, options);
  }

  /**
   * `GET /offering/spine`: spine width and cover size of a bound offering with this many
   * pages. An offering without a spine answers 400 INVALID_DATA (see `isNoSpine`).
   */
  spine(params: OfferingSpineParams, options?: RequestOptions): Promise<SpineSize> {
    return this.core.request(offeringSpineOperation, params, options);
  }
}
