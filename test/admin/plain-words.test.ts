import "../support/app-env";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { loader as quoteLoader } from "~/routes/app.quote";
import { loader as insightsLoader } from "~/routes/app.mapping-insights";
import { loader as mapLoader, action as mapAction } from "~/routes/app.products.$variantId";
import { loader as homeLoader } from "~/routes/app._index";
import { loader as shippingRatesLoader } from "~/routes/app.shipping-rates";
import {
  loader as publicationsLoader,
  action as publicationsAction,
} from "~/routes/app.publications";
import { savePrintSettings } from "~/data/print-settings.server";
import { failedStep } from "~/services/fulfilment/step-failure";
import { ShopifyAdminError } from "~/services/shopify-admin";
import { offeringLimitProblems } from "~/services/fulfilment/limits";
import type { Offering } from "~/services/print";
import { TEST_APP_URL } from "../support/app-env";
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

/**
 * Words a merchant reads, said in the merchant's words: no raw service text, no error codes,
 * no Shopify placeholder names, no stand-ins for secrets, and counts in the right number.
 */

let env: AdminEnv;
beforeAll(async () => {
  env = await startAdminEnv();
  await savePrintSettings({ shop: DEMO_SHOP, input: sandboxSettings(env.sandbox) });
});
afterAll(async () => {
  await env?.close();
});

/** Text the print sandbox or Shopify would say that a merchant must never read. */
const RAW = /outside \d+\.\.\d+|for offering \d+|Default Title|SHOPIFY_[A-Z]+|<this shop/;

const sandboxFile = (path: string) => `${env.sandbox.url}/files/${path}`;

/** A mapping of the novel (€14.95) to the A5 softcover with this many pages and a fitting file. */
const novelMapping = (pages: number) => ({
  offeringId: "228500",
  fileSource: "fixed",
  contentUrl: sandboxFile(`generate/${pages}p-154x216mm.pdf`),
  fileProperty: "",
  contentWidth: "148",
  contentHeight: "210",
  numberOfPages: String(pages),
  coverUrl: "",
  spineMode: "none",
  spineCustomUrl: "",
  spineFont: "Helvetica",
  spineSize: "12",
  spineColour: "#000000",
  spineTop: "",
  spineCenter: "",
  spineBottom: "",
  spineBackground: "",
});

describe("a page count outside the offering's range", () => {
  it("is said on the quote's Pages field as the offering's rule, with its name", async () => {
    const body = await data<{ fieldErrors: Record<string, string> | null; problem: unknown }>(
      await call(
        quoteLoader,
        get(`/app/quote?country=NL&item=${encodeURIComponent("228530:40:1:")}`),
      ),
    );
    expect(body.fieldErrors).toEqual({
      "items.0.numberOfPages": "Wall calendar A3 takes 13 to 28 pages",
    });
    expect(JSON.stringify(body)).not.toMatch(RAW);
  });

  it("is said once in the mapping page's print check, not as the service's refusal", async () => {
    const body = await data<{
      spine: { status: string; problem?: string } | null;
      margin: { status: string; reason?: string } | null;
    }>(
      await call(
        insightsLoader,
        get("/app/mapping-insights?variant=20005&offeringId=228530&pages=40"),
      ),
    );
    expect(body.margin).toEqual({
      status: "unavailable",
      reason: "Wall calendar A3 takes 13 to 28 pages.",
    });
    expect(body.spine).toEqual({
      status: "error",
      problem: "Wall calendar A3 takes 13 to 28 pages.",
    });
  });

  it("is said on a publication's Pages field, before the print service refuses it", async () => {
    const body = await data<{ ok: boolean; fieldErrors: Record<string, string> }>(
      await call(
        publicationsAction,
        post("/app/publications", {
          source: "file",
          listing: "offering",
          offeringId: "228530",
          title: "Calendar",
          fileUrl: "https://files.example.com/calendar.pdf",
          pages: "40",
          width: "297",
          height: "420",
          currency: "EUR",
          locale: "en",
        }),
      ),
    );
    expect(body.ok).toBe(false);
    expect(body.fieldErrors).toMatchObject({ pages: "Wall calendar A3 takes 13 to 28 pages" });
    expect(JSON.stringify(body)).not.toMatch(RAW);
  });
});

describe("a variant's name", () => {
  it("is the product's title alone for the only variant of a product", async () => {
    const body = await data<{ variant: { displayName: string } }>(
      await call(mapLoader, get("/app/products/20003"), { variantId: "20003" }),
    );
    // The page's title; the view leaves Shopify's "Default Title" out (test/browser/merchant-words).
    expect(body.variant.displayName).toBe("The Quiet Harbour (Softcover Novel)");
  });
});

describe("a saved mapping", () => {
  it("comes back with the margin of a sale, a loss when the price does not cover it", async () => {
    const saved = await call(mapAction, post("/app/products/20003", novelMapping(600)), {
      variantId: "20003",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/app/products/20003?saved=1");
    const body = await data<{
      saved: {
        margin: { margin: { amountMinor: number; currency: string }; covers: boolean } | null;
        targetBps: number | null;
      } | null;
    }>(await call(mapLoader, get("/app/products/20003?saved=1"), { variantId: "20003" }));
    expect(body.saved?.margin?.covers).toBe(false);
    expect(body.saved?.margin?.margin.amountMinor).toBeLessThan(0);
    expect(body.saved?.targetBps).toBeNull();
    // Without ?saved the page does not work the margin out (the print check card does).
    const plain = await data<{ saved: unknown }>(
      await call(mapLoader, get("/app/products/20003"), { variantId: "20003" }),
    );
    expect(plain.saved).toBeNull();
  });
});

/** Home's data: its loader defers part of its answer, so it answers deferred data. */
async function homeActivity(): Promise<{ message: string }[]> {
  const deferred = (await homeLoader({
    request: get("/app"),
    params: {},
    context: {} as AppLoadContext,
  })) as unknown as { data: Record<string, unknown> };
  // Let the deferred parts settle so nothing runs on after the test.
  await Promise.all(
    Object.values(deferred.data).map((v) => (v instanceof Promise ? v.catch(() => null) : v)),
  );
  return deferred.data.activity as { message: string }[];
}

describe("Home's recent activity", () => {
  it("says Shopify's throttling in a sentence, for new notes and those kept from before", async () => {
    const shopOrder = await prisma.shopOrder.create({
      data: {
        shop: DEMO_SHOP,
        shopifyOrderId: "77001",
        name: "#7001",
        currency: "EUR",
        lineItems: "[]",
      },
    });
    const order = {
      id: "po-7001",
      shop: DEMO_SHOP,
      status: "created",
      attempts: 0,
    } as Parameters<typeof failedStep>[0];
    const logger = { debug() {}, info() {}, warn() {}, error() {} };
    const step = failedStep(
      order,
      new ShopifyAdminError("throttled", "Throttled", { retryAfterMs: 1_000 }),
      {
        logger,
        now: () => new Date(),
        random: () => 0,
        baseBackoffMs: 1_000,
        maxBackoffMs: 60_000,
      },
    );
    const note = step.events[0]!;
    expect(note.message).toBe("Shopify asked the app to slow down; the app tries again by itself.");
    await prisma.orderEvent.createMany({
      data: [
        {
          shop: DEMO_SHOP,
          shopOrderId: shopOrder.id,
          actor: note.actor,
          type: note.type,
          message: note.message,
          data: JSON.stringify(note.data),
          at: new Date(Date.now() - 1_000),
        },
        // As earlier versions kept it.
        {
          shop: DEMO_SHOP,
          shopOrderId: shopOrder.id,
          actor: "worker",
          type: "retry_scheduled",
          message: "Temporary problem (SHOPIFY_THROTTLED); trying again automatically (attempt 5).",
          data: JSON.stringify({ code: "SHOPIFY_THROTTLED" }),
        },
      ],
    });
    const messages = (await homeActivity()).map((a) => a.message);
    expect(messages.slice(0, 2)).toEqual([
      "Shopify asked the app to slow down; the app tries again by itself (attempt 5).",
      "Shopify asked the app to slow down; the app tries again by itself.",
    ]);
    expect(messages.join(" ")).not.toMatch(RAW);
  });
});

describe("the shipping-rates page", () => {
  it("says where Shopify asks for rates without a stand-in for the shop's secret", async () => {
    const body = await data<{ callback: string }>(
      await call(shippingRatesLoader, get("/app/shipping-rates")),
    );
    expect(JSON.stringify(body)).not.toMatch(RAW);
    expect(body.callback).toContain(new URL(TEST_APP_URL).origin);
    expect(body.callback).toMatch(/secret code of your shop's own/);
  });
});

describe("the publications list", () => {
  it("names the variant a listing comes from and shows what its shopper pays", async () => {
    // The novel mapped with a fixed file, then listed from it and from a file.
    await call(mapAction, post("/app/products/20003", novelMapping(240)), { variantId: "20003" });
    const fromVariant = await data<{ ok: boolean }>(
      await call(
        publicationsAction,
        post("/app/publications", {
          source: "variant",
          variantId: "gid://shopify/ProductVariant/20003",
          title: "The Quiet Harbour",
          currency: "EUR",
          locale: "en",
        }),
      ),
    );
    expect(fromVariant.ok).toBe(true);
    const body = await data<{
      page: { rows: { id: string; title: string; checkoutUrl: string }[] };
      sources: Record<string, string>;
      shopperPrices: Record<
        string,
        {
          status: string;
          price?: { amountMinor: number; currency: string };
          earns?: { amountMinor: number; currency: string } | null;
          quantity?: number;
        }
      >;
    }>(await call(publicationsLoader, get("/app/publications")));
    const row = body.page.rows.find((r) => r.title === "The Quiet Harbour")!;
    expect(body.sources[row.id]).toBe("From The Quiet Harbour (Softcover Novel)");
    expect(JSON.stringify(body)).not.toMatch(/From variant \d+/);
    const price = body.shopperPrices[row.id]!;
    expect(price).toMatchObject({ status: "ok", quantity: 1 });
    // The same amount the shopper sees on the listing's checkout page.
    const checkout = await (await fetch(row.checkoutUrl)).text();
    const shown = /data-testid="price">EUR ([\d.]+)</.exec(checkout)?.[1];
    expect(shown, checkout.slice(0, 400)).toBeDefined();
    expect(price.price).toEqual({ amountMinor: Math.round(Number(shown) * 100), currency: "EUR" });
    // And what the merchant earns on it: the account's markup over the print cost, before VAT.
    expect(price.earns?.currency).toBe("EUR");
    expect(price.earns!.amountMinor).toBeGreaterThan(0);
    expect(price.earns!.amountMinor).toBeLessThan(price.price!.amountMinor);
  });
});

describe("counts of pages", () => {
  it("say one page, not one pages", () => {
    const calendar = { id: 1, name: "Calendar", minNumberOfPages: 13, maxNumberOfPages: 28 };
    expect(
      offeringLimitProblems(calendar as Offering, {
        numberOfPages: 1,
        quantity: 1,
        contentWidth: null,
        contentHeight: null,
      }),
    ).toEqual(["1 page is below the minimum of 13"]);
  });
});
