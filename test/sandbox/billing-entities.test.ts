import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/index";
import { KEY, client, start, type Json } from "./helpers";

let sb: Sandbox;
let api: ReturnType<typeof client>;
beforeEach(async () => {
  sb = await start();
  api = client(sb);
});
afterEach(() => sb.close());

const entity = (companyName: string, extra: Record<string, unknown> = {}): Json => ({
  apiKey: KEY,
  companyName,
  countryCode: "NL",
  ...extra,
});

const send = (method: string, path: string, body?: unknown) =>
  fetch(`${sb.jsonBaseUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe("billing entities: create and list only, as the interface documents", () => {
  it("lists what was created as a tree under its parent", async () => {
    const parent = await api.post("/billing-entity", entity("Atelier Noord BV"));
    expect(parent.status).toBe(201);
    const child = await api.post(
      "/billing-entity",
      entity("Atelier Noord Studio", { parentEntityId: parent.body.id }),
    );
    expect(child.status).toBe(201);
    const list = await api.get("/billing-entity", { merchantApiKey: KEY });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: parent.body.id,
        companyName: "Atelier Noord BV",
        parentId: null,
        subEntities: [
          {
            id: child.body.id,
            companyName: "Atelier Noord Studio",
            parentId: parent.body.id,
            subEntities: null,
          },
        ],
      },
    ]);
  });

  it("refuses to change or delete a billing entity, and keeps it as it was", async () => {
    const created = await api.post("/billing-entity", entity("Atelier Noord BV"));
    const id = created.body.id as number;
    const attempts: [string, string, unknown, number][] = [
      ["PUT", "/billing-entity", entity("Renamed BV", { id }), 405],
      ["PATCH", "/billing-entity", entity("Renamed BV", { id }), 405],
      ["DELETE", "/billing-entity", undefined, 405],
      ["PUT", `/billing-entity/${id}`, entity("Renamed BV"), 404],
      ["DELETE", `/billing-entity/${id}`, undefined, 404],
      ["POST", "/billing-entity/update", entity("Renamed BV", { id }), 404],
      ["POST", "/billing-entity/delete", { apiKey: KEY, id }, 404],
    ];
    for (const [method, path, body, status] of attempts) {
      const r = await send(method, path, body);
      expect(r.status, `${method} ${path}`).toBe(status);
      expect(await r.json(), `${method} ${path}`).toMatchObject({ details: expect.any(String) });
    }
    const list = await api.get("/billing-entity", { merchantApiKey: KEY });
    expect(list.body).toEqual([
      { id, companyName: "Atelier Noord BV", parentId: null, subEntities: null },
    ]);
  });
});
