import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as newAction, loader as newLoader } from "~/routes/app.products.new";
import {
  action as createdAction,
  loader as createdLoader,
} from "~/routes/app.products.created.$id";
import { action as proofAction, loader as proofLoader } from "~/routes/app.proofs.new";
import type { ProofPageData } from "~/pages/proofs/proof-page.server";
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
 * sandbox and the Shopify stand-in: created as a draft, made active by approving the proof
 * ordered of it (named), or, with none ordered, only by a confirmation that none was; once.
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
  proofApproval: {
    approvedAt: string | null;
    approvedProofName: string | null;
    proofs: { id: string; name: string; status: string; url: string }[];
  } | null;
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

const approve = (id: string, fields: Record<string, string> = {}) =>
  call(createdAction, post(`/app/products/created/${id}`, { intent: "approveProof", ...fields }), {
    id,
  });

/** Orders a proof copy through the proof page the created product links to; its print order id. */
async function orderProof(proofUrl: string): Promise<string> {
  const page = await data<ProofPageData>(await call(proofLoader, get(proofUrl)));
  if (!page.ok) throw new Error(`the proof page refused: ${JSON.stringify(page)}`);
  const answer = await call(
    proofAction,
    post("/app/proofs/new", {
      ...page.sourceFields,
      ...page.address,
      requestKey: page.requestKey,
      quotedTotal: page.quotedTotal ?? "",
      intent: "place",
    }),
  );
  expect(answer.status, await answer.clone().text()).toBe(302);
  return /^\/app\/orders\/([^/]+)$/.exec(answer.headers.get("Location") ?? "")![1]!;
}

const productTitled = (title: string) => {
  const products = env.shopify.control.products(DEMO_SHOP, { title });
  expect(products).toHaveLength(1);
  return products[0]!;
};

describe("a product kept a draft until its proof is approved", () => {
  it("is created as a draft, and approving the proof ordered of it makes it active, once", async () => {
    const id = await create("Proofed poetry book", { status: "draft", draftUntilProof: "on" });
    expect(productTitled("Proofed poetry book").status).toBe("DRAFT");
    const before = await view(id);
    expect(before.status).toBe("draft");
    expect(before.proofApproval).toEqual({ approvedAt: null, approvedProofName: null, proofs: [] });
    expect(before.variants.every((v) => v.proofUrl?.startsWith("/app/proofs/new?variantId="))).toBe(
      true,
    );

    const proofId = await orderProof(before.variants[0]!.proofUrl!);
    const ordered = (await view(id)).proofApproval!;
    expect(ordered.proofs).toEqual([
      expect.objectContaining({
        id: proofId,
        name: expect.stringMatching(/^Proof P\d+$/),
        url: `/app/orders/${proofId}`,
      }),
    ]);
    const proofName = ordered.proofs[0]!.name;

    const answer = await approve(id, { proofId });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ problem: null });
    expect(productTitled("Proofed poetry book").status).toBe("ACTIVE");
    const after = await view(id);
    expect(after.status).toBe("active");
    const approvedAt = after.proofApproval?.approvedAt;
    expect(approvedAt).toEqual(expect.any(String));
    expect(after.proofApproval?.approvedProofName).toBe(proofName);
    const row = await prisma.productCreation.findFirst({ where: { shop: DEMO_SHOP, id } });
    expect(row?.approvedProofId).toBe(proofId);

    // A double click or a reload that posts again: the approval stands as it was.
    const again = await approve(id, { proofId });
    expect(again.status).toBe(200);
    expect((await view(id)).proofApproval?.approvedAt).toBe(approvedAt);
  });

  it("with no proof ordered, approves only on the confirmation that none was", async () => {
    const id = await create("Unproofed poetry book", { status: "draft", draftUntilProof: "on" });
    // The click that looks like approving a proof, with none ordered: refused, nothing changes.
    const refused = await approve(id);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { problem: string }).problem).toMatch(
      /^No proof copy has been ordered for this product\./,
    );
    expect(productTitled("Unproofed poetry book").status).toBe("DRAFT");
    expect((await view(id)).proofApproval?.approvedAt).toBeNull();

    const confirmed = await approve(id, { withoutProof: "confirmed" });
    expect(confirmed.status).toBe(200);
    expect(productTitled("Unproofed poetry book").status).toBe("ACTIVE");
    const after = (await view(id)).proofApproval!;
    expect(after.approvedAt).toEqual(expect.any(String));
    expect(after.approvedProofName).toBeNull();
  });

  it("refuses a proof that is not this product's, and asks to choose when proofs were ordered", async () => {
    const first = await create("First proofed book", { status: "draft", draftUntilProof: "on" });
    const second = await create("Second proofed book", { status: "draft", draftUntilProof: "on" });
    const firstProof = await orderProof((await view(first)).variants[0]!.proofUrl!);
    await orderProof((await view(second)).variants[0]!.proofUrl!);

    const wrong = await approve(second, { proofId: firstProof });
    expect(wrong.status).toBe(409);
    expect(((await wrong.json()) as { problem: string }).problem).toMatch(
      /^That proof copy is not one ordered for this product/,
    );
    const unnamed = await approve(second);
    expect(unnamed.status).toBe(409);
    expect(((await unnamed.json()) as { problem: string }).problem).toBe(
      "Choose the proof copy you approve.",
    );
    // "None was ordered" does not stand in for the proof that was.
    const without = await approve(second, { withoutProof: "confirmed" });
    expect(without.status).toBe(409);
    expect(productTitled("Second proofed book").status).toBe("DRAFT");
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
