import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as newAction, loader as newLoader } from "~/routes/app.products.new";
import {
  action as createdAction,
  loader as createdLoader,
} from "~/routes/app.products.created.$id";
import { savePrintSettings } from "~/data/print-settings.server";
import prisma from "~/db.server";
import {
  call,
  data,
  DEMO_SHOP,
  get,
  post,
  sandboxSettings,
  startAdminEnv,
  type AdminEnv,
} from "./helpers";
import { creationFields } from "../product-creation/creation-harness";

/**
 * A product kept a draft until its proof copy is approved, through the real routes, the print
 * sandbox and the Shopify stand-in: created as a draft, made active by "Mark the proof
 * approved", once.
 */

const OTHER_SHOP = "other-proof-shop.myshopify.com";

let env: AdminEnv;
beforeAll(async () => {
  env = await startAdminEnv();
  env.shopify.state.seedShop({ domain: OTHER_SHOP });
  await savePrintSettings({ shop: DEMO_SHOP, input: sandboxSettings(env.sandbox) });
});
afterAll(async () => {
  await env?.close();
});

interface CreatedView {
  status: string;
  proofApproval: { approvedAt: string | null } | null;
  variants: { proofUrl: string | null }[];
}

async function create(title: string, extra: Record<string, string>): Promise<string> {
  const { requestKey } = await data<{ requestKey: string }>(
    await call(newLoader, get("/app/products/new")),
  );
  const form = {
    ...creationFields(env.sandbox.url, { requestKey, title }),
    ...extra,
    intent: "create",
  };
  const answer = await call(newAction, post("/app/products/new", form));
  expect(answer.status, await answer.clone().text()).toBe(302);
  return (answer.headers.get("Location") ?? "").split("/").pop()!;
}

const view = async (id: string) =>
  (
    await data<{ creation: CreatedView }>(
      await call(createdLoader, get(`/app/products/created/${id}`), { id }),
    )
  ).creation;

const approve = (id: string) =>
  call(createdAction, post(`/app/products/created/${id}`, { intent: "approveProof" }), { id });

const productTitled = (title: string) => {
  const products = env.shopify.control.products(DEMO_SHOP, { title });
  expect(products).toHaveLength(1);
  return products[0]!;
};

describe("a product kept a draft until its proof is approved", () => {
  it("is created as a draft, and marking the proof approved makes it active, once", async () => {
    const id = await create("Proofed poetry book", { status: "draft", draftUntilProof: "on" });
    expect(productTitled("Proofed poetry book").status).toBe("DRAFT");
    const before = await view(id);
    expect(before.status).toBe("draft");
    expect(before.proofApproval).toEqual({ approvedAt: null });
    expect(before.variants.every((v) => v.proofUrl?.startsWith("/app/proofs/new?variantId="))).toBe(
      true,
    );

    const answer = await approve(id);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ problem: null });
    expect(productTitled("Proofed poetry book").status).toBe("ACTIVE");
    const after = await view(id);
    expect(after.status).toBe("active");
    const approvedAt = after.proofApproval?.approvedAt;
    expect(approvedAt).toEqual(expect.any(String));

    // A double click or a reload that posts again: the approval stands as it was.
    const again = await approve(id);
    expect(again.status).toBe(200);
    expect((await view(id)).proofApproval?.approvedAt).toBe(approvedAt);
  });

  it("refuses it for a product that was not kept for a proof, and changes nothing", async () => {
    const id = await create("Plain draft book", { status: "draft" });
    expect((await view(id)).proofApproval).toBeNull();
    const answer = await approve(id);
    expect(answer.status).toBe(409);
    expect(((await answer.json()) as { problem: string }).problem).toMatch(
      /^This product was not kept a draft for a proof/,
    );
    expect(productTitled("Plain draft book").status).toBe("DRAFT");
    const row = await prisma.productCreation.findFirst({ where: { shop: DEMO_SHOP, id } });
    expect(row?.proofApprovedAt).toBeNull();
  });

  it("keeps an active product's choice: asking for it is ignored when Active is chosen", async () => {
    const id = await create("Active at once book", { status: "active", draftUntilProof: "on" });
    expect(productTitled("Active at once book").status).toBe("ACTIVE");
    expect((await view(id)).proofApproval).toBeNull();
  });

  it("answers 404 for another shop's creation", async () => {
    const id = await create("Someone else's book", { status: "draft", draftUntilProof: "on" });
    const other = await call(
      createdAction,
      post(`/app/products/created/${id}`, { intent: "approveProof" }, OTHER_SHOP),
      { id },
    );
    expect(other.status).toBe(404);
    expect(productTitled("Someone else's book").status).toBe("DRAFT");
  });
});
