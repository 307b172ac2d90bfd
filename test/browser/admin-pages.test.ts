import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { describeBrowser, setupBrowserHarness } from "./harness";

/**
 * The admin pages in Chromium, on the real build: every page renders without
 * console errors, and the merchant's main flows work end to end.
 */
const h = setupBrowserHarness();

const T0 = Date.now() - 3_600_000;

/** Print orders in the states the flows need, written straight to the app's database. */
async function seedOrders() {
  const { default: prisma } = await import("../../app/db.server");
  const shop = h().shop;
  const make = async (n: number, status: string, extra: { fileless?: boolean } = {}) => {
    const shopOrder = await prisma.shopOrder.create({
      data: {
        shop,
        shopifyOrderId: String(90000 + n),
        name: `#${2000 + n}`,
        email: "anna@example.com",
        currency: "EUR",
        shippingAddress: JSON.stringify({
          name: "Anna de Vries",
          address1: "Keizersgracht 123",
          zip: "1015 CJ",
          city: "Amsterdam",
          country: "Netherlands",
          country_code: "NL",
        }),
        lineItems: JSON.stringify([
          { id: String(91000 + n), title: "Dotted Notebook A5", quantity: 1, price: "12.50" },
        ]),
        createdAt: new Date(T0 + n * 60_000),
      },
    });
    const order = await prisma.printOrder.create({
      data: {
        shop,
        shopOrderId: shopOrder.id,
        shopifyOrderId: shopOrder.shopifyOrderId,
        shopifyOrderName: shopOrder.name,
        orderReference: `PC-${90000 + n}-1`,
        status,
        resumeStatus: status === "needs_attention" ? "pending" : null,
        currency: "EUR",
        wholesaleTotalMinor: 1234,
        wholesaleShippingMinor: 495,
        wholesaleTaxMinor: 112,
        holdUntil: status === "held" ? new Date(Date.now() + 6 * 3_600_000) : null,
        createdAt: new Date(T0 + n * 60_000),
        nextAttemptAt: new Date("9999-12-31T00:00:00Z"),
        lastErrorCode: status === "needs_attention" ? "MERCH_INSUFFICIENT_BALANCE" : null,
        lastErrorMessage:
          status === "needs_attention"
            ? "The print-service account does not have enough credit to pay for this order."
            : null,
        lastErrorAction:
          status === "needs_attention"
            ? "Top up your print-service account credit, then retry."
            : null,
        items: {
          create: {
            shop,
            itemReference: "1",
            shopifyLineItemId: String(91000 + n),
            variantId: "gid://shopify/ProductVariant/20008",
            offeringId: 228570,
            quantity: 1,
            title: "Dotted Notebook A5",
            fileProperty: "Print file",
            fileDetails: extra.fileless
              ? null
              : JSON.stringify({
                  contentUrl: "https://files.example.com/notebook.pdf",
                  numberOfPages: 120,
                }),
          },
        },
      },
    });
    await prisma.orderEvent.create({
      data: {
        shop,
        shopOrderId: shopOrder.id,
        printOrderId: order.id,
        actor: "worker",
        type: status,
        message: `Planned and ${status.replaceAll("_", " ")}.`,
        at: new Date(T0 + n * 60_000),
      },
    });
    return order.id;
  };
  return {
    held: await make(1, "held"),
    attention: await make(2, "needs_attention"),
    files: await make(3, "awaiting_files", { fileless: true }),
    paid: await make(4, "paid"),
  };
}

let orders: Awaited<ReturnType<typeof seedOrders>>;

/** Backup rates, so the shipping-rates page shows stored rows rather than an empty form. */
async function seedBackupRates() {
  const { saveBackupRates } = await import("../../app/data/carrier.server");
  await saveBackupRates({
    shop: h().shop,
    rates: [
      {
        name: "Standard (backup)",
        code: "backup-standard",
        amountMinor: 695,
        minDays: 3,
        maxDays: 5,
      },
      { name: "Express (backup)", code: "backup-express", amountMinor: 1495, maxDays: 2 },
    ],
  });
}

/** Shopify's product images (cdn.shopify.com) are unreachable offline: serve a placeholder. */
const PLACEHOLDER =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#e3e3e3"/></svg>';

// Renders every admin page in turn: more than the default 20 s on a busy 2-core machine.
const EVERY_PAGE = { timeout: 90_000 };

describeBrowser("admin pages in the browser", () => {
  it("renders every page with its data, without console errors", EVERY_PAGE, async () => {
    orders = await seedOrders();
    await seedBackupRates();
    await h().context.route("https://cdn.shopify.com/s/files/**", (route) =>
      route.fulfill({ status: 200, contentType: "image/svg+xml", body: PLACEHOLDER }),
    );
    /** Path, page heading, screenshot name, and for some pages a key element to wait for. */
    const pages: [string, string, string, ((page: Page) => Promise<void>)?][] = [
      ["/app", "Print Connect", "page-home"],
      ["/app/orders", "Print orders", "page-orders"],
      [`/app/orders/${orders.paid}`, "#2004", "page-order-detail"],
      ["/app/products", "Products", "page-products"],
      ["/app/products/20001", "Hardcover Photo Book - A4 Portrait / 24 pages", "page-mapping"],
      [
        "/app/products/bulk?variant=20004&variant=20005",
        "Map 2 variants",
        "page-products-bulk",
        async (page) => {
          // The variants came from Shopify and the offerings from the print service.
          const selected = page.getByRole("heading", { name: "Selected variants" }).locator("..");
          // Only variants: named by their products alone, never Shopify's "Default Title".
          await selected.getByText(/^Wanderlust Magazine - Issue 12 \(/).waitFor();
          await selected.getByText(/^2027 Wall Calendar \(/).waitFor();
          expect(await selected.innerText()).not.toContain("Default Title");
          const offerings = page.getByLabel("Offering", { exact: true }).locator("option");
          expect(await offerings.count()).toBeGreaterThan(1);
        },
      ],
      [
        "/app/products/new?offering=228478",
        "Create product",
        "page-create-product",
        async (page) => {
          // The offering the merchant came from is the first variant's.
          const offering = page.getByLabel("Offering", { exact: true }).first();
          expect(await offering.inputValue()).toBe("228478");
        },
      ],
      ["/app/products/prices", "Prices below your target margin", "page-prices"],
      ["/app/catalogue", "Catalogue", "page-catalogue"],
      ["/app/catalogue/228478", "Hardcover book A4 portrait", "page-offering"],
      ["/app/quote?variant=20001", "Quote", "page-quote"],
      ["/app/publications", "Publications", "page-publications"],
      ["/app/settings", "Settings", "page-settings"],
      [
        "/app/shipping-rates",
        "Shipping rates at checkout",
        "page-shipping-rates",
        async (page) => {
          await page.getByRole("heading", { name: "Backup rates", level: 2 }).waitFor();
          expect(await page.getByLabel("Name", { exact: true }).first().inputValue()).toBe(
            "Standard (backup)",
          );
          expect(await page.getByLabel("Price (EUR)").first().inputValue()).toBe("6.95");
        },
      ],
    ];
    for (const [path, heading, shot, check] of pages) {
      const page = await h().openAdmin(path);
      await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
      await check?.(page);
      await h().screenshot(shot);
      h().assertNoBrowserErrors();
    }
    // Data really arrived: the orders list shows the seeded orders, the catalogue its offerings.
    const page = await h().openAdmin("/app/orders");
    await page.getByRole("link", { name: "#2002" }).waitFor();
    await h().openAdmin("/app/catalogue");
    await page.getByRole("link", { name: "Wall calendar A3" }).waitFor();
  });

  it("saves settings and tests the connection", async () => {
    const page = await h().openAdmin("/app/settings");
    await page.getByText("After a hold period").click();
    await page.getByLabel("Hold for (hours)").fill("6");
    await page.getByRole("button", { name: "Save and test connection" }).click();
    await page.getByText("Connection works").waitFor();
    await page.getByText(/Merchant API key:\s*Accepted/).waitFor();
    await h().screenshot("flow-settings-test-connection");
    const { default: prisma } = await import("../../app/db.server");
    const shop = await prisma.shop.findUniqueOrThrow({ where: { shop: h().shop } });
    expect(shop).toMatchObject({ routingMode: "hold", holdHours: 6 });
  });

  it("keeps the merchant's input and marks the field when a setting is wrong", async () => {
    const page = await h().openAdmin("/app/settings");
    await page.getByLabel("Merchant API key").fill("");
    // The page's own Save button (the save bar may show another).
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    await page.getByText("Some settings need fixing").waitFor();
    await page.getByText("Enter your merchant API key").waitFor();
    expect(await page.getByLabel("Hold for (hours)").inputValue()).toBe("6");
    await h().screenshot("flow-settings-field-error");
  });

  it("maps a variant and sees its quote and margin", async () => {
    const page = await h().openAdmin("/app/products/20003");
    await page.getByLabel("Category").first().selectOption("BO");
    await page.getByLabel("Offering", { exact: true }).selectOption("228500");
    // A real PDF the print sandbox serves: A5 with 3 mm bleed, 240 pages.
    const fileUrl = `${h().sandbox.url}/files/generate/240p-154x216mm.pdf`;
    await page.getByLabel("File URL", { exact: true }).fill(fileUrl);
    await page.getByLabel("Pages", { exact: true }).fill("2");
    await page.getByRole("button", { name: "Save mapping" }).last().click();
    // Outside the offering's limits: the field says why, the input stays.
    // (The print check beside the form says the same rule in its own sentence.)
    await page.getByText("Softcover book A5 takes 32 to 600 pages", { exact: true }).waitFor();
    expect(await page.getByLabel("File URL", { exact: true }).inputValue()).toBe(fileUrl);
    await h().screenshot("flow-mapping-error");

    await page.getByLabel("Pages", { exact: true }).fill("240");
    await page.getByRole("button", { name: "Save mapping" }).last().click();
    // Saving checks the 240-page file first: on a busy machine that takes a while.
    await page.getByText("Mapping saved").waitFor({ timeout: 30_000 });
    await h().screenshot("flow-mapping-saved");

    await page.getByRole("link", { name: "See the cost breakdown" }).click();
    await page.getByRole("heading", { name: "Quote", level: 1 }).waitFor();
    await page.getByRole("columnheader", { name: "Margin" }).waitFor();
    await page.getByText("€14.95").first().waitFor();
    await h().screenshot("flow-quote-margin");
  });

  it("approves a held order", async () => {
    const page = await h().openAdmin(`/app/orders/${orders.held}`);
    await page.getByText(/^Held until/).waitFor();
    await page.getByRole("button", { name: "Approve now" }).click();
    await page.getByText("Approved: sending to print.").first().waitFor();
    await h().screenshot("flow-approve-held");
    const { default: prisma } = await import("../../app/db.server");
    expect((await prisma.printOrder.findUniqueOrThrow({ where: { id: orders.held } })).status).toBe(
      "ready",
    );
  });

  it("retries an order that needed attention, from Home in one click", async () => {
    const page = await h().openAdmin("/app");
    await page.getByText("Top up your print-service account credit, then retry.").waitFor();
    await h().screenshot("flow-home-attention");
    await page.getByRole("button", { name: "Retry #2002" }).click();
    await page.getByText("Retry requested.").waitFor();
    const { default: prisma } = await import("../../app/db.server");
    expect(
      (await prisma.printOrder.findUniqueOrThrow({ where: { id: orders.attention } })).status,
    ).toBe("pending");
    await h().screenshot("flow-retry");
  });

  it("attaches a file to an item waiting for one", async () => {
    const page = await h().openAdmin(`/app/orders/${orders.files}`);
    await page.getByText("Waiting for the customer's print file.").waitFor();
    const field = page.getByLabel("Print file URL for Dotted Notebook A5");
    await field.fill("not a url");
    await page.getByRole("button", { name: "Attach file" }).click();
    await page.getByText("Enter a full URL starting with https://").waitFor();
    await field.fill("https://files.example.com/anna-notebook.pdf");
    await page.getByRole("button", { name: "Attach file" }).click();
    await page.getByRole("link", { name: "https://files.example.com/anna-notebook.pdf" }).waitFor();
    await h().screenshot("flow-attach-file");
  });

  it("creates a publication and lists its checkout link", async () => {
    const page = await h().openAdmin("/app/publications");
    await page
      .getByLabel("Variant", { exact: true })
      .selectOption({ label: "Hardcover Photo Book - A4 Portrait / 24 pages" });
    await page.getByLabel("Title", { exact: true }).fill("Our photo book");
    await page.getByRole("button", { name: "Create publication" }).click();
    await page.getByText("Publication created").waitFor();
    await page
      .getByRole("cell", { name: /Our photo book/ })
      .first()
      .waitFor();
    await page.getByRole("link", { name: "Open checkout" }).first().waitFor();
    await h().screenshot("flow-publication");
  });
});
