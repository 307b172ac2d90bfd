// Every request the interface document and the facts file show (test/fixtures/
// print-interface-examples.ts), sent to the sandbox over HTTP as written, in an order that gives
// each the state it acts on: none may be refused as invalid. The sandbox must refuse what the
// service refuses, and never a request shaped exactly as the documents show one.
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { legacyOrderSecret, paymentSecret, type Sandbox } from "../../sandbox/index";
import * as examples from "../fixtures/print-interface-examples";
import type { InterfaceExample } from "../fixtures/print-interface-examples";
import { M, start } from "./helpers";

interface Answer {
  status: number;
  text: string;
  contentType: string;
}

const sent = new Set<InterfaceExample>();

/** Replaces the fixture's placeholders (`{{NAME}}`) as text; refuses to send one left over. */
function fill(text: string, values: Record<string, string | number>): string {
  const out = text.replace(/\{\{([A-Z_]+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
  const left = /\{\{[A-Z_]+\}\}/.exec(out);
  if (left) throw new Error(`placeholder ${left[0]} has no value`);
  return out;
}

type Encoding = "form body" | "query";

async function send(
  sb: Sandbox,
  ex: InterfaceExample,
  values: Record<string, string | number> = {},
  encoding: Encoding = "form body",
): Promise<Answer> {
  sent.add(ex);
  const base = ex.api === "json" ? sb.jsonBaseUrl : sb.legacyBaseUrl;
  const params = new URLSearchParams((ex.params ?? []).map(([k, v]) => [k, fill(v, values)]));
  const init: RequestInit = { method: ex.method };
  let url = `${base}${ex.path}`;
  if (ex.body !== undefined) {
    init.body = fill(ex.body, values);
    init.headers = { "content-type": "application/json" };
  }
  if (ex.method === "POST" && ex.api === "legacy" && encoding === "form body") {
    init.body = params.toString();
    init.headers = { "content-type": "application/x-www-form-urlencoded" };
  } else if (params.size > 0) url += `?${params}`;
  const r = await fetch(url, init);
  return {
    status: r.status,
    text: await r.text(),
    contentType: r.headers.get("content-type") ?? "",
  };
}

/** A success answer: neither a validation refusal (400, 422) nor any other error. */
function expectAccepted(a: Answer, ex: InterfaceExample, status?: number): void {
  const what = `${ex.name}: ${a.status} ${a.text.slice(0, 300)}`;
  expect([400, 422], what).not.toContain(a.status);
  expect(a.status, what).toBe(status ?? 200);
  expect(a.text, what).not.toMatch(/<error>|"custom_code"/);
}

const xml = new XMLParser({ parseTagValue: false });

describe("the JSON interface takes every request the documents show", () => {
  let sb: Sandbox;
  const ids: Record<string, number> = {};
  const order = (name: string) => {
    const id = ids[name];
    if (id === undefined) throw new Error(`order ${name} was not created`);
    return { ORDER_ID: id, PAYMENT_SECRET: paymentSecret(M.secretKey, id) };
  };
  beforeAll(async () => {
    sb = await start();
  });
  afterAll(() => sb.close());

  it("lists categories and offerings and quotes", async () => {
    for (const ex of [examples.JSON_CATEGORIES, examples.JSON_OFFERING_LIST, examples.JSON_QUOTE])
      expectAccepted(await send(sb, ex), ex);
  });

  it("creates a billing entity, a sub-entity, and lists them", async () => {
    const root = await send(sb, examples.JSON_BILLING_ENTITY_CREATE);
    expectAccepted(root, examples.JSON_BILLING_ENTITY_CREATE, 201);
    ids.billingEntity = (JSON.parse(root.text) as { id: number }).id;
    const child = await send(sb, examples.JSON_BILLING_ENTITY_CREATE_CHILD, {
      BILLING_ENTITY_ID: ids.billingEntity,
    });
    expectAccepted(child, examples.JSON_BILLING_ENTITY_CREATE_CHILD, 201);
    expectAccepted(
      await send(sb, examples.JSON_BILLING_ENTITY_LIST),
      examples.JSON_BILLING_ENTITY_LIST,
    );
  });

  it("creates the publication, which names no offering", async () => {
    const r = await send(sb, examples.JSON_PUBLICATION_CREATE);
    expectAccepted(r, examples.JSON_PUBLICATION_CREATE);
    expect(JSON.parse(r.text)).toEqual({ id: expect.any(Number) });
  });

  it("creates orders: files with either spine, the facts' extra fields, and files later", async () => {
    const created: [string, InterfaceExample, Record<string, number>][] = [
      ["dynamic", examples.JSON_ORDER_CREATE_DYNAMIC_SPINE, {}],
      ["custom", examples.JSON_ORDER_CREATE_CUSTOM_SPINE, {}],
      [
        "facts",
        examples.FACTS_ORDER_CREATE,
        { BILLING_ENTITY_ID: ids.billingEntity ?? Number.NaN },
      ],
      ["later", examples.JSON_ORDER_CREATE_FILES_LATER, {}],
    ];
    for (const [name, ex, values] of created) {
      const r = await send(sb, ex, values);
      expectAccepted(r, ex, 201);
      ids[name] = (JSON.parse(r.text) as { order_id: number }).order_id;
    }
  });

  it("changes an unpaid order's address, also with the loose types the facts name", async () => {
    expectAccepted(
      await send(sb, examples.JSON_ORDER_ADDRESS, order("dynamic")),
      examples.JSON_ORDER_ADDRESS,
    );
    expectAccepted(
      await send(sb, examples.FACTS_ORDER_ADDRESS_LOOSE_TYPES, order("later")),
      examples.FACTS_ORDER_ADDRESS_LOOSE_TYPES,
    );
  });

  it("reads an order by its id and reference", async () => {
    const r = await send(sb, examples.JSON_ORDER_DETAILS, order("facts"));
    expectAccepted(r, examples.JSON_ORDER_DETAILS);
    expect(JSON.parse(r.text)).toMatchObject({ order_id: ids.facts });
  });

  it("takes the files request on an order whose item is PENDING_COMPLETION", async () => {
    const r = await send(sb, examples.JSON_ORDER_FILES, order("later"));
    expectAccepted(r, examples.JSON_ORDER_FILES);
    expect([r.text, r.contentType]).toEqual(["OK", expect.stringContaining("text/plain")]);
  });

  it("takes the payment", async () => {
    const r = await send(sb, examples.JSON_ORDER_PAYMENT, order("dynamic"));
    expectAccepted(r, examples.JSON_ORDER_PAYMENT);
    expect(JSON.parse(r.text)).toEqual({ order_state: "PAID" });
  });

  it("answers the files request on a paid order with the state error, not a validation error", async () => {
    const r = await send(sb, examples.JSON_ORDER_FILES, order("dynamic"));
    expect(r.status, r.text).toBe(409);
    expect(JSON.parse(r.text)).toMatchObject({ custom_code: "ORD_FILES_STATE" });
  });
});

describe.each<Encoding>(["form body", "query"])(
  "the legacy interface takes every request the document shows (POST parameters in the %s)",
  (encoding) => {
    let sb: Sandbox;
    let quoteXml = "";
    const ext: Record<string, string> = {};
    const order = (name: string) => {
      const id = ext[name];
      if (id === undefined) throw new Error(`legacy order ${name} was not created`);
      return {
        EXTERNAL_ORDER_ID: id,
        LEGACY_SECRET: legacyOrderSecret(M.secretKey, M.merchantApiKey, id),
        QUOTE_XML: quoteXml,
      };
    };
    beforeAll(async () => {
      sb = await start();
    });
    afterAll(() => sb.close());

    it("lists offerings, reads one by button key and by key pair, and quotes", async () => {
      for (const ex of [
        examples.LEGACY_OFFERING_LIST,
        examples.LEGACY_OFFERING_DETAILS_BUTTON,
        examples.LEGACY_OFFERING_DETAILS_KEYS,
      ])
        expectAccepted(await send(sb, ex, {}, encoding), ex);
      const q = await send(sb, examples.LEGACY_QUOTE, {}, encoding);
      expectAccepted(q, examples.LEGACY_QUOTE);
      quoteXml = q.text;
    });

    it("creates an order, and one from a source document", async () => {
      for (const [name, ex] of [
        ["plain", examples.LEGACY_ORDER],
        ["source", examples.LEGACY_ORDER_FROM_CHECKOUT_URL],
      ] as const) {
        const r = await send(sb, ex, {}, encoding);
        expectAccepted(r, ex);
        ext[name] = String(xml.parse(r.text).order.externalOrderId);
      }
    });

    it("takes the shipping and customer details of both", async () => {
      for (const name of ["plain", "source"]) {
        const r = await send(sb, examples.LEGACY_ORDER_DETAILS, order(name), encoding);
        expectAccepted(r, examples.LEGACY_ORDER_DETAILS);
        expect(r.text).toBe("OK");
      }
    });

    it("marks one paid, and pays the other from the quote", async () => {
      const paid = await send(sb, examples.LEGACY_SET_PAID, order("plain"), encoding);
      expectAccepted(paid, examples.LEGACY_SET_PAID);
      expect(paid.text).toBe("OK");
      const quoted = await send(sb, examples.LEGACY_SET_QUOTE_AND_PAID, order("source"), encoding);
      expectAccepted(quoted, examples.LEGACY_SET_QUOTE_AND_PAID);
      expect(quoted.text).toBe("OK");
    });

    it("reads the status by payment reference", async () => {
      const r = await send(sb, examples.LEGACY_ORDER_STATUS, {}, encoding);
      expectAccepted(r, examples.LEGACY_ORDER_STATUS);
      expect(xml.parse(r.text)["order-status"]).toMatchObject({ "order-status": "paid" });
    });
  },
);

describe("the examples", () => {
  it("were every one sent", () => {
    const missed = examples.ALL_EXAMPLES.filter((ex) => !sent.has(ex)).map((ex) => ex.name);
    expect(missed).toEqual([]);
    expect(new Set(examples.ALL_EXAMPLES).size).toBe(examples.ALL_EXAMPLES.length);
  });
});
