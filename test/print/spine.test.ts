/**
 * offerings.spine and orders.spine against the sandbox over HTTP: the sizes, the refusals as the
 * SDK's usual errors, retries of the GETs, and the input the SDK refuses before sending.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../sandbox/index";
import {
  PrintApiError,
  PrintInputError,
  PrintResponseShapeError,
  createPrintClient,
  isNoSpine,
  type PrintClient,
} from "~/services/print";
import { fakeTime, startServer, type TestServer } from "./helpers";

const KEYS = { merchantApiKey: "sandbox-merchant-key", secretKey: "sandbox-secret-key" };
const HARDCOVER_A4 = 228478;
const MAGAZINE_A4 = 228520;
const ART_PRINT = 228550;
const NOTEBOOK = 228570;

let sandbox: Sandbox;
let time: ReturnType<typeof fakeTime>;
let client: PrintClient;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 7 });
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.control.reset();
  time = fakeTime();
  client = createPrintClient({
    environment: "sandbox",
    baseUrl: sandbox.url,
    ...KEYS,
    timeoutMs: 5_000,
    retry: { sleep: time.sleep, now: time.now, random: time.random },
  });
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe("offerings.spine", () => {
  it("returns the spine and full cover size of a book in millimetres", async () => {
    expect(await client.offerings.spine({ offeringId: HARDCOVER_A4, numberOfPages: 100 })).toEqual({
      spineWidthMm: 10,
      coverWidthMm: 460,
      coverHeightMm: 327,
      bleedMm: 15,
    });
    expect(await client.offerings.spine({ offeringId: MAGAZINE_A4, numberOfPages: 48 })).toEqual({
      spineWidthMm: 2.7,
      coverWidthMm: 428.7,
      coverHeightMm: 303,
      bleedMm: 3,
    });
  });

  it("throws a validation PrintApiError for an offering without a spine, which isNoSpine names", async () => {
    for (const [offeringId, numberOfPages] of [
      [ART_PRINT, 1],
      [NOTEBOOK, 120],
    ] as const) {
      const error = await rejection(client.offerings.spine({ offeringId, numberOfPages }));
      expect(error).toBeInstanceOf(PrintApiError);
      expect(error).toMatchObject({ status: 400, customCode: "INVALID_DATA", kind: "validation" });
      expect((error as PrintApiError).details).toBe(`Offering ${offeringId} has no spine`);
      expect(isNoSpine(error)).toBe(true);
    }
  });

  it("throws the service's refusals for unknown offerings and pages outside the range", async () => {
    const unknown = await rejection(
      client.offerings.spine({ offeringId: 999999, numberOfPages: 24 }),
    );
    expect(unknown).toMatchObject({ status: 404, customCode: "OFF_NOT_FOUND", kind: "not_found" });
    expect(isNoSpine(unknown)).toBe(false);
    const tooMany = await rejection(
      client.offerings.spine({ offeringId: HARDCOVER_A4, numberOfPages: 802 }),
    );
    expect(tooMany).toMatchObject({ status: 400, customCode: "OFF_MIN" });
    expect(isNoSpine(tooMany)).toBe(false);
  });

  it("refuses bad parameters before sending anything", async () => {
    const before = sandbox.control.requests({ limit: 10_000 }).length;
    for (const params of [
      { offeringId: HARDCOVER_A4, numberOfPages: 0 },
      { offeringId: HARDCOVER_A4, numberOfPages: 24.5 },
      { offeringId: -1, numberOfPages: 24 },
    ]) {
      const error = await rejection(client.offerings.spine(params));
      expect(error).toBeInstanceOf(PrintInputError);
    }
    expect(sandbox.control.requests({ limit: 10_000 }).length).toBe(before);
  });

  it("retries a GET the service failed with 503", async () => {
    sandbox.control.addFaultRule({
      op: "offering.spine",
      errorRate: 1,
      errorStatus: 503,
      times: 2,
    });
    const spine = await client.offerings.spine({ offeringId: HARDCOVER_A4, numberOfPages: 24 });
    // 12 leaves x 0.12 + 4 = 5.44 -> 5.4 mm.
    expect(spine.spineWidthMm).toBe(5.4);
    expect(sandbox.control.requests({ op: "offering.spine" })).toHaveLength(3);
  });
});

describe("orders.spine", () => {
  let orders = 0;
  async function createBookOrder(): Promise<number> {
    const { orderId } = await client.orders.create({
      orderReference: `spine-${++orders}`,
      currency: "EUR",
      items: [
        {
          itemReference: "book-1",
          offeringId: HARDCOVER_A4,
          quantity: 1,
          files: {
            contentUrl: "https://files.example.com/book.pdf",
            contentWidth: 210,
            contentHeight: 297,
            numberOfPages: 100,
          },
        },
      ],
    });
    return orderId;
  }

  it("returns the size of an ordered item", async () => {
    const orderId = await createBookOrder();
    expect(await client.orders.spine({ orderId, itemReference: "book-1" })).toEqual({
      spineWidthMm: 10,
      coverWidthMm: 460,
      coverHeightMm: 327,
      bleedMm: 15,
    });
  });

  it("throws SPINE_ORDER_NOT_FOUND (not_found) for an unknown order or item", async () => {
    const orderId = await createBookOrder();
    for (const params of [
      { orderId: 987654321, itemReference: "book-1" },
      { orderId, itemReference: "book-2" },
    ]) {
      const error = await rejection(client.orders.spine(params));
      expect(error).toMatchObject({
        status: 404,
        customCode: "SPINE_ORDER_NOT_FOUND",
        kind: "not_found",
      });
    }
  });

  it("refuses an empty item reference before sending", async () => {
    const error = await rejection(client.orders.spine({ orderId: 1, itemReference: "  " }));
    expect(error).toBeInstanceOf(PrintInputError);
  });
});

describe("the assumed answer shape", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it("sends the documented query, reads numeric text, and refuses another unit", async () => {
    const stub = createPrintClient({
      environment: "custom",
      baseUrl: server.url,
      ...KEYS,
      retry: { maxAttempts: 1 },
    });
    server.on(
      "GET /rest/v3/offering/spine",
      () => ({
        body: { spineWidth: "8.6", coverWidth: "438.6", coverHeight: 303, bleed: "3", unit: "MM" },
      }),
      () => ({
        body: { spineWidth: 0.34, coverWidth: 17.3, coverHeight: 11.9, bleed: 0.12, unit: "in" },
      }),
    );
    expect(await stub.offerings.spine({ offeringId: 5, numberOfPages: 40 })).toEqual({
      spineWidthMm: 8.6,
      coverWidthMm: 438.6,
      coverHeightMm: 303,
      bleedMm: 3,
    });
    const sent = server.requests.at(-1)!;
    expect(Object.fromEntries(sent.query)).toEqual({
      merchantApiKey: KEYS.merchantApiKey,
      offeringId: "5",
      numberOfPages: "40",
    });
    const error = await rejection(stub.offerings.spine({ offeringId: 5, numberOfPages: 40 }));
    expect(error).toBeInstanceOf(PrintResponseShapeError);
  });
});
