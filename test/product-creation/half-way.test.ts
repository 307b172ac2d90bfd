import "../support/app-env";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { saveMapping } from "~/data/mapping.server";
import { createProduct, getCreation, type CreationDeps } from "~/pages/create-product/index.server";
import { creationForm, DEMO_SHOP, startCreationEnv, type CreationEnv } from "./creation-harness";

/**
 * A failure after Shopify made the product and before its mappings are
 * stored: the product is deleted again and the merchant is told; when the
 * delete fails too, the message names the product so it can be fixed by hand.
 */

let env: CreationEnv;
beforeAll(async () => {
  env = await startCreationEnv();
});
afterAll(async () => {
  await env?.close();
});
afterEach(() => {
  env.shopify.control.clearFaults();
});

const productsTitled = (title: string) => env.shopify.control.products(DEMO_SHOP, { title });

/** Variants whose mapping the failing save stored before it failed. */
const savedBeforeFailure: string[] = [];

/** Stores the first variant's mapping, then fails: the database went away half-way. */
const failingSave: CreationDeps["saveMappings"] = async ({ shop, productId, variants }) => {
  const [first] = variants;
  savedBeforeFailure.push(first!.variantId);
  await saveMapping({
    shop,
    mapping: { ...first!.variant.mapping, spineText: null, variantId: first!.variantId, productId },
  });
  throw new Error("database connection lost");
};

describe("mappings that cannot be saved", () => {
  it("delete the product again and say what happened; a retry then makes it", async () => {
    const form = creationForm(env, { title: "Half way" });
    const result = await createProduct({
      shop: DEMO_SHOP,
      admin: env.admin,
      form,
      deps: { saveMappings: failingSave },
    });
    expect(result).toMatchObject({
      status: "failed",
      message:
        "Shopify made the product but its print links could not be saved, so it was deleted again; nothing was changed. Try again.",
    });
    if (result.status !== "failed") return;
    expect(productsTitled("Half way")).toHaveLength(0);
    // The mapping stored before the failure went with it.
    const row = await prisma.productCreation.findUniqueOrThrow({
      where: { id: result.creationId! },
    });
    expect(row).toMatchObject({ state: "failed", productId: null });
    expect(savedBeforeFailure).toHaveLength(1);
    expect(
      await prisma.variantMapping.count({
        where: { shop: DEMO_SHOP, variantId: { in: savedBeforeFailure } },
      }),
    ).toBe(0);
    const view = await getCreation({ shop: DEMO_SHOP, admin: env.admin, id: result.creationId! });
    expect(view).toMatchObject({ state: "failed", adminUrl: null, problem: result.message });

    const retried = await createProduct({ shop: DEMO_SHOP, admin: env.admin, form });
    expect(retried).toMatchObject({ status: "done", creationId: result.creationId });
    const [product, ...more] = productsTitled("Half way");
    expect(more).toHaveLength(0);
    expect(
      await prisma.variantMapping.count({ where: { shop: DEMO_SHOP, productId: product!.id } }),
    ).toBe(2);
  });

  it("name the product when it cannot be deleted either", async () => {
    env.shopify.control.injectFault({
      target: "graphql",
      mutation: "productDelete",
      status: 500,
      times: 5,
    });
    const result = await createProduct({
      shop: DEMO_SHOP,
      admin: env.admin,
      form: creationForm(env, { title: "Stuck half way" }),
      deps: { saveMappings: failingSave },
    });
    expect(result.status).toBe("failed");
    if (result.status !== "failed") return;
    const [product] = productsTitled("Stuck half way");
    expect(product).toBeDefined();
    expect(result.message).toBe(
      `Shopify made the product “Stuck half way” (product ${product!.legacyId} in Shopify), but its print links could not be saved and deleting it failed too. Delete it in Shopify under Products, or map its variants on the Products page; then try again.`,
    );
    const row = await prisma.productCreation.findUniqueOrThrow({
      where: { id: result.creationId! },
    });
    expect(row).toMatchObject({ state: "failed", productId: product!.id, problem: result.message });
  });
});
