/**
 * The demo shop's product made with "Create product": a two-edition photo
 * book from one print file, created through the same flow a merchant uses
 * (preflight, quotes, productSet, mappings), so the demo shows one.
 */
import prisma from "../db.server";
import { getLogger } from "../lib/logger.server";
import { createProduct } from "../pages/create-product/index.server";
import { DEMO_PRODUCT_TITLE } from "./demo-data.server";
import { adminGraphql, ShopifyAdminError, type AdminApi } from "../services/shopify-admin";

/** The demo creation's request key: the same every start, so a restart finds it. */
export const DEMO_PRODUCT_KEY = "demo-photo-book-coastlines";

const log = () => getLogger().child({ component: "demo-product" });

/** The form a merchant would post for the demo book. */
export function demoProductForm(printSandboxUrl: string): FormData {
  const files = `${printSandboxUrl.replace(/\/$/, "")}/files`;
  const form = new FormData();
  const fields: Record<string, string> = {
    intent: "create",
    requestKey: DEMO_PRODUCT_KEY,
    title: DEMO_PRODUCT_TITLE,
    description:
      "Forty-eight pages of shorelines at first light.\n\nPrinted to order on heavy silk paper.",
    status: "active",
    contentUrl: `${files}/photo-book/interior-48.pdf`,
    numberOfPages: "48",
    "variants[0].offeringId": "228478",
    "variants[0].label": "Hardcover",
    "variants[0].coverUrl": `${files}/photo-book/cover-48.pdf`,
    "variants[1].offeringId": "228501",
    "variants[1].label": "Softcover",
    "variants[1].width": "210",
    "variants[1].height": "297",
    pricingMode: "margin",
    pricingPercent: "35",
    rounding: "99",
    imageSource: "pdf",
  };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

async function productExists(admin: AdminApi, productId: string): Promise<boolean> {
  const data = await adminGraphql(admin)<{ product: { id: string } | null }>(
    `#graphql
      query PrintConnectDemoProduct($id: ID!) { product(id: $id) { id } }`,
    { id: productId },
  );
  return data.product !== null;
}

/**
 * Creates the demo book unless this shop already has it. The Shopify
 * stand-in starts empty on every run while the app's database stays, so a
 * creation whose product is gone from the stand-in is forgotten (with its
 * mappings) and made again.
 */
export async function seedDemoProduct({
  shop,
  admin,
  printSandboxUrl,
}: {
  shop: string;
  admin: AdminApi;
  printSandboxUrl: string;
}): Promise<void> {
  const existing = await prisma.productCreation.findUnique({
    where: { shop_requestKey: { shop, requestKey: DEMO_PRODUCT_KEY } },
  });
  try {
    if (existing?.state === "done" && existing.productId) {
      if (await productExists(admin, existing.productId)) return;
    }
    if (existing) {
      if (existing.productId) {
        const mappings = await prisma.variantMapping.findMany({
          where: { shop, productId: existing.productId },
          select: { variantId: true },
        });
        const variantIds = mappings.map((m) => m.variantId);
        await prisma.mappingQuote.deleteMany({ where: { shop, variantId: { in: variantIds } } });
        await prisma.variantMapping.deleteMany({ where: { shop, variantId: { in: variantIds } } });
      }
      await prisma.productCreation.deleteMany({ where: { shop, id: existing.id } });
    }
    const result = await createProduct({ shop, admin, form: demoProductForm(printSandboxUrl) });
    if (result.status !== "done") {
      log().warn(
        { shop, status: result.status, detail: "message" in result ? result.message : result },
        "the demo product was not created",
      );
    }
  } catch (error) {
    // The demo runs without it; the app's own pages say what went wrong when a merchant tries.
    if (!(error instanceof ShopifyAdminError)) throw error;
    log().warn({ shop, err: error }, "the demo product was not created");
  }
}
