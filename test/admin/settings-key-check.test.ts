import "../support/app-env";
import { Writable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import prisma from "~/db.server";
import { action as settingsAction, loader as settingsLoader } from "~/routes/app.settings";
import { loader as catalogueLoader } from "~/routes/app.catalogue._index";
import { invalidateCatalogue } from "~/lib/catalogue.server";
import { getPrintCredentials } from "~/data/print-settings.server";
import { call, data, DEMO_SHOP, get, post, startAdminEnv, type AdminEnv } from "./helpers";

/**
 * "Save and test connection" (and Save) with keys the print service refuses,
 * through the real path: the Settings action, real HTTP to the print sandbox,
 * the real database. The keys in the form are tested before anything is
 * stored; a refused key is stored only when the merchant says so in so many
 * words, and that is logged without the key.
 */

/** Every line the process logger writes (the app's own logger, so its own redaction). */
const captured = vi.hoisted(() => ({ lines: [] as string[] }));
vi.mock("~/lib/logger.server", async (importOriginal) => {
  const mod = await importOriginal<typeof import("~/lib/logger.server")>();
  const destination = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      captured.lines.push(String(chunk));
      callback();
    },
  });
  const root = mod.createLogger({ level: "trace", destination });
  return { ...mod, getLogger: () => root };
});

let env: AdminEnv;
beforeAll(async () => {
  env = await startAdminEnv();
});
afterAll(async () => {
  await env?.close();
});

const WORKING = {
  merchantApiKey: "sandbox-merchant-key",
  secretKey: "sandbox-secret-key",
  applicationApiKey: "sandbox-application-key",
};
const WRONG_MERCHANT_KEY = "wrong-merchant-key-4711";
const WRONG_LEGACY_KEY = "wrong-legacy-key-0815";

const form = (overrides: Record<string, string> = {}) => ({
  intent: "save_test",
  printEnvironment: "sandbox",
  printBaseUrl: env.sandbox.url,
  merchantApiKey: WORKING.merchantApiKey,
  secretKey: "",
  applicationApiKey: "",
  buttonKey: "",
  currency: "EUR",
  billingEntityId: "",
  routingMode: "immediate",
  holdHours: "24",
  notifyCustomer: "on",
  ...overrides,
});

interface Check {
  id: string;
  label: string;
  status: string;
  detail: string;
}
interface Answer {
  intent: string;
  ok: boolean;
  fieldErrors?: Record<string, string>;
  keyProblem?: { kind: string; keys?: string[] };
  savedDespite?: { kind: string; keys?: string[] };
  report?: { ok: boolean; checks: Check[] };
}

const save = async (fields: Record<string, string>) =>
  data<Answer>(await call(settingsAction, post("/app/settings", form(fields))));

const byId = (answer: Answer) =>
  Object.fromEntries((answer.report?.checks ?? []).map((c) => [c.id, c]));

/** Everything the page says about the check: field errors and every check's words. */
const wordsOf = (answer: Answer) =>
  [
    ...Object.values(answer.fieldErrors ?? {}),
    ...(answer.report?.checks ?? []).map((c) => `${c.label}: ${c.detail}`),
  ].join("\n");

/** Sent to a merchant who is on the Settings page already. */
const SENDS_TO_SETTINGS = /app settings|in settings/i;

/** The catalogue page as the merchant opens it, fresh from the print service. */
async function catalogueStatus(): Promise<string> {
  invalidateCatalogue({ shop: DEMO_SHOP });
  const page = await data<{ offerings: { status: string } }>(
    await call(catalogueLoader, get("/app/catalogue")),
  );
  return page.offerings.status;
}

beforeEach(async () => {
  // A shop that works: the sandbox's keys, tested and saved.
  const saved = await save({ ...WORKING });
  expect(saved).toMatchObject({ ok: true, report: { ok: true } });
  captured.lines.length = 0;
});

describe("a merchant API key the print service refuses", () => {
  it("is not stored by Save and test connection: the working key stays live", async () => {
    const answer = await save({ merchantApiKey: WRONG_MERCHANT_KEY });

    expect(answer.ok).toBe(false);
    expect(answer.keyProblem).toEqual({ kind: "refused", keys: ["merchantApiKey"] });
    // The message is on the merchant key's field, and only there.
    expect(Object.keys(answer.fieldErrors ?? {})).toEqual(["merchantApiKey"]);
    expect(answer.fieldErrors?.merchantApiKey).toMatch(/does not accept this merchant API key/);

    const checks = byId(answer);
    expect(checks.reach?.status).toBe("ok");
    expect(checks.merchant).toMatchObject({ status: "failed", detail: /merchant API key/ });
    // The legacy key is not blamed for the merchant key's refusal.
    expect(checks.legacy?.status).not.toBe("failed");
    expect(checks.legacy?.detail).not.toMatch(/refused:|does not accept/i);
    expect(wordsOf(answer)).not.toMatch(SENDS_TO_SETTINGS);

    const stored = await getPrintCredentials({ shop: DEMO_SHOP });
    expect(stored?.merchantApiKey).toBe(WORKING.merchantApiKey);
    expect(await catalogueStatus()).toBe("ok");
  });

  it("is not stored by Save either (the save bar's and the page's button)", async () => {
    const answer = await save({ intent: "save", merchantApiKey: WRONG_MERCHANT_KEY });
    expect(answer.ok).toBe(false);
    expect(answer.keyProblem).toEqual({ kind: "refused", keys: ["merchantApiKey"] });
    expect(Object.keys(answer.fieldErrors ?? {})).toEqual(["merchantApiKey"]);
    expect((await getPrintCredentials({ shop: DEMO_SHOP }))?.merchantApiKey).toBe(
      WORKING.merchantApiKey,
    );
    expect(await catalogueStatus()).toBe("ok");
  });

  it("is stored when the merchant confirms it, and that is logged without the key", async () => {
    const answer = await save({ merchantApiKey: WRONG_MERCHANT_KEY, saveAnyway: "on" });
    expect(answer.ok).toBe(true);
    expect(answer.savedDespite).toEqual({ kind: "refused", keys: ["merchantApiKey"] });
    expect(byId(answer).merchant?.status).toBe("failed");

    expect((await getPrintCredentials({ shop: DEMO_SHOP }))?.merchantApiKey).toBe(
      WRONG_MERCHANT_KEY,
    );
    // What the merchant was told would happen does: the catalogue fails.
    expect(await catalogueStatus()).toBe("error");

    const logged = captured.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 40,
        shop: DEMO_SHOP,
        outcome: "refused",
        refusedKeys: ["merchantApiKey"],
        msg: expect.stringMatching(/saved .*refused/i),
      }),
    );
    for (const line of captured.lines) {
      expect(line).not.toContain(WRONG_MERCHANT_KEY);
      expect(line).not.toContain(WORKING.secretKey);
    }
  });

  it("a plain Test connection of a stored refused key blames that key alone, in the page's own words", async () => {
    await save({ merchantApiKey: WRONG_MERCHANT_KEY, saveAnyway: "on" });
    const tested = await data<Answer>(
      await call(settingsAction, post("/app/settings", { intent: "test" })),
    );
    expect(tested.report?.ok).toBe(false);
    const checks = byId(tested);
    expect(checks.merchant?.status).toBe("failed");
    expect(checks.legacy?.status).not.toBe("failed");
    expect(wordsOf(tested)).not.toMatch(SENDS_TO_SETTINGS);

    // The billing entities section of the same page says it in the page's words too.
    const page = await data<{ billing: { status: string; problem?: { hint: string | null } } }>(
      await call(settingsLoader, get("/app/settings")),
    );
    expect(page.billing.status).toBe("error");
    expect(page.billing.problem?.hint ?? "").not.toMatch(SENDS_TO_SETTINGS);
  });
});

describe("a legacy application API key the print service refuses", () => {
  it("is blamed alone, and not stored", async () => {
    const before = await getPrintCredentials({ shop: DEMO_SHOP });
    const answer = await save({ applicationApiKey: WRONG_LEGACY_KEY });

    expect(answer.ok).toBe(false);
    expect(answer.keyProblem).toEqual({ kind: "refused", keys: ["applicationApiKey"] });
    expect(Object.keys(answer.fieldErrors ?? {})).toEqual(["applicationApiKey"]);
    expect(answer.fieldErrors?.applicationApiKey).toMatch(/legacy application API key/);
    expect(wordsOf(answer)).not.toMatch(/does not accept this merchant API key/);
    const checks = byId(answer);
    expect(checks.merchant?.status).toBe("ok");
    expect(checks.legacy).toMatchObject({ status: "failed", detail: /legacy application API key/ });
    expect(wordsOf(answer)).not.toMatch(SENDS_TO_SETTINGS);

    const after = await getPrintCredentials({ shop: DEMO_SHOP });
    expect(after?.applicationApiKey).toBe(WORKING.applicationApiKey);
    expect(after?.version).toBe(before?.version);
  });
});

describe("a print service that cannot be reached", () => {
  it("is not a refusal: nothing is stored unless the merchant confirms", async () => {
    env.sandbox.control.setDown("503");
    try {
      const answer = await save({ merchantApiKey: "a-new-merchant-key" });
      expect(answer.ok).toBe(false);
      expect(answer.keyProblem).toEqual({ kind: "unchecked" });
      // No key is blamed: none could be checked.
      expect(answer.fieldErrors ?? {}).toEqual({});
      expect(wordsOf(answer)).toMatch(/could not be reached|had a problem/);
      expect(wordsOf(answer)).not.toMatch(/does not accept/);
      expect((await getPrintCredentials({ shop: DEMO_SHOP }))?.merchantApiKey).toBe(
        WORKING.merchantApiKey,
      );

      const confirmed = await save({ merchantApiKey: "a-new-merchant-key", saveAnyway: "on" });
      expect(confirmed).toMatchObject({ ok: true, savedDespite: { kind: "unchecked" } });
      expect((await getPrintCredentials({ shop: DEMO_SHOP }))?.merchantApiKey).toBe(
        "a-new-merchant-key",
      );
      const logged = captured.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(logged).toContainEqual(
        expect.objectContaining({ level: 40, shop: DEMO_SHOP, outcome: "unchecked" }),
      );
      expect(captured.lines.join("\n")).not.toContain("a-new-merchant-key");
    } finally {
      env.sandbox.control.setDown(null);
    }
  });

  it("does not stop settings other than the keys from being saved", async () => {
    env.sandbox.control.setDown("503");
    try {
      const answer = await save({ intent: "save", routingMode: "manual" });
      expect(answer.ok).toBe(true);
      const row = await prisma.shop.findUniqueOrThrow({ where: { shop: DEMO_SHOP } });
      expect(row.routingMode).toBe("manual");
    } finally {
      env.sandbox.control.setDown(null);
    }
  });
});
