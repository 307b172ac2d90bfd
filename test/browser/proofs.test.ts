import { expect, it } from "vitest";
import { seedProof } from "../support/proof-seed";
import { describeBrowser, setupBrowserHarness } from "./harness";
import { cardTitled, seedPrintOrder } from "./order-seed";

/**
 * Proof copies in Chromium on the real build: the Orders list marks a proof with its badge
 * and filters by kind from the page address, a proof's page is titled and badged as a proof,
 * shows its cost instead of a margin and says its tracking is not sent to Shopify (with no
 * link to a Shopify order), Home lists a proof waiting for approval as a proof, and the
 * Profit page shows the proofs apart. Proofs are stored as placing one stores them.
 */
const h = setupBrowserHarness();
const HOUR_MS = 3_600_000;

describeBrowser("proof copies in the admin", () => {
  it("shows a proof in Orders with its badge, and filters to proofs or sales", async () => {
    const shop = h().shop;
    const sale = await seedPrintOrder(shop, { status: "paid" });
    const proof = await seedProof(shop, {
      n: 1001,
      at: new Date(Date.now() - HOUR_MS / 2),
      status: "fulfilled",
      wholesaleTotalMinor: 2340,
      quantity: 2,
      serviceState: "SHIPPED",
      tracking: {
        code: "3SPOST1001",
        url: "https://tracking.example.com/3SPOST1001",
        company: "PostNL",
      },
    });
    const page = await h().openAdmin("/app/orders");
    const row = page.locator("tr", { hasText: proof.name });
    await row.getByText("Proof", { exact: true }).waitFor();
    // Its last step did not fulfil anything in Shopify: it reads "Shipped".
    await row.getByText("Shipped", { exact: true }).waitFor();
    expect(await page.locator("tr", { hasText: sale.name }).getByText("Proof").count()).toBe(0);
    await h().screenshot("proofs-orders-list");

    await page.getByLabel("Kind").selectOption("proof");
    await page.waitForURL((url) => url.searchParams.get("kind") === "proof");
    // The proof's row was there before the filter too: the sale's row leaving is the answer.
    await page.locator("tr", { hasText: sale.name }).waitFor({ state: "detached" });
    await page.locator("tr", { hasText: proof.name }).waitFor();
    expect(await page.getByLabel("Kind").inputValue()).toBe("proof");
    await h().screenshot("proofs-orders-only-proofs");

    await page.getByLabel("Kind").selectOption("sale");
    await page.waitForURL((url) => url.searchParams.get("kind") === "sale");
    await page.locator("tr", { hasText: proof.name }).waitFor({ state: "detached" });
    await page.locator("tr", { hasText: sale.name }).waitFor();

    // The filter is the page address: opened again, it holds.
    await h().openAdmin("/app/orders?kind=proof");
    await page.locator("tr", { hasText: proof.name }).waitFor();
    expect(await page.locator("tr", { hasText: sale.name }).count()).toBe(0);
    expect(await page.getByLabel("Kind").inputValue()).toBe("proof");
  });

  it("shows a proof's page as a proof: its cost, its tracking for the merchant, no Shopify link", async () => {
    const { default: prisma } = await import("../../app/db.server");
    const proof = await prisma.printOrder.findFirstOrThrow({
      where: { shop: h().shop, shopifyOrderName: "Proof P1001" },
    });
    const page = await h().openAdmin(`/app/orders/${proof.id}`);
    await page.getByRole("heading", { name: "Proof P1001", level: 1 }).waitFor();
    await page.getByText("Proof copy", { exact: true }).waitFor();
    await page
      .getByText("Proof copies are not fulfilled in Shopify: the tracking below is for you.")
      .waitFor();
    await page.getByRole("link", { name: "3SPOST1001" }).waitFor();
    const cost = cardTitled(page, "Cost of this proof");
    await cost.getByText("Print, shipping and VAT for 2 copies").waitFor();
    await cost.getByText("€23.40").waitFor();
    // No sale's margin, no Shopify order to open, no Shopify fulfilment.
    expect(await page.getByRole("heading", { name: "Margin" }).count()).toBe(0);
    expect(await page.getByText("Fulfilled", { exact: true }).count()).toBe(0);
    const shopifyLinks = await page
      .locator("a")
      .evaluateAll((links) =>
        links
          .map((a) => ({ text: a.textContent ?? "", href: a.getAttribute("href") ?? "" }))
          .filter(
            (a) =>
              /shopify/i.test(a.text) ||
              /^shopify:|admin\.shopify\.com|myshopify\.com\/admin/i.test(a.href),
          ),
      );
    expect(shopifyLinks).toEqual([]);
    await h().screenshot("proofs-order-page");
  });

  it("lists a proof waiting for approval on Home as a proof", async () => {
    const proof = await seedProof(h().shop, {
      n: 1002,
      at: new Date(Date.now() - HOUR_MS / 4),
      status: "awaiting_approval",
    });
    const page = await h().openAdmin("/app");
    const card = cardTitled(page, "Needs your attention");
    await card.getByRole("link", { name: proof.name }).waitFor();
    await card.getByText("Proof", { exact: true }).waitFor();
    await card.getByRole("button", { name: `Approve ${proof.name}` }).waitFor();
  });

  it("shows the proofs apart on the Profit page, taken off the profit", async () => {
    const page = await h().openAdmin("/app/profit?range=7");
    await page.getByRole("heading", { name: "Profit", level: 1 }).waitFor();
    const card = cardTitled(page, "Proof copies");
    // Proof P1001 (2 copies, €23.40) and Proof P1002 (1 copy, €11.70).
    await card.getByText("Proofs: €35.10 for 3 copies").waitFor();
    await card.getByText(/Proof copies are not sales/).waitFor();
    // The one sale (€12.34 print cost, no revenue) less the proofs: a loss, said in words.
    await card.getByText("Loss for the period: €47.44").waitFor();
    await page.getByRole("columnheader", { name: "Proofs" }).waitFor();
    await page.getByRole("columnheader", { name: "Profit" }).waitFor();
    await h().screenshot("proofs-profit");
  });
});
