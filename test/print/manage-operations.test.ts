/**
 * Billing entities and publications offer only what the interface documents: create and
 * list for billing entities, create for publications. Nothing here may invent an update or a
 * delete on the wire; the admin hides things locally instead.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrintClient } from "~/services/print";
import { BillingEntities } from "~/services/print/resources/billing-entities";
import { Publications } from "~/services/print/resources/publications";
import { JSON_ROUTES } from "../../sandbox/json-api/index";
import { startSandbox, type Sandbox } from "../../sandbox/index";

const methodsOf = (cls: { prototype: object }) =>
  Object.getOwnPropertyNames(cls.prototype)
    .filter((n) => n !== "constructor")
    .sort();

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 7 });
});
afterAll(() => sandbox.close());

describe("operations on billing entities and publications", () => {
  it("the client offers create and list for billing entities and create for publications", () => {
    expect(methodsOf(BillingEntities)).toEqual(["create", "list"]);
    expect(methodsOf(Publications)).toEqual(["create"]);
  });

  it("the sandbox routes exactly the documented ones", () => {
    const routes = JSON_ROUTES.filter(
      ([, path]) => path.startsWith("/billing-entity") || path.startsWith("/publication"),
    ).map(([method, path]) => `${method} ${path}`);
    expect(routes.sort()).toEqual([
      "GET /billing-entity",
      "POST /billing-entity",
      "POST /publication/create",
    ]);
  });

  it("a billing entity the client creates is in the list it reads back, with its parent", async () => {
    const client = createPrintClient({
      environment: "sandbox",
      baseUrl: sandbox.url,
      merchantApiKey: "sandbox-merchant-key",
      secretKey: "sandbox-secret-key",
      timeoutMs: 5_000,
    });
    const parent = await client.billingEntities.create({
      companyName: "Atelier Noord BV",
      countryCode: "NL",
      zipCode: "1015 CJ",
      vatNumber: "NL123456789B01",
      emailAddresses: ["invoices@atelier.example"],
    });
    const child = await client.billingEntities.create({
      companyName: "Atelier Noord Studio",
      parentEntityId: parent.id,
    });
    const roots = await client.billingEntities.list();
    expect(roots).toContainEqual({
      id: parent.id,
      companyName: "Atelier Noord BV",
      parentId: undefined,
      subEntities: [
        { id: child.id, companyName: "Atelier Noord Studio", parentId: parent.id, subEntities: [] },
      ],
    });
  });
});
