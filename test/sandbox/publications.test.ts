import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/index";
import { KEY, OFF, client, start, type Json } from "./helpers";

let sb: Sandbox;
let api: ReturnType<typeof client>;
beforeEach(async () => {
  sb = await start();
  api = client(sb);
});
afterEach(() => sb.close());

const request = (product: Record<string, unknown>, pages = 48): Json => ({
  apiKey: KEY,
  currency: "EUR",
  locale: "en",
  order: {
    reference: "pub-choice",
    product: {
      title: "A listing",
      source: {
        file: {
          src: "https://files.example.com/book.pdf",
          pages,
          dimensions: { width: 148, height: 210 },
        },
      },
      ...product,
    },
  },
});

const checkout = async (id: number) => (await fetch(`${sb.checkoutUrl}/print/${id}`)).text();

const HARDCOVER_A4 = "Hardcover book A4 portrait";

describe("POST /publication/create without a named offering (the interface's own request)", () => {
  const bare = (file: Record<string, unknown>): Json => ({
    apiKey: KEY,
    currency: "EUR",
    locale: "en",
    order: {
      reference: "pub-bare",
      product: {
        title: "A listing",
        source: { file: { src: "https://files.example.com/book.pdf", ...file } },
        thumbnail: { src: "https://files.example.com/book.jpg" },
      },
    },
  });

  it.each([
    ["an A4 file of 48 pages: the A4 offering of lowest id", 48, [210, 297], HARDCOVER_A4],
    ["A4 with 3 mm bleed is still A4", 48, [216, 303], HARDCOVER_A4],
    ["an A5 file of 40 pages", 40, [148, 210], "Softcover book A5"],
    ["one page of 30 x 40 cm", 1, [300, 400], "Art print 30x40"],
    [
      "a size no fixed offering has: the custom-size book",
      60,
      [250, 250],
      "Softcover book custom size",
    ],
    [
      "one page larger than any print: the custom-size canvas",
      1,
      [700, 1000],
      "Canvas custom size",
    ],
    ["no size: the lowest id that takes 48 pages", 48, null, HARDCOVER_A4],
    ["1,000 pages only the digital publication takes", 1000, [210, 297], "Digital publication"],
  ] as const)("%s", async (_, pages, size, offeringName) => {
    const dimensions = size ? { width: size[0], height: size[1] } : undefined;
    const r = await api.post("/publication/create", bare({ pages, dimensions }));
    expect(r.status, r.text).toBe(200);
    expect(await checkout(r.body.id)).toContain(offeringName);
  });

  it("refuses a file no offering takes (400 OFF_MIN), and what the service refuses", async () => {
    const tooLong = await api.post(
      "/publication/create",
      bare({ pages: 5000, dimensions: { width: 210, height: 297 } }),
    );
    expect([tooLong.status, tooLong.body.custom_code]).toEqual([400, "OFF_MIN"]);
    const noSource = await api.post("/publication/create", bare({ pages: 48, src: undefined }));
    expect([noSource.status, noSource.body.custom_code]).toEqual([400, "INVALID_DATA"]);
    expect(noSource.body.details).toContain("order.product.source.file.src");
    expect(sb.control.requests({ op: "publication.create" }).map((x) => x.status)).toEqual([
      400, 400,
    ]);
  });
});

describe("POST /publication/create names what the listing sells", () => {
  it("refuses an offering id it does not know", async () => {
    const r = await api.post("/publication/create", request({ offeringId: 999999 }));
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ custom_code: "OFF_NOT_FOUND" });
  });

  it("refuses an unknown category, and an offering together with a category", async () => {
    const unknown = await api.post("/publication/create", request({ categoryCode: "ZZ" }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toContain("order.product.categoryCode");
    const both = await api.post(
      "/publication/create",
      request({ offeringId: OFF.softcoverA5, categoryCode: "BO" }),
    );
    expect(both.status).toBe(400);
    expect(both.body.details).toContain("order.product.categoryCode");
  });

  it("sells the named offering, or the named category", async () => {
    const one = await api.post("/publication/create", request({ offeringId: OFF.softcoverA5 }));
    expect(one.status).toBe(200);
    expect(await checkout(one.body.id)).toContain("Softcover book A5");

    const category = await api.post("/publication/create", request({ categoryCode: "WA" }, 1));
    expect(category.status).toBe(200);
    expect(await checkout(category.body.id)).toContain("Art print 30x40");
  });
});

describe("publications: create only, as the interface documents", () => {
  it("refuses to change or delete a listing, whose checkout keeps selling what it did", async () => {
    const created = await api.post("/publication/create", request({ offeringId: OFF.softcoverA5 }));
    expect(created.status).toBe(200);
    const id = created.body.id as number;
    const send = (method: string, path: string, body?: unknown) =>
      fetch(`${sb.jsonBaseUrl}${path}`, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const attempts: [string, string, unknown, number][] = [
      ["PUT", "/publication/create", request({ offeringId: OFF.hardcoverA4 }), 405],
      ["DELETE", "/publication/create", undefined, 405],
      ["PUT", `/publication/${id}`, request({ offeringId: OFF.hardcoverA4 }), 404],
      ["DELETE", `/publication/${id}`, undefined, 404],
      ["POST", "/publication/update", { ...request({ offeringId: OFF.hardcoverA4 }), id }, 404],
      ["POST", "/publication/delete", { apiKey: KEY, id }, 404],
      ["GET", "/publication/list", undefined, 404],
    ];
    for (const [method, path, body, status] of attempts) {
      const r = await send(method, path, body);
      expect(r.status, `${method} ${path}`).toBe(status);
    }
    const page = await checkout(id);
    expect(page).toContain("Softcover book A5");
    expect(page).not.toContain("Hardcover book A4 portrait");
  });
});
