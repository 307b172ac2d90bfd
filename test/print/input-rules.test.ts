/**
 * The SDK refuses, before sending, the values the print service refuses (PrintInputError, no
 * request reaches the sandbox), and its rules agree with the sandbox's (sandbox/validation.ts).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../sandbox/index";
import * as sandboxRules from "../../sandbox/validation";
import * as sdkRules from "~/services/print/input-rules";
import {
  PrintInputError,
  createPrintClient,
  type OrderCreateParams,
  type PrintClient,
} from "~/services/print";

let sandbox: Sandbox;
let client: PrintClient;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 7 });
  client = createPrintClient({
    environment: "sandbox",
    baseUrl: sandbox.url,
    merchantApiKey: "sandbox-merchant-key",
    secretKey: "sandbox-secret-key",
    applicationApiKey: "sandbox-application-key",
    buttonKey: "sandbox-button-key",
    timeoutMs: 5_000,
    retry: { maxAttempts: 1 },
  });
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.control.reset());

const address = {
  emailAddress: "ada@example.com",
  shippingAddress: {
    firstName: "Ada",
    lastName: "Lovelace",
    addressLine1: "Keizersgracht 1",
    zipCode: "1015AA",
    city: "Amsterdam",
    countryCode: "NL",
  },
};
const files = {
  contentUrl: "https://files.example.com/book.pdf",
  contentWidth: 210,
  contentHeight: 297,
  numberOfPages: 48,
};
const order = (
  change: { files?: object; address?: object; shipping?: object } = {},
): OrderCreateParams => ({
  orderReference: "ref-1",
  currency: "EUR",
  items: [
    {
      itemReference: "line-1",
      offeringId: 228478,
      quantity: 1,
      files: { ...files, ...change.files },
    },
  ],
  address: {
    ...address,
    ...change.address,
    shippingAddress: { ...address.shippingAddress, ...change.shipping },
  },
});
const publication = (change: { locale?: string; src?: string; thumbnail?: string } = {}) => ({
  selection: { kind: "offering" as const, offeringId: 228478 },
  currency: "EUR",
  locale: change.locale ?? "en",
  order: {
    reference: "pub-1",
    product: {
      title: "A book",
      source: {
        file: {
          src: change.src ?? "https://files.example.com/book.pdf",
          pages: 48,
          dimensions: { height: 297, width: 210 },
        },
      },
      thumbnail: { src: change.thumbnail ?? "https://files.example.com/cover.jpg" },
    },
  },
});
const legacyAddress = {
  addressLine1: "Keizersgracht 1",
  zipCode: "1015AA",
  city: "Amsterdam",
  countryCode: "NL",
};

// [what, the call, the parameter path the refusal names]
const refused: [string, (c: PrintClient) => Promise<unknown>, string][] = [
  [
    "order: content URL that is not a URL",
    (c) => c.orders.create(order({ files: { contentUrl: "book.pdf" } })),
    "items.0.files.contentUrl",
  ],
  [
    "order: content URL with another scheme",
    (c) => c.orders.create(order({ files: { contentUrl: "ftp://files.example.com/book.pdf" } })),
    "items.0.files.contentUrl",
  ],
  [
    "order: javascript: cover URL",
    (c) => c.orders.create(order({ files: { coverUrl: "javascript:alert(1)" } })),
    "items.0.files.coverUrl",
  ],
  [
    "order: custom spine that is not a URL",
    (c) => c.orders.create(order({ files: { spine: { kind: "custom", url: "spine.pdf" } } })),
    "items.0.files.spine.url",
  ],
  [
    "order: email without a domain",
    (c) => c.orders.create(order({ address: { emailAddress: "ada@example" } })),
    "address.emailAddress",
  ],
  [
    "order: unknown country code",
    (c) => c.orders.create(order({ shipping: { countryCode: "XX" } })),
    "address.shippingAddress.countryCode",
  ],
  [
    "order: UK is not an ISO code",
    (c) => c.orders.create(order({ shipping: { countryCode: "UK" } })),
    "address.shippingAddress.countryCode",
  ],
  [
    "address: email that is not an email",
    (c) =>
      c.orders.address({ orderId: 1, address: { ...address, emailAddress: "ada at example.com" } }),
    "address.emailAddress",
  ],
  [
    "files: no content URL",
    (c) =>
      c.orders.files({
        orderId: 1,
        files: { contentWidth: 210, contentHeight: 297, numberOfPages: 48 } as typeof files,
      }),
    "files.contentUrl",
  ],
  [
    "quote: unknown country code",
    (c) =>
      c.quotes.create({
        countryCode: "ZZ",
        currency: "EUR",
        items: [{ offeringId: 228478, numberOfPages: 48, quantity: 1 }],
      }),
    "countryCode",
  ],
  [
    "publication: source that is not a URL",
    (c) => c.publications.create(publication({ src: "book.pdf" })),
    "order.product.source.file.src",
  ],
  [
    "publication: thumbnail that is not a URL",
    (c) => c.publications.create(publication({ thumbnail: "data:image/png;base64,AA" })),
    "order.product.thumbnail.src",
  ],
  [
    "publication: locale that is not a language code",
    (c) => c.publications.create(publication({ locale: "English" })),
    "locale",
  ],
  [
    "billing entity: email that is not an email",
    (c) => c.billingEntities.create({ companyName: "ACME", emailAddresses: ["billing"] }),
    "emailAddresses.0",
  ],
  [
    "billing entity: unknown country code",
    (c) => c.billingEntities.create({ companyName: "ACME", countryCode: "QQ" }),
    "countryCode",
  ],
  [
    "legacy order: email that is not an email",
    (c) => c.legacy.createOrder({ offeringId: 228478, emailAddress: "nope" }),
    "emailAddress",
  ],
  [
    "legacy order: locale that is not a language code",
    (c) => c.legacy.createOrder({ offeringId: 228478, locale: "en us" }),
    "locale",
  ],
  [
    "legacy checkout URL order: source that is not a URL",
    (c) =>
      c.legacy.createOrderFromCheckoutUrl({
        offeringId: 228478,
        numberOfPages: 48,
        sourceUrl: "file:///tmp/book.pdf",
        sourceWidth: 210,
        sourceHeight: 297,
      }),
    "sourceUrl",
  ],
  [
    "legacy order details: email that is not an email",
    (c) =>
      c.legacy.setOrderDetails({
        externalOrderId: "ABC",
        shippingAddress: legacyAddress,
        emailAddress: "ada@",
        quantity: 1,
      }),
    "emailAddress",
  ],
  [
    "legacy order details: unknown country code",
    (c) =>
      c.legacy.setOrderDetails({
        externalOrderId: "ABC",
        shippingAddress: { ...legacyAddress, countryCode: "XX" },
        emailAddress: "ada@example.com",
        quantity: 1,
      }),
    "shippingAddress.countryCode",
  ],
];

describe("the client refuses before sending", () => {
  it.each(refused)("%s", async (_, call, path) => {
    const error = await call(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrintInputError);
    expect((error as PrintInputError).issues.join("\n")).toContain(`${path}:`);
    expect(sandbox.control.requests()).toEqual([]);
  });

  it("sends the values the cases start from, and the sandbox takes them", async () => {
    const created = await client.orders.create(order());
    expect(created.orderId).toBeGreaterThan(0);
    expect(await client.publications.create(publication())).toMatchObject({ kind: "public" });
    expect(
      await client.billingEntities.create({
        companyName: "ACME",
        countryCode: "nl",
        emailAddresses: ["billing@example.com"],
      }),
    ).toMatchObject({ id: expect.any(Number) });
    const legacy = await client.legacy.createOrder({
      offeringId: 228478,
      emailAddress: "ada@example.com",
      locale: "nl_NL",
    });
    await client.legacy.setOrderDetails({
      externalOrderId: legacy.externalOrderId,
      shippingAddress: legacyAddress,
      emailAddress: "ada@example.com",
      quantity: 1,
    });
    expect(sandbox.control.requests().map((r) => [r.op, r.status])).toEqual([
      ["order.create", 201],
      ["publication.create", 200],
      ["billingEntity.create", 201],
      ["legacy.order.create", 200],
      ["legacy.order.details", 200],
    ]);
  });
});

describe("the SDK and the sandbox apply the same value rules", () => {
  it("know the same country codes", () => {
    expect([...sdkRules.COUNTRY_CODES].sort()).toEqual([...sandboxRules.COUNTRY_CODES].sort());
    expect(sdkRules.COUNTRY_CODES.size).toBe(250);
  });

  it.each([
    "https://files.example.com/book.pdf",
    "http://127.0.0.1:4010/__sandbox/upload/a.pdf",
    "HTTPS://FILES.EXAMPLE.COM/A.PDF",
    "https://files.example.com/a b.pdf",
    "https://",
    "https:files.example.com/book.pdf",
    "//files.example.com/book.pdf",
    "ftp://files.example.com/book.pdf",
    "javascript:alert(1)",
    " https://files.example.com/book.pdf",
    "https://files.example.com/book.pdf\n",
    "book.pdf",
  ])("URL %j", (v) => {
    expect(sdkRules.isHttpUrl(v)).toBe(sandboxRules.isHttpUrl(v));
  });

  it.each([
    "ada@example.com",
    "ada.lovelace+print@mail.example.co.uk",
    "josé@exämple.de",
    "ada@example",
    "ada@@example.com",
    "ada lovelace@example.com",
    "@example.com",
    "ada@-example.com",
    `${"a".repeat(250)}@example.com`,
  ])("email %j", (v) => {
    expect(sdkRules.isEmail(v)).toBe(sandboxRules.isEmail(v));
  });

  it("read the same URLs, emails and locales as valid", () => {
    expect(
      ["https://files.example.com/a.pdf", "ftp://x.example/a"].map(sdkRules.isHttpUrl),
    ).toEqual([true, false]);
    expect(["ada@example.com", "ada@example"].map(sdkRules.isEmail)).toEqual([true, false]);
    expect(sdkRules.LOCALE_PATTERN.source).toBe(sandboxRules.LOCALE_PATTERN.source);
    expect(sdkRules.EMAIL_PATTERN.source).toBe(sandboxRules.EMAIL_PATTERN.source);
  });
});
