/**
 * The customer corrects their own shipping address, through the real path: an order stopped on
 * its address by the worker, the link queued and sent over SMTP to the local mail server, the
 * page opened and saved through the Shopify stand-in's app proxy (signed as Shopify signs), the
 * Shopify order updated with orderUpdate, the print order released and printed by the worker.
 */
import "../support/app-env";
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { addressLinkDeps } from "~/lib/address-links.server";
import { mailSenderDeps, smtpTransport } from "~/lib/mail.server";
import { queueAutomaticAddressLinks, sendAddressLink } from "~/services/address-links/send";
import { sendDueMail } from "~/services/mail/send";
import { retryPrintOrder } from "~/services/fulfilment/commands";
import { printOrderCommandStore } from "~/data/print-order-commands.server";
import type { MailStandIn } from "../../sandbox/mail/server";
import { TEST_API_SECRET } from "../support/app-env";
import {
  MAPPINGS,
  placePaidOrder,
  printOrdersOf,
  settle,
  SHOP,
  startHarness,
  type Harness,
} from "../support/fulfilment-harness";

let h: Harness;
let mail: MailStandIn;
beforeAll(async () => {
  h = await startHarness({ shopify: { smtpPort: 0 } });
  mail = h.shopify.mail!;
  await h.map(MAPPINGS.photoBook);
  await h.map(MAPPINGS.notebook);
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  mail.clear();
  await prisma.mailMessage.deleteMany({});
  await prisma.shop.updateMany({ data: { customerAddressLinks: "stopped" } });
});

const silent = { info() {}, warn() {} };
const storefront = (shop: string) => `${h.shopify.url}/storefront/${shop}/apps/print-connect`;
const links = (overrides: Parameters<typeof addressLinkDeps>[0] = {}) =>
  addressLinkDeps({
    logger: silent,
    linkUrl: (shop, token) => `${storefront(shop)}/address/${token}`,
    ...overrides,
  });
const sender = () => mailSenderDeps(smtpTransport(mail.url), { logger: silent });

/** A paid order the worker stops on its address; its print order. */
async function stoppedOrder(address: Record<string, string | null>, email = "anna@example.com") {
  const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }], {
    shippingAddress: address,
    email,
  });
  await settle(h.worker());
  const [printOrder] = await printOrdersOf(order.legacyId);
  expect(printOrder!.status).toBe("needs_attention");
  expect(printOrder!.lastErrorCode).toBe("ADDRESS_INVALID");
  return { order, printOrder: printOrder! };
}

/** The link in the one e-mail the mail server received. */
function linkInMail(): string {
  const messages = mail.messages();
  expect(messages).toHaveLength(1);
  const url = /https?:\/\/\S+\/address\/[A-Za-z0-9_-]{43}/.exec(messages[0]!.text)?.[0];
  expect(url).toBeDefined();
  return url!;
}

const post = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

const NL_FIXED = {
  firstName: "Anna",
  lastName: "Jansen",
  company: "",
  address1: "Keizersgracht 1",
  address2: "",
  zip: "1015 CJ",
  city: "Amsterdam",
  phone: "+31 20 123 4567",
};

describe("a customer corrects the address of an order stopped on it", () => {
  it("gets one link, fixes the postal code on the shop's page, and the order is printed with it", async () => {
    const { order, printOrder } = await stoppedOrder({ zip: "10155" });
    expect(printOrder.lastErrorMessage).toBe(
      'The postal code "10155" does not have the format of postal codes in Netherlands.',
    );

    // Sent once: two rounds (or two workers) queue one e-mail.
    const [first, second] = await Promise.all([
      queueAutomaticAddressLinks(links()),
      queueAutomaticAddressLinks(links()),
    ]);
    expect(first.queued + second.queued).toBe(1);
    expect(await queueAutomaticAddressLinks(links())).toEqual({ queued: 0 });
    expect(await sendDueMail(sender())).toMatchObject({ sent: 1 });
    const [received] = mail.messages();
    expect(received!.to).toEqual(["anna@example.com"]);
    expect(received!.headers.from).toContain("Print Connect Demo");
    expect(received!.headers["reply-to"]).toContain("owner@print-connect-demo.example");
    expect(received!.subject).toBe(`Your order ${order.name} needs a correct shipping address`);
    expect(received!.text).toContain(printOrder.lastErrorMessage);
    const url = linkInMail();
    expect(url.startsWith(storefront(SHOP))).toBe(true);

    // Opened on the shop's storefront: the order, its printed item, the problem at its field.
    const opened = await fetch(url);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toBe("private, no-store");
    expect(opened.headers.get("content-security-policy")).toContain("default-src 'none'");
    const page = await opened.text();
    expect(page).toContain(`Shipping address for order ${order.name}`);
    expect(page).toContain("<li>Hardcover Photo Book - A4 Portrait / 24 pages</li>");
    expect(page).toMatch(/id="f-zip"[^>]*aria-invalid="true"[^>]*value="10155"/);

    // The check as the customer types: the same rules.
    const checked = await post(url, { ...NL_FIXED, zip: "1015", intent: "check" });
    expect(await checked.json()).toMatchObject({
      errors: {
        zip: 'The postal code "1015" does not have the format of postal codes in Netherlands.',
      },
    });
    const good = await post(url, { ...NL_FIXED, intent: "check" });
    expect(await good.json()).toEqual({ errors: {}, warnings: [] });

    // A save with a problem keeps the link and says what is wrong.
    const refused = await post(url, { ...NL_FIXED, zip: "" });
    expect(refused.status).toBe(200);
    expect(await refused.text()).toContain("The shipping address has no postal code");

    const saved = await post(url, NL_FIXED);
    expect(saved.status).toBe(200);
    const savedPage = await saved.text();
    expect(savedPage).toContain("Thank you: the address is saved");
    expect(savedPage).toContain("It goes to print with this address now.");

    // Shopify's order has it, and orders/updated told the app (which already had it).
    const shopifyOrder = h.shopify.control.getOrder(order.id)!;
    expect(shopifyOrder.shippingAddress).toMatchObject({ zip: "1015 CJ", countryCode: "NL" });
    // The print order goes on where it stopped, and is printed with the new address.
    const [released] = await printOrdersOf(order.legacyId);
    expect(released!.status).toBe("pending");
    const events = await prisma.orderEvent.findMany({
      where: { printOrderId: printOrder.id, type: "address_corrected" },
    });
    expect(events).toHaveLength(1);
    expect(events[0]!.actor).toBe("customer");
    expect(events[0]!.message).toBe(
      "The customer corrected the shipping address (changed: postal code); the order goes on.",
    );
    await settle(h.worker());
    const [printed] = await printOrdersOf(order.legacyId);
    expect(["paid", "in_production", "shipped", "fulfilled"]).toContain(printed!.status);
    const atService = h.sandbox.control.order(printed!.printOrderId!)!;
    expect(atService.shippingAddress).toMatchObject({ zipCode: "1015 CJ", countryCode: "NL" });

    // Used: the link opens nothing any more, and a second save changes nothing.
    const reopened = await fetch(url);
    expect(reopened.status).toBe(410);
    const reopenedPage = await reopened.text();
    expect(reopenedPage).toContain("This link was already used");
    expect(reopenedPage).not.toContain("Keizersgracht");
    expect((await post(url, { ...NL_FIXED, city: "Utrecht" })).status).toBe(410);
    expect(h.shopify.control.getOrder(order.id)!.shippingAddress).toMatchObject({
      city: "Amsterdam",
    });
  });

  it("Brazil: the customer gives the CPF, which goes to Shopify's order and to the print service", async () => {
    const { order } = await stoppedOrder({
      firstName: "João",
      lastName: "Silva",
      address1: "Avenida Paulista 1000",
      city: "São Paulo",
      zip: "01310-100",
      provinceCode: "SP",
      countryCode: "BR",
      phone: null,
    });
    const sent = await sendAddressLink(links(), {
      shop: SHOP,
      shopOrderId: await shopOrderIdOf(order.legacyId),
    });
    expect(sent).toMatchObject({ ok: true, to: "anna@example.com" });
    await sendDueMail(sender());
    const url = linkInMail();
    const page = await (await fetch(url)).text();
    expect(page).toContain("CPF or CNPJ");
    expect(page).toContain('<option value="SP" selected>');
    const fields = {
      firstName: "João",
      lastName: "Silva",
      address1: "Avenida Paulista 1000",
      city: "São Paulo",
      zip: "01310-100",
      provinceCode: "SP",
    };
    const wrong = await post(url, { ...fields, taxNumber: "123.456.789-00" });
    expect(await wrong.text()).toContain("This is not a valid CPF or CNPJ");
    const saved = await post(url, { ...fields, taxNumber: "529.982.247-25" });
    expect(await saved.text()).toContain("Thank you: the address is saved");
    expect(h.shopify.control.getOrder(order.id)!.localizedFields).toEqual([
      { key: "SHIPPING_CREDENTIAL_BR", value: "52998224725" },
    ]);
    await settle(h.worker());
    const [printed] = await printOrdersOf(order.legacyId);
    expect(["paid", "in_production", "shipped", "fulfilled"]).toContain(printed!.status);
    expect(h.sandbox.control.order(printed!.printOrderId!)!.shippingAddress).toMatchObject({
      cpfCnpj: "52998224725",
    });
  });
});

async function shopOrderIdOf(shopifyOrderId: string | number) {
  const row = await prisma.shopOrder.findFirstOrThrow({
    where: { shop: SHOP, shopifyOrderId: String(shopifyOrderId) },
  });
  return row.id;
}

/** A request signed as Shopify's app proxy signs, straight to the app (no stand-in). */
function signedUrl(path: string, shop: string): string {
  const params: Record<string, string> = {
    shop,
    logged_in_customer_id: "",
    path_prefix: "/apps/print-connect",
    timestamp: String(Math.floor(Date.now() / 1000)),
  };
  const message = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("");
  const signature = createHmac("sha256", TEST_API_SECRET).update(message).digest("hex");
  return `${h.appUrl}${path}?${new URLSearchParams({ ...params, signature })}`;
}

describe("a link opens nothing but its own order, once, for 7 days", () => {
  it("refuses an expired, altered, replaced or other shop's link, and any request Shopify did not sign", async () => {
    const { order } = await stoppedOrder({ zip: "ABC" });
    const shopOrderId = await shopOrderIdOf(order.legacyId);
    // Sent eight days ago: expired.
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3_600_000);
    await sendAddressLink(links({ now: () => eightDaysAgo }), { shop: SHOP, shopOrderId });
    await sendDueMail(sender());
    const expired = linkInMail();
    mail.clear();
    const expiredPage = await fetch(expired);
    expect(expiredPage.status).toBe(410);
    expect(await expiredPage.text()).toContain("This link has expired");

    // A new link replaces the one before.
    await sendAddressLink(links(), { shop: SHOP, shopOrderId });
    await sendDueMail(sender());
    const older = linkInMail();
    mail.clear();
    await sendAddressLink(links(), { shop: SHOP, shopOrderId });
    await sendDueMail(sender());
    const newest = linkInMail();
    expect((await fetch(older)).status).toBe(410);
    expect(await (await fetch(older)).text()).toContain("A newer link was sent");
    expect((await fetch(newest)).status).toBe(200);

    // Altered by one character: no such link; nothing about any order on the page.
    const token = newest.split("/").pop()!;
    const altered = `${newest.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const alteredPage = await fetch(altered);
    expect(alteredPage.status).toBe(404);
    const alteredText = await alteredPage.text();
    expect(alteredText).toContain("This link does not work");
    expect(alteredText).not.toContain(order.name);

    // The same token signed for another shop: unknown there.
    const elsewhere = await fetch(signedUrl(`/proxy/address/${token}`, "other-shop.myshopify.com"));
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.text()).not.toContain(order.name);
    // Signed for this shop, straight to the app: the page (the stand-in is only the messenger).
    expect((await fetch(signedUrl(`/proxy/address/${token}`, SHOP))).status).toBe(200);
    // Not signed, or signed with another secret: refused before anything is looked up.
    expect((await fetch(`${h.appUrl}/proxy/address/${token}?shop=${SHOP}`)).status).toBe(401);
    const forged = new URL(signedUrl(`/proxy/address/${token}`, SHOP));
    forged.searchParams.set("signature", "0".repeat(64));
    expect((await fetch(forged)).status).toBe(401);
  });

  it("changes only its own order: another order stopped the same way is untouched", async () => {
    const a = await stoppedOrder({ zip: "99" }, "a@example.com");
    const b = await stoppedOrder({ zip: "98" }, "b@example.com");
    await sendAddressLink(links(), {
      shop: SHOP,
      shopOrderId: await shopOrderIdOf(a.order.legacyId),
    });
    await sendDueMail(sender());
    const url = linkInMail();
    const page = await (await fetch(url)).text();
    expect(page).toContain(a.order.name);
    expect(page).not.toContain(b.order.name);
    await post(url, NL_FIXED);
    expect(h.shopify.control.getOrder(a.order.id)!.shippingAddress).toMatchObject({
      zip: "1015 CJ",
    });
    expect(h.shopify.control.getOrder(b.order.id)!.shippingAddress).toMatchObject({ zip: "98" });
    const [stillStopped] = await printOrdersOf(b.order.legacyId);
    expect(stillStopped!.status).toBe("needs_attention");
  });

  it("says the address can no longer be changed once the merchant fixed it and the order was paid", async () => {
    const { order } = await stoppedOrder({ zip: "66" });
    await sendAddressLink(links(), {
      shop: SHOP,
      shopOrderId: await shopOrderIdOf(order.legacyId),
    });
    await sendDueMail(sender());
    const url = linkInMail();
    // Meanwhile the merchant corrects it in Shopify and retries: the order is paid.
    await h.shopify.control.updateShippingAddress(order.id, { zip: "1015 CJ" });
    const [stopped] = await printOrdersOf(order.legacyId);
    await retryPrintOrder(printOrderCommandStore, { shop: SHOP, id: stopped!.id });
    await settle(h.worker());
    const [paid] = await printOrdersOf(order.legacyId);
    expect(paid!.status).toBe("paid");
    const page = await fetch(url);
    expect(page.status).toBe(410);
    const text = await page.text();
    expect(text).toContain("The address can no longer be changed here");
    expect(text).not.toContain("Keizersgracht");
    expect((await post(url, NL_FIXED)).status).toBe(410);
  });

  it("keeps the link when Shopify refuses the address, so the customer can try again", async () => {
    const { order } = await stoppedOrder({ zip: "7" });
    await sendAddressLink(links(), {
      shop: SHOP,
      shopOrderId: await shopOrderIdOf(order.legacyId),
    });
    await sendDueMail(sender());
    const url = linkInMail();
    h.shopify.control.injectFault({
      target: "graphql",
      mutation: "orderUpdate",
      userErrors: [{ field: ["shippingAddress"], message: "Address is not valid." }],
    });
    const refused = await (await post(url, NL_FIXED)).text();
    expect(refused).toContain(
      "Your address was not saved: Address is not valid. Please try again.",
    );
    const [waiting] = await printOrdersOf(order.legacyId);
    expect(waiting!.status).toBe("needs_attention");
    expect(await (await post(url, NL_FIXED)).text()).toContain("Thank you: the address is saved");
  });
});

describe("when links go out", () => {
  it("sends none on its own when the merchant turned it off, nor for a paid order", async () => {
    await prisma.shop.updateMany({ where: { shop: SHOP }, data: { customerAddressLinks: "off" } });
    const { order } = await stoppedOrder({ zip: "12" });
    expect(await queueAutomaticAddressLinks(links())).toEqual({ queued: 0 });
    // The merchant still can, from the order page; turned on again, the round then sends none
    // of its own (it would replace the merchant's link).
    const shopOrderId = await shopOrderIdOf(order.legacyId);
    expect(await sendAddressLink(links(), { shop: SHOP, shopOrderId })).toMatchObject({ ok: true });
    await prisma.shop.updateMany({
      where: { shop: SHOP },
      data: { customerAddressLinks: "stopped" },
    });
    await queueAutomaticAddressLinks(links());
    expect(await prisma.addressLink.findMany({ where: { shopOrderId } })).toEqual([
      expect.objectContaining({ reason: "merchant", replacedAt: null }),
    ]);

    // A paid order: the print service ships to the address it has.
    const { order: paid } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
    await settle(h.worker());
    expect(
      await sendAddressLink(links(), {
        shop: SHOP,
        shopOrderId: await shopOrderIdOf(paid.legacyId),
      }),
    ).toEqual({
      ok: false,
      message: "The print service has been paid for this order: it ships to the address it has.",
    });
  });
});

describe("an order already at the print service, and held orders", () => {
  it("sends the corrected address to the print service before it is paid", async () => {
    // A personalised notebook: created at the print service, waiting for the customer's file.
    const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.notebook.variantId }]);
    await settle(h.worker());
    const [waiting] = await printOrdersOf(order.legacyId);
    expect(waiting!.status).toBe("awaiting_files");
    expect(h.sandbox.control.order(waiting!.printOrderId!)!.state).toBe("OPEN");
    await sendAddressLink(links(), {
      shop: SHOP,
      shopOrderId: await shopOrderIdOf(order.legacyId),
    });
    await sendDueMail(sender());
    const url = linkInMail();
    const saved = await post(url, { ...NL_FIXED, address1: "Prinsengracht 263" });
    expect(await saved.text()).toContain("It will be printed and sent to this address.");
    const [pending] = await printOrdersOf(order.legacyId);
    expect(pending!.addressPending).toBe(true);
    expect(pending!.events.at(-1)).toMatchObject({
      type: "address_corrected",
      message:
        "The customer corrected the shipping address (changed: street and house number); sending it to the print service.",
    });
    // The file arrives; before paying, the worker sends the new address.
    const line = h.shopify.control.getOrder(order.id)!.lineItems[0]!;
    await h.shopify.control.setLineItemProperty(
      order.id,
      line.id,
      "Print file",
      "https://files.example.com/anna-notebook.pdf",
      { topics: ["orders/updated"] },
    );
    await settle(h.worker());
    const [paid] = await printOrdersOf(order.legacyId);
    expect(paid!.status).toBe("paid");
    expect(h.sandbox.control.order(paid!.printOrderId!)!.shippingAddress).toMatchObject({
      addressLine1: "Prinsengracht 263",
    });
    expect(
      h.sandbox.control.requests({ op: "order.address" }).filter((r) => r.status === 200),
    ).toHaveLength(1);
  });

  it("with the shop's choice, every held order's customer can check the address once", async () => {
    await prisma.shop.updateMany({ where: { shop: SHOP }, data: { customerAddressLinks: "held" } });
    await h.settings({ routingMode: "hold", holdHours: 24 });
    try {
      const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }], {
        email: "held@example.com",
      });
      await settle(h.worker());
      const [held] = await printOrdersOf(order.legacyId);
      expect(held!.status).toBe("held");
      await queueAutomaticAddressLinks(links());
      await queueAutomaticAddressLinks(links());
      await sendDueMail(sender());
      const toHeld = mail.messages().filter((m) => m.to.includes("held@example.com"));
      expect(toHeld).toHaveLength(1);
      expect(toHeld[0]!.subject).toBe(
        `Please check the shipping address of your order ${order.name}`,
      );
      expect(toHeld[0]!.text).toContain("It goes to print on");
      // Confirmed as it was: the order stays held until its time.
      mail.clear();
      const url = /https?:\/\/\S+\/address\/[A-Za-z0-9_-]{43}/.exec(toHeld[0]!.text)![0];
      const saved = await post(url, NL_FIXED);
      expect(await saved.text()).toContain("Thank you: the address is saved");
      const [still] = await printOrdersOf(order.legacyId);
      expect(still!.status).toBe("held");
      expect(still!.events.at(-1)?.message).toBe(
        "The customer corrected the shipping address (confirmed as it was).",
      );
    } finally {
      await h.settings({ routingMode: "immediate", holdHours: 0 });
    }
  });
});
