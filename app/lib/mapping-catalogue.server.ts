import { listCategories, listOfferings } from "./catalogue.server";

/** The catalogue a mapping form chooses from, as the mapping pages' loaders send it. */
export async function loadMappingCatalogue({ shop }: { shop: string }) {
  const [categories, offerings] = await Promise.all([
    listCategories({ shop }),
    listOfferings({ shop, filters: {} }),
  ]);
  return {
    categories: categories.status === "ok" ? categories.data : [],
    offerings: offerings.status === "ok" ? offerings.data : null,
    catalogue:
      offerings.status === "ok"
        ? null
        : offerings.status === "no_credentials"
          ? { status: "no_credentials" as const }
          : { status: "error" as const, problem: offerings.problem },
  };
}
