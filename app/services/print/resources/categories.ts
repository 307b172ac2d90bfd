/** JSON `GET /categories`. */
import { z } from "zod";
import type { ClientContext, RequestOptions } from "../core";
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

export class Categories {
  constructor(private readonly ctx: ClientContext) {}

  async list(options?: RequestOptions): Promise<Category[]> {
    const t = this.ctx.transport;
    const res = await t.send(
      { operation: "categories", api: "json", method: "GET", path: "/categories" },
      options,
    );
    return t.validate(categoriesResponseSchema, t.parseJson(res, "categories"), res, "categories");
  }
}
