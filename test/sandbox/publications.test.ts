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

describe("POST /publication/create names what the listing sells", () => {
  it("refuses a listing that names neither an offering nor a category", async () => {
    const r = await api.post("/publication/create", request({}));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      custom_code: "INVALID_DATA",
      details: expect.stringContaining("order.product.offeringId"),
    });
  });

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
