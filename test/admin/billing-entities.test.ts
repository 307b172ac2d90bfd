import "../support/app-env";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { loader as settingsLoader } from "~/routes/app.settings";
import { action as billingAction, loader as billingLoader } from "~/routes/app.billing-entities";
import { savePrintSettings } from "~/data/print-settings.server";
import {
  call,
  data,
  DEMO_SHOP,
  get,
  post,
  sandboxSettings,
  startAdminEnv,
  type AdminEnv,
} from "./helpers";
import { startSandbox } from "../../sandbox/index";
import type { PersistedState } from "../../sandbox/store";

/**
 * Billing entities from the Settings page: the field checks, and Edit, Hide and Show, which the
 * print service has no operation for (it only creates and lists), against the real sandbox.
 */

const OTHER_SHOP = "other-billing-shop.myshopify.com";

let env: AdminEnv;
beforeAll(async () => {
  env = await startAdminEnv();
  await savePrintSettings({ shop: DEMO_SHOP, input: sandboxSettings(env.sandbox) });
  // Another shop with its own print-service account.
  env.shopify.state.seedShop({ domain: OTHER_SHOP });
  env.sandbox.control.addMerchant({
    merchantApiKey: "other-merchant-key",
    secretKey: "other-secret",
  });
  await savePrintSettings({
    shop: OTHER_SHOP,
    input: {
      ...sandboxSettings(env.sandbox),
      merchantApiKey: "other-merchant-key",
      secretKey: "other-secret",
    },
  });
});
afterAll(async () => {
  await env?.close();
});

type Result = {
  ok: boolean;
  id?: number;
  intent?: string;
  replacedId?: number;
  defaultMoved?: boolean;
  fieldErrors?: Record<string, string>;
};
type Row = {
  id: number;
  companyName: string;
  depth: number;
  details: Record<string, string> | null;
};
type Billing = {
  status: string;
  rows: Row[];
  hidden: { id: number; companyName: string; replacedById: number | null }[];
};

const create = async (fields: Record<string, string>, shop = DEMO_SHOP) =>
  data<Result>(
    await call(billingAction, post("/app/billing-entities", { intent: "create", ...fields }, shop)),
  );
const change = async (fields: Record<string, string>, shop = DEMO_SHOP) =>
  call(billingAction, post("/app/billing-entities", fields, shop));
const billing = async (shop = DEMO_SHOP) =>
  (await data<{ billing: Billing }>(await call(settingsLoader, get("/app/settings", shop))))
    .billing;
const createsSent = () => env.sandbox.control.requests({ op: "billingEntity.create" }).length;
/** The ids the print service lists for the demo shop's account. */
async function idsAtService(): Promise<number[]> {
  const r = await fetch(
    `${env.sandbox.jsonBaseUrl}/billing-entity?merchantApiKey=sandbox-merchant-key`,
  );
  const ids: number[] = [];
  const walk = (list: { id: number; subEntities: unknown[] | null }[] | null) => {
    for (const e of list ?? []) {
      ids.push(e.id);
      walk(e.subEntities as typeof list);
    }
  };
  walk((await r.json()) as { id: number; subEntities: unknown[] | null }[]);
  return ids;
}

describe("billing-entity fields are checked before anything is sent", () => {
  it("refuses a postal code, VAT number, country or email in the wrong form, with plain words", async () => {
    const before = createsSent();
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ countryCode: "NL", zipCode: "10115" }, "zipCode", /this country's format, e\.g\. 1012 AB/],
      [{ countryCode: "DE", zipCode: "1012 AB" }, "zipCode", /e\.g\. 10115/],
      [{ countryCode: "GB", zipCode: "12345" }, "zipCode", /e\.g\. SW1A 1AA/],
      [{ countryCode: "US", zipCode: "1234" }, "zipCode", /e\.g\. 10001/],
      [{ countryCode: "BR", zipCode: "%%%" }, "zipCode", /2 to 10 letters, digits/],
      [
        { countryCode: "NL", vatNumber: "NL12345678B01" },
        "vatNumber",
        /NL continues with 9 digits, B and 2 digits, e\.g\. NL123456789B01/,
      ],
      [{ countryCode: "DE", vatNumber: "123456789" }, "vatNumber", /Start the VAT number with DE/],
      [{ countryCode: "GR", vatNumber: "123456789" }, "vatNumber", /Start the VAT number with EL/],
      [
        { countryCode: "FR", vatNumber: "ATU1234" },
        "vatNumber",
        /AT continues with U and 8 digits/,
      ],
      [{ vatNumber: "not a number!" }, "vatNumber", /letters and digits/],
      [{ countryCode: "Netherlands" }, "countryCode", /^Choose a country from the list$/],
      [{ countryCode: "XX" }, "countryCode", /^Choose a country from the list$/],
      [{ emailAddresses: "billing@example.com, nope" }, "emailAddresses", /valid email/],
    ];
    for (const [fields, field, message] of cases) {
      const what = JSON.stringify(fields);
      const body = await create({ companyName: "Checked BV", ...fields });
      expect(body.ok, what).toBe(false);
      expect(body.fieldErrors?.[field], what).toMatch(message);
      expect(Object.keys(body.fieldErrors ?? {}), what).toEqual([field]);
    }
    expect(createsSent()).toBe(before);
  });

  it("accepts the usual ways of writing them and sends them tidied", async () => {
    // A sandbox that keeps its state in a file: what it stored can be read back after close().
    const dir = mkdtempSync(path.join(tmpdir(), "billing-rules-"));
    const stateFile = path.join(dir, "state.json");
    const recorder = await startSandbox({ port: 0, stateFile });
    await savePrintSettings({ shop: DEMO_SHOP, input: { printBaseUrl: recorder.url } });
    try {
      const tidy = await create({
        companyName: "Tidy BV",
        countryCode: "nl",
        zipCode: " 1015  cj ",
        vatNumber: "nl 1234.56.789.b01",
      });
      expect(tidy, JSON.stringify(tidy)).toMatchObject({ ok: true });
      // A country without its own rule takes any sensible postal code; a non-EU VAT number too.
      const loja = await create({
        companyName: "Loja",
        countryCode: "BR",
        zipCode: "01310-100",
        vatNumber: "12345678000199",
      });
      expect(loja, JSON.stringify(loja)).toMatchObject({ ok: true });
      await recorder.close();
      const stored = (JSON.parse(readFileSync(stateFile, "utf8")) as PersistedState)
        .billingEntities;
      expect(stored.find((e) => e.id === tidy.id)).toMatchObject({
        countryCode: "NL",
        zipCode: "1015 CJ",
        vatNumber: "NL123456789B01",
      });
      expect(stored.find((e) => e.id === loja.id)).toMatchObject({
        countryCode: "BR",
        zipCode: "01310-100",
        vatNumber: "12345678000199",
      });
    } finally {
      await recorder.close();
      await savePrintSettings({ shop: DEMO_SHOP, input: { printBaseUrl: env.sandbox.url } });
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("editing, hiding and showing a billing entity", () => {
  it("edits by creating a corrected entity, hiding the old one, and moving the shop's default", async () => {
    const original = await create({
      companyName: "Atelier Noord",
      countryCode: "NL",
      zipCode: "1015 CJ",
      city: "Amsterdam",
      vatNumber: "NL123456789B01",
      emailAddresses: "invoices@atelier.example",
    });
    expect(original.ok).toBe(true);
    await prisma.shop.update({
      where: { shop: DEMO_SHOP },
      data: { billingEntityId: original.id! },
    });

    // "Edit" is prefilled with what was sent.
    const row = (await billing()).rows.find((r) => r.id === original.id);
    expect(row?.details).toMatchObject({
      companyName: "Atelier Noord",
      countryCode: "NL",
      zipCode: "1015 CJ",
      city: "Amsterdam",
      vatNumber: "NL123456789B01",
      emailAddresses: "invoices@atelier.example",
    });

    // A refused field: nothing is created, nothing is hidden.
    const before = createsSent();
    const refused = await data<Result>(
      await change({ intent: "edit", id: String(original.id), ...row!.details, zipCode: "ABC" }),
    );
    expect(refused.ok).toBe(false);
    expect(refused.fieldErrors?.zipCode).toMatch(/e\.g\. 1012 AB/);
    expect(createsSent()).toBe(before);

    const edited = await data<Result>(
      await change({
        intent: "edit",
        id: String(original.id),
        ...row!.details,
        companyName: "Atelier Noord BV",
        zipCode: "1016 DX",
      }),
    );
    expect(edited).toMatchObject({
      ok: true,
      intent: "edit",
      replacedId: original.id,
      defaultMoved: true,
    });
    expect(edited.id).not.toBe(original.id);
    expect(createsSent()).toBe(before + 1);

    const after = await billing();
    expect(after.rows.map((r) => r.id)).not.toContain(original.id);
    expect(after.rows.find((r) => r.id === edited.id)).toMatchObject({
      companyName: "Atelier Noord BV",
      details: expect.objectContaining({ zipCode: "1016 DX", city: "Amsterdam" }),
    });
    expect(after.hidden).toContainEqual(
      expect.objectContaining({ id: original.id, replacedById: edited.id }),
    );
    // The print service keeps the old one; new orders bill the new one.
    expect(await idsAtService()).toEqual(expect.arrayContaining([original.id, edited.id]));
    expect((await prisma.shop.findUnique({ where: { shop: DEMO_SHOP } }))?.billingEntityId).toBe(
      edited.id,
    );
  });

  it("hides one here only, refuses to hide the default, and shows it again", async () => {
    const entity = await create({ companyName: "Side Studio" });
    const hide = await data<Result>(await change({ intent: "hide", id: String(entity.id) }));
    expect(hide).toEqual({ ok: true, intent: "hide", id: entity.id });
    let page = await billing();
    expect(page.rows.map((r) => r.id)).not.toContain(entity.id);
    expect(page.hidden).toContainEqual(
      expect.objectContaining({ id: entity.id, companyName: "Side Studio", replacedById: null }),
    );
    expect(await idsAtService()).toContain(entity.id);

    const show = await data<Result>(await change({ intent: "show", id: String(entity.id) }));
    expect(show).toEqual({ ok: true, intent: "show", id: entity.id });
    page = await billing();
    expect(page.rows.map((r) => r.id)).toContain(entity.id);
    expect(page.hidden.map((h) => h.id)).not.toContain(entity.id);

    const shop = await prisma.shop.findUnique({ where: { shop: DEMO_SHOP } });
    const refused = await data<Result>(
      await change({ intent: "hide", id: String(shop!.billingEntityId) }),
    );
    expect(refused.ok).toBe(false);
    expect(refused.fieldErrors?.form).toMatch(/New print orders are billed to this entity/);
  });

  it("a child of a hidden entity moves up a level", async () => {
    const parent = await create({ companyName: "Parent Group" });
    const child = await create({ companyName: "Child Shop", parentEntityId: String(parent.id) });
    expect((await billing()).rows.find((r) => r.id === child.id)?.depth).toBe(1);
    await change({ intent: "hide", id: String(parent.id) });
    expect((await billing()).rows.find((r) => r.id === child.id)?.depth).toBe(0);
  });

  it("never touches another shop's billing entity", async () => {
    const mine = await create({ companyName: "Mine Only" });
    const before = createsSent();
    for (const intent of ["hide", "show"]) {
      const r = await data<Result>(await change({ intent, id: String(mine.id) }, OTHER_SHOP));
      expect(r.ok, intent).toBe(false);
      expect(r.fieldErrors?.form, intent).toMatch(/not one of yours/);
    }
    const edit = await data<Result>(
      await change({ intent: "edit", id: String(mine.id), companyName: "Taken" }, OTHER_SHOP),
    );
    expect(edit.fieldErrors?.form).toMatch(/not one of yours/);
    expect(createsSent()).toBe(before);
    expect(await prisma.billingEntityRecord.count({ where: { shop: OTHER_SHOP } })).toBe(0);
    expect((await billing()).rows.map((r) => r.id)).toContain(mine.id);
    expect((await billing(OTHER_SHOP)).rows).toEqual([]);
  });

  it("answers 400 to an unknown intent, and is a page of its own", async () => {
    expect((await change({ intent: "delete", id: "1" })).status).toBe(400);
    expect((await change({ intent: "hide", id: "x" })).status).toBe(400);
    const mine = await create({ companyName: "Listed On Its Page" });
    const visit = await call(billingLoader, get("/app/billing-entities?shop=a&host=b"));
    expect(visit.status).toBe(200);
    const page = await data<{ billing: Billing; defaultBillingEntityId: number | null }>(visit);
    expect(page.billing.status).toBe("ok");
    expect(page.billing.rows.map((r) => r.id)).toContain(mine.id);
  });
});
