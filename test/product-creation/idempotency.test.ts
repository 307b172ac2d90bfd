import "../support/app-env";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { createProduct, loadCreateProductPage } from "~/pages/create-product/index.server";
import { creationForm, DEMO_SHOP, startCreationEnv, type CreationEnv } from "./creation-harness";

/**
 * One submission, one product: a double click, a repeat of the request, or a
 * retry after Shopify's answer was lost never makes a second product.
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
const productSetCalls = () =>
  env.shopify.control
    .requestLog({ kind: "graphql" })
    .filter((entry) => entry.rootFields?.includes("productSet")).length;
const mappedVariants = (productId: string) =>
  prisma.variantMapping.findMany({ where: { shop: DEMO_SHOP, productId } });

describe("the same submission twice", () => {
  it("makes one product for two concurrent calls and a later third", async () => {
    const form = creationForm(env, { title: "Double click" });
    const before = productSetCalls();
    const [first, second] = await Promise.all([
      createProduct({ shop: DEMO_SHOP, admin: env.admin, form }),
      createProduct({ shop: DEMO_SHOP, admin: env.admin, form }),
    ]);
    const third = await createProduct({ shop: DEMO_SHOP, admin: env.admin, form });
    expect(first.status, JSON.stringify(first)).toBe("done");
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    if (first.status !== "done") return;

    expect(productsTitled("Double click").map((p) => p.id)).toEqual([first.productId]);
    expect(productSetCalls() - before).toBe(1);
    expect(
      await prisma.productCreation.count({
        where: { shop: DEMO_SHOP, requestKey: form.get("requestKey") as string },
      }),
    ).toBe(1);
    expect(await mappedVariants(first.productId)).toHaveLength(2);
  });

  it("makes two products for two submissions of the same title", async () => {
    const a = await createProduct({
      shop: DEMO_SHOP,
      admin: env.admin,
      form: creationForm(env, { title: "Second edition" }),
    });
    const b = await createProduct({
      shop: DEMO_SHOP,
      admin: env.admin,
      form: creationForm(env, { title: "Second edition" }),
    });
    expect(a.status).toBe("done");
    expect(b.status).toBe("done");
    const products = productsTitled("Second edition");
    expect(products).toHaveLength(2);
    expect(new Set(products.map((p) => p.handle)).size).toBe(2);
  });
});

describe("a retry after Shopify's answer was lost", () => {
  it("finds the product Shopify made, by its handle, and finishes it", async () => {
    const form = creationForm(env, { title: "Lost answer" });
    env.shopify.control.injectFault({
      target: "graphql",
      mutation: "productSet",
      afterCommit: true,
      status: 502,
      times: 1,
    });
    const lost = await createProduct({ shop: DEMO_SHOP, admin: env.admin, form });
    expect(lost).toMatchObject({
      status: "failed",
      message:
        "Shopify did not answer, so it is not known whether the product was made. Try again: the same product is found and finished, never made twice.",
    });
    if (lost.status !== "failed") return;
    // Shopify did make it; the app could not know, so nothing is mapped yet.
    const [made, ...others] = productsTitled("Lost answer");
    expect(others).toHaveLength(0);
    expect(await mappedVariants(made!.id)).toHaveLength(0);

    // "Try again" reopens the form under the same key.
    const page = await loadCreateProductPage({
      shop: DEMO_SHOP,
      admin: env.admin,
      retryOf: lost.creationId,
    });
    expect(page.requestKey).toBe(form.get("requestKey"));
    expect(page.retry?.values).toMatchObject({
      title: "Lost answer",
      "variants[1].label": "Softcover",
    });

    const retried = await createProduct({ shop: DEMO_SHOP, admin: env.admin, form });
    expect(retried).toEqual({ status: "done", creationId: lost.creationId, productId: made!.id });
    expect(productsTitled("Lost answer").map((p) => p.id)).toEqual([made!.id]);
    const mappings = await mappedVariants(made!.id);
    expect(mappings.map((m) => m.variantId).sort()).toEqual(
      productsTitled("Lost answer")[0]!
        .variants.map((v) => v.id)
        .sort(),
    );
  });

  it("says so when Shopify could not be reached before anything was made", async () => {
    const form = creationForm(env, { title: "Refused first" });
    env.shopify.control.injectFault({
      target: "graphql",
      mutation: "productSet",
      status: 503,
      times: 1,
    });
    const first = await createProduct({ shop: DEMO_SHOP, admin: env.admin, form });
    expect(first.status).toBe("failed");
    expect(productsTitled("Refused first")).toHaveLength(0);
    const second = await createProduct({ shop: DEMO_SHOP, admin: env.admin, form });
    expect(second.status).toBe("done");
    expect(productsTitled("Refused first")).toHaveLength(1);
  });
});
