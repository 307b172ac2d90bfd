// GET /offering/spine and GET /order/spine over HTTP: the rule of sandbox/catalogue/spine.ts
// (README "Spine and cover"), worked out by hand here, and what the two operations refuse.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/index";
import { caliperOf } from "../../sandbox/catalogue";
import { KEY, OFF, client, createOrder, files, start } from "./helpers";

let sb: Sandbox;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  sb = await start();
  api = client(sb);
});
afterAll(() => sb.close());

const offeringSpine = (query: Record<string, string | number>) =>
  api.get("/offering/spine", { merchantApiKey: KEY, ...query });

describe("GET /offering/spine", () => {
  it("measures a hardcover: 50 leaves of 0.12 mm silk + 4 mm boards, cover with a 15 mm wrap", async () => {
    const r = await offeringSpine({ offeringId: OFF.hardcoverA4, numberOfPages: 100 });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({
      offeringId: OFF.hardcoverA4,
      numberOfPages: 100,
      spineWidth: 10,
      // 210 back + 10 spine + 210 front + 2 x 15 wrap; 297 + 2 x 15.
      coverWidth: 460,
      coverHeight: 327,
      bleed: 15,
      unit: "mm",
      binding: "hardcover",
    });
  });

  it("measures a softcover with an odd page count: the last leaf counts whole", async () => {
    // ceil(33 / 2) = 17 leaves x 0.11 mm (uncoated 90 gsm) + 0.5 mm glue = 2.37 -> 2.4 mm.
    const r = await offeringSpine({ offeringId: OFF.softcoverA5, numberOfPages: 33 });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      spineWidth: 2.4,
      coverWidth: 148 + 2.4 + 148 + 6,
      coverHeight: 216,
      bleed: 3,
    });
  });

  it("measures a perfect-bound magazine and rounds to a tenth of a millimetre", async () => {
    // 24 leaves x 0.09 mm (gloss 115 gsm) + 0.5 = 2.66 -> 2.7 mm; 420 + 2.7 + 6 = 428.7.
    const r = await offeringSpine({ offeringId: OFF.magazine, numberOfPages: 48 });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ spineWidth: 2.7, coverWidth: 428.7, coverHeight: 303 });
  });

  it("refuses offerings without a spine with 400 INVALID_DATA", async () => {
    for (const [offeringId, numberOfPages] of [
      [OFF.artPrint, 1],
      [OFF.notebook, 120],
      [OFF.calendar, 13],
      [OFF.digital, 50],
    ] as const) {
      const r = await offeringSpine({ offeringId, numberOfPages });
      expect(r.status, r.text).toBe(400);
      expect(r.body.custom_code).toBe("INVALID_DATA");
      expect(r.body.details).toBe(`Offering ${offeringId} has no spine`);
    }
  });

  it("refuses an unknown offering (404 OFF_NOT_FOUND) and pages outside its range (400 OFF_MIN)", async () => {
    const unknown = await offeringSpine({ offeringId: 999999, numberOfPages: 24 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.custom_code).toBe("OFF_NOT_FOUND");
    for (const pages of [22, 801]) {
      const r = await offeringSpine({ offeringId: OFF.hardcoverA4, numberOfPages: pages });
      expect(r.status, r.text).toBe(400);
      expect(r.body.custom_code).toBe("OFF_MIN");
      expect(r.body.details).toContain(`Number of pages ${pages} is outside 24..800`);
    }
  });

  it("refuses missing and malformed fields with the field named", async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ numberOfPages: 24 }, "offeringId"],
      [{ offeringId: "abc", numberOfPages: 24 }, "offeringId"],
      [{ offeringId: OFF.hardcoverA4 }, "numberOfPages"],
      [{ offeringId: OFF.hardcoverA4, numberOfPages: 0 }, "numberOfPages"],
      [{ offeringId: OFF.hardcoverA4, numberOfPages: "24.5" }, "numberOfPages"],
    ];
    for (const [query, field] of cases) {
      const r = await offeringSpine(query);
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(r.body.custom_code).toBe("INVALID_DATA");
      expect(r.body.details).toContain(`field ${field}`);
    }
    const noKey = await api.get("/offering/spine", {
      offeringId: OFF.hardcoverA4,
      numberOfPages: 24,
    });
    expect(noKey.status).toBe(400);
    expect(noKey.body.details).toContain("merchantApiKey");
  });
});

describe("GET /order/spine", () => {
  it("measures an ordered item at its file's page count", async () => {
    const orderId = await createOrder(sb);
    const r = await api.get("/order/spine", {
      merchantApiKey: KEY,
      orderId,
      itemReference: "line-1",
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      orderId,
      itemReference: "line-1",
      offeringId: OFF.hardcoverA4,
      numberOfPages: 100,
      spineWidth: 10,
      coverWidth: 460,
      coverHeight: 327,
      bleed: 15,
    });
  });

  it("measures a dynamic-size item at the size it was ordered in", async () => {
    const orderId = await createOrder(sb, {
      item_details: [
        {
          item_reference: "custom",
          offering_id: OFF.softcoverCustom,
          quantity: 1,
          file_details: { ...files(100), content_width: 200, content_height: 250 },
        },
      ],
    });
    const r = await api.get("/order/spine", {
      merchantApiKey: KEY,
      orderId,
      itemReference: "custom",
    });
    expect(r.status, r.text).toBe(200);
    // 50 x 0.11 + 0.5 = 6 mm; 200 + 6 + 200 + 6 by 250 + 6.
    expect(r.body).toMatchObject({ spineWidth: 6, coverWidth: 412, coverHeight: 256 });
  });

  it("answers 404 SPINE_ORDER_NOT_FOUND for an unknown order or item", async () => {
    const orderId = await createOrder(sb);
    for (const query of [
      { orderId: 987654321, itemReference: "line-1" },
      { orderId, itemReference: "line-9" },
    ]) {
      const r = await api.get("/order/spine", { merchantApiKey: KEY, ...query });
      expect(r.status, r.text).toBe(404);
      expect(r.body.custom_code).toBe("SPINE_ORDER_NOT_FOUND");
    }
  });

  it("refuses an item without a spine and missing fields", async () => {
    const orderId = await createOrder(sb, {
      item_details: [
        {
          item_reference: "poster",
          offering_id: OFF.artPrint,
          quantity: 1,
          file_details: { ...files(1), content_width: 300, content_height: 400 },
        },
      ],
    });
    const art = await api.get("/order/spine", {
      merchantApiKey: KEY,
      orderId,
      itemReference: "poster",
    });
    expect(art.status, art.text).toBe(400);
    expect(art.body).toMatchObject({
      custom_code: "INVALID_DATA",
      details: `Offering ${OFF.artPrint} has no spine`,
    });
    for (const [query, field] of [
      [{ itemReference: "poster" }, "orderId"],
      [{ orderId }, "itemReference"],
    ] as const) {
      const r = await api.get("/order/spine", { merchantApiKey: KEY, ...query });
      expect(r.status).toBe(400);
      expect(r.body.custom_code).toBe("INVALID_DATA");
      expect(r.body.details).toContain(`field ${field}`);
    }
  });
});

describe("paper caliper", () => {
  it("reads papers outside the table by their weight, coated thinner than uncoated", () => {
    expect(caliperOf("Silk 150gsm")).toBe(0.12);
    expect(caliperOf("Matt 170gsm")).toBe(0.14); // 170 x 0.0008 = 0.136
    expect(caliperOf("Uncoated 120gsm")).toBe(0.15); // 120 x 0.00125
    expect(caliperOf("Cream 60lb")).toBe(0.11); // 60 lb = 88.8 gsm x 0.00125
    expect(caliperOf("None")).toBe(0.1);
  });
});
