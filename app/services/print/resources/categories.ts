/** JSON `GET /categories`. */
import { z } from "zod";
import { APIResource, defineOperation, noParams } from "../core";
import type { RequestOptions } from "../transport";
import { looseArray, looseString } from "./shared";

const subCategorySchema = z.object({ name: looseString, code: looseString });

export const categorySchema = z.object({
  name: looseString,
  code: looseString,
  subCategories: looseArray(subCategorySchema),
});

const categoriesResponseSchema = looseArray(categorySchema);

export interface SubCategory {
  name: string;
  code: string;
}

export interface Category {
  name: string;
  code: string;
  subCategories: SubCategory[];
}

const categoriesList = defineOperation({
  name: "categories",
  api: "json",
  method: "GET",
  path: "/categories",
  request: noParams,
  response: categoriesResponseSchema,
});

export class Categories extends APIResource {
  list(options?: RequestOptions): Promise<Category[]> {
    return this.core.request(categoriesList, undefined, options);
  }
}
