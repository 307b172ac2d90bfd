import "../support/app-env";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { loader as settingsLoader, action as settingsAction } from "~/routes/app.settings";
import { action as billingAction } from "~/routes/app.billing-entities";
import { savePrintSettings } from "~/data/print-settings.server";
import { settingsFormValues, type SettingsPageData } from "~/components/settings/form";
import { EMPTY_BILLING_ENTITY } from "~/components/settings/BillingEntities";
import { startSandbox } from "../../sandbox/index";
import type { PersistedState } from "../../sandbox/store";
import { call, data, DEMO_SHOP, get, post, startAdminEnv, type AdminEnv } from "./helpers";

let env: AdminEnv;
beforeAll(async () => {
  env = await startAdminEnv();
});
afterAll(async () => {
  await env?.close();
});

const validForm = (overrides: Record<string, string> = {}) => ({
  intent: "save",
  printEnvironment: "sandbox",
  printBaseUrl: env.sandbox.url,
  merchantApiKey: "sandbox-merchant-key",
  secretKey: "sandbox-secret-key",
  applicationApiKey: "sandbox-application-key",
  buttonKey: "",
  currency: "EUR",
  billingEntityId: "",
  routingMode: "hold",
  holdHours: "12",
  notifyCustomer: "on",
  ...overrides,
});

/** Validator wording that must never reach a merchant. */
const RAW = /expected|invalid input|too (big|small)|received|nan/i;

type Report = { ok: boolean; checks: { id: string; status: string; detail: string }[] };

describe("Settings page", () => {
  it("shows an empty, unconnected form before anything is saved", async () => {
    const body = await data<{ connected: boolean; callbackUrl: string | null; billing: unknown }>(
      await call(settingsLoader, get("/app/settings")),
    );
    expect(body.connected).toBe(false);
    expect(body.billing).toBeNull();
  });

  it("reports every invalid field and saves nothing", async () => {
    const response = await call(
      settingsAction,
      post(
        "/app/settings",
        validForm({
          merchantApiKey: "",
          routingMode: "hold",
          holdHours: "99",
          printEnvironment: "custom",
          printBaseUrl: "not a url",
        }),
      ),
    );
    expect(response.status).toBe(200);
    const body = await data<{ fieldErrors: Record<string, string> }>(response);
    expect(Object.keys(body.fieldErrors).sort()).toEqual([
      "holdHours",
      "merchantApiKey",
      "printBaseUrl",
    ]);
    const row = await prisma.shop.findUnique({ where: { shop: DEMO_SHOP } });
    expect(row?.merchantApiKey ?? null).toBeNull();
  });

  it("saves and tests the connection, saying plainly what worked", async () => {
    const response = await call(
      settingsAction,
      post("/app/settings", validForm({ intent: "save_test" })),
    );
    expect(response.status).toBe(200);
    const body = await data<{ ok: boolean; report: Report }>(response);
    expect(body.ok).toBe(true);
    expect(body.report.ok).toBe(true);
    const byId = Object.fromEntries(body.report.checks.map((c) => [c.id, c]));
    expect(byId.reach?.status).toBe("ok");
    expect(byId.merchant).toMatchObject({
      status: "ok",
      detail: expect.stringMatching(/17 offerings/),
    });
    expect(byId.secret?.status).toBe("skipped");
    expect(byId.legacy?.status).toBe("ok");

    const row = await prisma.shop.findUniqueOrThrow({ where: { shop: DEMO_SHOP } });
    expect(row).toMatchObject({
      routingMode: "hold",
      holdHours: 12,
      notifyCustomer: true,
      currency: "EUR",
    });
    expect(row.secretKeyEncrypted).not.toContain("sandbox-secret-key");
  });

  it("never sends the secret to the page, only that one is set, plus the callback URL", async () => {
    const response = await call(settingsLoader, get("/app/settings"));
    const text = await response.text();
    expect(text).not.toContain("sandbox-secret-key");
    expect(text).not.toContain("sandbox-application-key");
    const body = JSON.parse(text) as {
      connected: boolean;
      settings: { secretKeySet: boolean };
      callbackUrl: string;
    };
    expect(body.connected).toBe(true);
    expect(body.settings.secretKeySet).toBe(true);
    expect(body.callbackUrl).toMatch(/^https:\/\/print-connect\.test\/webhooks\/print\/\w+$/);
  });

  it("keeps the stored secret when the field is left empty", async () => {
    const response = await call(
      settingsAction,
      post("/app/settings", validForm({ secretKey: "", routingMode: "manual" })),
    );
    expect(response.status).toBe(200);
    const row = await prisma.shop.findUniqueOrThrow({ where: { shop: DEMO_SHOP } });
    expect(row.routingMode).toBe("manual");
    expect(row.holdHours).toBe(0);
    expect(row.secretKeyEncrypted).not.toBeNull();
  });

  it("says which key the service refused", async () => {
    await savePrintSettings({ shop: DEMO_SHOP, input: { merchantApiKey: "wrong-key" } });
    const body = await data<{ report: Report }>(
      await call(settingsAction, post("/app/settings", { intent: "test" })),
    );
    expect(body.report.ok).toBe(false);
    const byId = Object.fromEntries(body.report.checks.map((c) => [c.id, c]));
    expect(byId.reach?.status).toBe("ok");
    expect(byId.merchant?.status).toBe("failed");
    expect(byId.merchant?.detail).toMatch(/does not accept this merchant API key/);
    await savePrintSettings({ shop: DEMO_SHOP, input: { merchantApiKey: "sandbox-merchant-key" } });
  });

  it("says when the service cannot be reached", async () => {
    env.sandbox.control.setDown("503");
    try {
      const body = await data<{ report: Report }>(
        await call(settingsAction, post("/app/settings", { intent: "test" })),
      );
      expect(body.report.ok).toBe(false);
      expect(body.report.checks.find((c) => c.id === "reach")?.status).toBe("failed");
      expect(body.report.checks.find((c) => c.id === "merchant")?.status).toBe("skipped");
    } finally {
      env.sandbox.control.setDown(null);
    }
  });

  it("validates and creates a billing entity, then lists it in the tree", async () => {
    const bad = await call(
      billingAction,
      post("/app/billing-entities", {
        intent: "create",
        companyName: "",
        emailAddresses: "nope",
        countryCode: "Netherlands",
      }),
    );
    expect(bad.status).toBe(200);
    const badBody = await data<{ fieldErrors: Record<string, string> }>(bad);
    expect(Object.keys(badBody.fieldErrors).sort()).toEqual([
      "companyName",
      "countryCode",
      "emailAddresses",
    ]);
    // Values the print service refuses are field errors here, not a failed request.
    const refused = await call(
      billingAction,
      post("/app/billing-entities", {
        intent: "create",
        companyName: "Print Connect Demo BV",
        emailAddresses: "billing@example.com, billing@-example.com",
        countryCode: "XX",
      }),
    );
    expect(
      Object.keys(
        (await data<{ fieldErrors: Record<string, string> }>(refused)).fieldErrors,
      ).sort(),
    ).toEqual(["countryCode", "emailAddresses"]);

    const parent = await data<{ ok: boolean; id: number }>(
      await call(
        billingAction,
        post("/app/billing-entities", {
          intent: "create",
          companyName: "Print Connect Demo BV",
          countryCode: "nl",
          emailAddresses: "billing@example.com",
        }),
      ),
    );
    expect(parent).toMatchObject({ ok: true });
    const child = await data<{ ok: boolean; id: number }>(
      await call(
        billingAction,
        post("/app/billing-entities", {
          intent: "create",
          companyName: "Demo Studio",
          parentEntityId: String(parent.id),
        }),
      ),
    );
    expect(child).toMatchObject({ ok: true });

    const page = await data<{
      billing: { status: string; rows: { id: number; companyName: string; depth: number }[] };
    }>(await call(settingsLoader, get("/app/settings")));
    expect(page.billing.status).toBe("ok");
    // Each row also carries what the app knows to prefill "Edit" (its details, its parent).
    expect(page.billing.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: parent.id, companyName: "Print Connect Demo BV", depth: 0 }),
        expect.objectContaining({
          id: child.id,
          companyName: "Demo Studio",
          depth: 1,
          parentId: parent.id,
        }),
      ]),
    );
  });

  it("sends every billing-entity field the form offers to the print service", async () => {
    const bad = await data<{ ok: boolean; fieldErrors: Record<string, string> }>(
      await call(
        billingAction,
        post("/app/billing-entities", {
          intent: "create",
          companyName: "Atelier Noord",
          phoneNumber: "call me",
          addressLine1: "x".repeat(201),
        }),
      ),
    );
    expect(bad.ok).toBe(false);
    expect(Object.keys(bad.fieldErrors).sort()).toEqual(["addressLine1", "phoneNumber"]);

    // A sandbox that keeps its state in a file: what it stored can be read back after close().
    const dir = mkdtempSync(path.join(tmpdir(), "billing-entity-"));
    const stateFile = path.join(dir, "state.json");
    const recorder = await startSandbox({ port: 0, stateFile });
    await savePrintSettings({ shop: DEMO_SHOP, input: { printBaseUrl: recorder.url } });
    try {
      const created = await data<{ ok: boolean; id: number }>(
        await call(
          billingAction,
          post("/app/billing-entities", {
            intent: "create",
            companyName: "Atelier Noord BV",
            parentEntityId: "",
            firstName: "Anna",
            lastName: "de Vries",
            emailAddresses: "invoices@atelier.example, anna@atelier.example",
            phoneNumber: "+31 20 123 4567",
            addressLine1: "Keizersgracht 123",
            addressLine2: "3rd floor",
            zipCode: "1015 CJ",
            city: "Amsterdam",
            state: "Noord-Holland",
            countryCode: "nl",
            vatNumber: "NL123456789B01",
            chamberOfCommerce: "12345678",
          }),
        ),
      );
      expect(created).toMatchObject({ ok: true, id: expect.any(Number) });
      await recorder.close();
      const stored = (JSON.parse(readFileSync(stateFile, "utf8")) as PersistedState)
        .billingEntities;
      expect(stored).toEqual([
        {
          id: created.id,
          merchantApiKey: "sandbox-merchant-key",
          parentId: null,
          companyName: "Atelier Noord BV",
          firstName: "Anna",
          lastName: "de Vries",
          addressLine1: "Keizersgracht 123",
          addressLine2: "3rd floor",
          zipCode: "1015 CJ",
          city: "Amsterdam",
          state: "Noord-Holland",
          countryCode: "NL",
          vatNumber: "NL123456789B01",
          chamberOfCommerce: "12345678",
          emailAddresses: ["invoices@atelier.example", "anna@atelier.example"],
          phoneNumber: "+31 20 123 4567",
        },
      ]);
    } finally {
      await recorder.close();
      await savePrintSettings({ shop: DEMO_SHOP, input: { printBaseUrl: env.sandbox.url } });
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("puts a plain message on each field for absurd and wrong input, and saves nothing", async () => {
    const long = (n: number) => "x".repeat(n);
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ printEnvironment: "moon" }, "printEnvironment", /^Choose an environment$/],
      [{ printEnvironment: "custom", printBaseUrl: "" }, "printBaseUrl", /Enter the service URL/],
      [
        { printEnvironment: "custom", printBaseUrl: "ftp://print.example.com" },
        "printBaseUrl",
        /https/,
      ],
      [
        { printEnvironment: "custom", printBaseUrl: `https://print.example.com/${long(3000)}` },
        "printBaseUrl",
        /at most 2,000 characters/,
      ],
      [{ merchantApiKey: long(500) }, "merchantApiKey", /at most 200 characters/],
      [{ secretKey: long(500) }, "secretKey", /at most 200 characters/],
      [{ applicationApiKey: long(500) }, "applicationApiKey", /at most 200 characters/],
      [{ buttonKey: long(500) }, "buttonKey", /at most 200 characters/],
      [{ currency: "XYZ" }, "currency", /^Choose a currency from the list$/],
      [{ currency: "" }, "currency", /^Choose a currency from the list$/],
      [{ billingEntityId: "abc" }, "billingEntityId", /^Choose a billing entity/],
      [{ billingEntityId: "-1" }, "billingEntityId", /^Choose a billing entity/],
      [{ billingEntityId: "99999999999999999999" }, "billingEntityId", /^Choose a billing entity/],
      [{ routingMode: "sometimes" }, "routingMode", /^Choose how orders are sent$/],
      ...["abc", "0", "73", "1.5", "-3", "", "1e1", "99999999999999999999", "NaN"].map(
        (holdHours): [Record<string, string>, string, RegExp] => [
          { routingMode: "hold", holdHours },
          "holdHours",
          /^Enter a whole number of hours from 1 to 72$/,
        ],
      ),
    ];
    // Every message sits on a field the form holds, so it goes when that field changes.
    const page = await data<SettingsPageData>(await call(settingsLoader, get("/app/settings")));
    const formFields = Object.keys(settingsFormValues(page.settings));
    for (const [fields, field, message] of cases) {
      const body = await data<{ ok: boolean; fieldErrors: Record<string, string> }>(
        await call(settingsAction, post("/app/settings", validForm(fields))),
      );
      expect(formFields).toEqual(expect.arrayContaining(Object.keys(body.fieldErrors)));
      expect(body.ok, JSON.stringify(fields).slice(0, 80)).toBe(false);
      expect(body.fieldErrors[field], JSON.stringify(fields).slice(0, 80)).toMatch(message);
      for (const text of Object.values(body.fieldErrors)) expect(text).not.toMatch(RAW);
    }
    const row = await prisma.shop.findUnique({ where: { shop: DEMO_SHOP } });
    expect(row?.currency).not.toBe("XYZ");
  });

  it("words every billing-entity refusal plainly, on its field", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ companyName: "" }, "companyName"],
      [{ companyName: "x".repeat(201) }, "companyName"],
      [{ parentEntityId: "abc" }, "parentEntityId"],
      [{ parentEntityId: "-1" }, "parentEntityId"],
      [{ parentEntityId: "1.5" }, "parentEntityId"],
      [{ parentEntityId: "99999999999999999999" }, "parentEntityId"],
      [{ parentEntityId: "1e400" }, "parentEntityId"],
      [{ countryCode: "Netherlands" }, "countryCode"],
      [{ countryCode: "12" }, "countryCode"],
      [{ emailAddresses: "nope" }, "emailAddresses"],
      [
        { emailAddresses: Array.from({ length: 11 }, (_, i) => `a${i}@example.com`).join(", ") },
        "emailAddresses",
      ],
      [{ phoneNumber: "call me" }, "phoneNumber"],
      [{ phoneNumber: "1".repeat(40) }, "phoneNumber"],
      [{ firstName: "x".repeat(201) }, "firstName"],
      [{ city: "x".repeat(201) }, "city"],
    ];
    for (const [fields, field] of cases) {
      const body = await data<{ ok: boolean; fieldErrors: Record<string, string> }>(
        await call(
          billingAction,
          post("/app/billing-entities", {
            intent: "create",
            companyName: "Atelier Noord",
            ...fields,
          }),
        ),
      );
      expect(body.ok, JSON.stringify(fields).slice(0, 80)).toBe(false);
      expect(Object.keys(body.fieldErrors), JSON.stringify(fields).slice(0, 80)).toEqual([field]);
      expect(Object.keys(EMPTY_BILLING_ENTITY)).toContain(field);
      expect(body.fieldErrors[field]).not.toMatch(RAW);
    }
  });
});
