import "../support/app-env";
import { createRequire } from "node:module";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Outlet } from "react-router-dom";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";
import { AppProvider, type AppProviderProps } from "@shopify/polaris";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ShippingRates, {
  action as shippingRatesAction,
  loader as shippingRatesLoader,
} from "~/routes/app.shipping-rates";
import { savePrintSettings } from "~/data/print-settings.server";
import { getCarrierSettings, saveBackupRates } from "~/data/carrier.server";
import { listFieldValues } from "~/components/form-field";
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

const polarisEnglish = createRequire(import.meta.url)(
  "@shopify/polaris/locales/en.json",
) as AppProviderProps["i18n"];

/** Validator wording that must never reach a merchant. */
const RAW = /expected|invalid input|too (big|small)|received|nan/i;

let env: AdminEnv;
beforeAll(async () => {
  env = await startAdminEnv();
  await savePrintSettings({ shop: DEMO_SHOP, input: sandboxSettings(env.sandbox) });
});
afterAll(async () => {
  await env?.close();
});

type Row = { name: string; code: string; amount: string; minDays: string; maxDays: string };
type Result = { ok: boolean; message: string; fieldErrors?: Record<string, string> };

const row = (fields: Partial<Row>): Row => ({
  name: "Standard",
  code: "",
  amount: "4.95",
  minDays: "",
  maxDays: "",
  ...fields,
});

const saveRows = async (rows: Row[], locale?: string, path = "/app/shipping-rates") =>
  data<Result>(
    await call(
      shippingRatesAction,
      post(path, {
        intent: "backup",
        rows: JSON.stringify(rows),
        ...(locale === undefined ? {} : { locale }),
      }),
    ),
  );

/** The page as rendered for an admin in `locale` (the app layout's format context). */
async function renderPage(locale: string): Promise<string> {
  const pageData = await data(await call(shippingRatesLoader, get("/app/shipping-rates")));
  const handler = createStaticHandler([
    {
      id: "routes/app",
      path: "/",
      loader: () => ({ format: { locale, timeZone: "UTC" } }),
      children: [
        {
          id: "routes/app.shipping-rates",
          index: true,
          loader: () => pageData,
          element: createElement(ShippingRates),
        },
      ],
      element: createElement(Outlet),
    },
  ]);
  const context = await handler.query(new Request("http://app.test/"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(
    createElement(
      AppProvider,
      { i18n: polarisEnglish },
      createElement(StaticRouterProvider, { router, context, hydrate: false }),
    ),
  );
}

/** The values of the "Price (EUR)" fields. */
function priceInputs(html: string): string[] {
  return [...html.matchAll(/<input[^>]*inputmode="decimal"[^>]*>/gi)].map(
    (m) => /value="([^"]*)"/.exec(m[0])?.[1] ?? "",
  );
}

const stored = async () => (await getCarrierSettings({ shop: DEMO_SHOP }))?.backupRates ?? [];

describe("backup rates", () => {
  it("read a price with a decimal comma in a German admin and show it back that way", async () => {
    const saved = await saveRows(
      [
        row({ name: "Standard", amount: "4,95", minDays: "2", maxDays: "5" }),
        row({ name: "Express", code: "express", amount: "1.234,50 €", maxDays: "2" }),
      ],
      "de-DE",
    );
    expect(saved).toMatchObject({ ok: true, message: "Backup rates saved." });
    expect(await stored()).toEqual([
      { name: "Standard", code: "backup-1", amountMinor: 495, minDays: 2, maxDays: 5 },
      { name: "Express", code: "express", amountMinor: 123450, maxDays: 2 },
    ]);
    const page = await data<{ currency: string }>(
      await call(shippingRatesLoader, get("/app/shipping-rates")),
    );
    expect(page.currency).toBe("EUR");
    const html = await renderPage("de-DE");
    expect(priceInputs(html)).toEqual(["4,95", "1234,50"]);
    // The form posts the locale it showed the prices in.
    expect(html).toMatch(/<input type="hidden" name="locale" value="de-DE"\/>/);
    expect(priceInputs(await renderPage("en-US"))).toEqual(["4.95", "1234.50"]);
  });

  it("read the admin's locale from Shopify's locale parameter when the form does not send one", async () => {
    expect(
      // "1.234" is 1,234.00 in German and 1.234 (refused: three decimals) in English.
      await saveRows([row({ amount: "1.234" })], undefined, "/app/shipping-rates?locale=de-DE"),
    ).toMatchObject({ ok: true });
    expect((await stored())[0]?.amountMinor).toBe(123400);
    // The locale the page was shown in, posted with the form, wins over the request's.
    expect(
      await saveRows([row({ amount: "1,234" })], "en-US", "/app/shipping-rates?locale=de-DE"),
    ).toMatchObject({ ok: true });
    expect((await stored())[0]?.amountMinor).toBe(123400);
    expect(await saveRows([row({ amount: "12,5" })], "fr-FR")).toMatchObject({ ok: true });
    expect((await stored())[0]?.amountMinor).toBe(1250);
  });

  it("put a plain message on the field for absurd and wrong input, and save nothing", async () => {
    await saveBackupRates({
      shop: DEMO_SHOP,
      rates: [{ name: "Kept", code: "kept", amountMinor: 695 }],
    });
    const cases: [Row[], string, string, RegExp][] = [
      [
        [row({ amount: "-5" })],
        "en-US",
        "rows.0.amount",
        /^Enter an amount between 0.00 and 100,000.00$/,
      ],
      [
        [row({ amount: "99999999999999999999" })],
        "de-DE",
        "rows.0.amount",
        /^Enter an amount between 0,00 and 100.000,00$/,
      ],
      [[row({ amount: "abc" })], "en-US", "rows.0.amount", /^Enter an amount like 4.95$/],
      [[row({ amount: "" })], "de-DE", "rows.0.amount", /^Enter an amount like 4,95$/],
      [
        [row({ amount: "4,955" })],
        "de-DE",
        "rows.0.amount",
        /^EUR amounts have at most 2 decimals/,
      ],
      [[row({ amount: "NaN" })], "en-US", "rows.0.amount", /^Enter an amount like 4.95$/],
      [[row({ name: "" })], "en-US", "rows.0.name", /^Give the rate a name/],
      [[row({ name: "x".repeat(61) })], "en-US", "rows.0.name", /at most 60 characters/],
      [[row({ code: "bad code!" })], "en-US", "rows.0.code", /letters, digits, - and _/],
      [[row({ code: "x".repeat(41) })], "en-US", "rows.0.code", /up to 40/],
      [
        [row({ code: "std" }), row({ name: "Other", code: "std" })],
        "en-US",
        "rows.1.code",
        /^Each rate needs its own code; rate 1 uses "std"$/,
      ],
      ...["abc", "91", "1.5", "-1", "1e1", "99999999999999999999"].map(
        (minDays): [Row[], string, string, RegExp] => [
          [row({ minDays })],
          "en-US",
          "rows.0.minDays",
          /^Enter a whole number of days from 0 to 90$/,
        ],
      ),
      [
        [row({ minDays: "5", maxDays: "2" })],
        "en-US",
        "rows.0.maxDays",
        /^Enter max. days of at least the min. days \(5\)$/,
      ],
      // A blank row in between is skipped; the error stays on the row the merchant typed in.
      [
        [row({}), row({ name: "", amount: "" }), row({ name: "", amount: "3" })],
        "en-US",
        "rows.2.name",
        /name/,
      ],
    ];
    for (const [rows, locale, field, message] of cases) {
      const result = await saveRows(rows, locale);
      const what = JSON.stringify(rows).slice(0, 100);
      expect(result.ok, what).toBe(false);
      expect(result.message).toBe("Some backup rates need fixing; nothing was saved.");
      expect(result.fieldErrors?.[field], what).toMatch(message);
      for (const text of Object.values(result.fieldErrors ?? {}))
        expect(text, what).not.toMatch(RAW);
      // Each message sits on a field the form holds, so it goes when that field changes.
      expect(Object.keys(listFieldValues("rows", rows))).toEqual(
        expect.arrayContaining(Object.keys(result.fieldErrors ?? {})),
      );
    }
    for (const rows of [
      "not json",
      JSON.stringify([{ name: 5 }]),
      JSON.stringify(Array(6).fill(row({}))),
    ]) {
      const result = await data<Result>(
        await call(shippingRatesAction, post("/app/shipping-rates", { intent: "backup", rows })),
      );
      expect(result.ok).toBe(false);
      expect(result.message).toBe(
        "The backup rates could not be read: reload the page and enter at most 5 rates.",
      );
    }
    expect(await stored()).toEqual([{ name: "Kept", code: "kept", amountMinor: 695 }]);
  });
});
