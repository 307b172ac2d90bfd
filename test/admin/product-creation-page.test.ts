import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as newAction, loader as newLoader } from "~/routes/app.products.new";
import { loader as createdLoader } from "~/routes/app.products.created.$id";
import { loader as productsLoader } from "~/routes/app.products._index";
import { savePrintSettings } from "~/data/print-settings.server";
import { updateShopScopes } from "~/data/shop.server";
import { DEFAULT_SCOPES } from "../../sandbox/shopify";
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
import { creationFields } from "../product-creation/creation-harness";

/**
 * The create-product pages through their loaders and actions, with the real
 * product-creation model, the print sandbox and the Shopify stand-in.
 */

let env: AdminEnv;
beforeAll(async () => {
  env = await startAdminEnv();
  await savePrintSettings({ shop: DEMO_SHOP, input: sandboxSettings(env.sandbox) });
});
afterAll(async () => {
  await env?.close();
});

interface PageData {
  requestKey: string;
  offerings: { id: number; name: string; dynamicSize: boolean }[] | null;
  currency: string;
  pricing: { mode: string; percent: number; rounding: string };
  canWriteProducts: boolean;
  selectedOfferingId: number | null;
  retry: { creationId: string; values: Record<string, string> } | null;
}

interface PreviewVariant {
  index: number;
  label: string;
  costMinor: number;
  priceMinor: number;
  suggestedPriceMinor: number;
  marginMinor: number;
  belowCost: boolean;
  preflight: { status: string } | null;
}

type ActionAnswer = {
  intent: "preview" | "create";
  preview?:
    | { ok: true; currency: string; variants: PreviewVariant[]; lossConfirmationNeeded: boolean }
    | { ok: false; fieldErrors: Record<string, string> }
    | null;
  fieldErrors?: Record<string, string>;
  problem?: string;
};

/** The two-variant book of the issue: A4 hardcover and a custom-size softcover. */
function bookForm(key: string, title: string, extra: Record<string, string> = {}) {
  return creationFields(env.sandbox.url, { requestKey: key, title, ...extra });
}

async function freshKey(): Promise<string> {
  const page = await data<PageData>(await call(newLoader, get("/app/products/new")));
  return page.requestKey;
}

const productsTitled = (title: string) => env.shopify.control.products(DEMO_SHOP, { title });

describe("the create-product form's loader", () => {
  it("gives a request key, the catalogue and the shop's pricing rule", async () => {
    const page = await data<PageData>(await call(newLoader, get("/app/products/new")));
    expect(page.requestKey).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(page.canWriteProducts).toBe(true);
    expect(page.offerings?.map((o) => o.id)).toEqual(expect.arrayContaining([228478, 228501]));
    expect(page.pricing).toEqual({ mode: "margin", percent: 30, rounding: "99" });
    // Each load of a new form is a new submission.
    expect(await freshKey()).not.toBe(page.requestKey);
  });

  it("preselects the offering it was opened from, and keeps a key it was reloaded with", async () => {
    const key = "Reloaded_form_key_0123456789";
    const page = await data<PageData>(
      await call(newLoader, get(`/app/products/new?offering=228478&key=${key}`)),
    );
    expect(page.selectedOfferingId).toBe(228478);
    expect(page.requestKey).toBe(key);
    // A key that is not one the loader could have made is replaced.
    const odd = await data<PageData>(await call(newLoader, get("/app/products/new?key=x%20y")));
    expect(odd.requestKey).not.toBe("x y");
    expect(odd.requestKey).toMatch(/^[A-Za-z0-9_-]{22,}$/);
  });
});

describe("working out prices", () => {
  it("shows each variant's cost, price, margin and file check, and creates nothing", async () => {
    const key = await freshKey();
    const answer = await data<ActionAnswer>(
      await call(
        newAction,
        post("/app/products/new", { ...bookForm(key, "Preview only book"), intent: "preview" }),
      ),
    );
    expect(answer.intent).toBe("preview");
    const preview = answer.preview;
    expect(preview?.ok, JSON.stringify(answer)).toBe(true);
    if (!preview?.ok) return;
    expect(preview.currency).toBe("EUR");
    expect(preview.variants.map((v) => v.label)).toEqual(["Hardcover", "Softcover"]);
    for (const v of preview.variants) {
      expect(v.costMinor).toBeGreaterThan(0);
      expect(v.priceMinor).toBeGreaterThan(v.costMinor);
      expect(v.priceMinor % 100).toBe(99);
      expect(v.marginMinor).toBe(v.priceMinor - v.costMinor);
      expect(v.belowCost).toBe(false);
      expect(v.preflight?.status).toBe("passed");
    }
    expect(productsTitled("Preview only book")).toHaveLength(0);
  });

  it("puts a problem on the field it names, variants included", async () => {
    const key = await freshKey();
    const refused = async (extra: Record<string, string>) => {
      const answer = await data<ActionAnswer>(
        await call(
          newAction,
          post("/app/products/new", {
            ...bookForm(key, "Bad fields book"),
            ...extra,
            intent: "preview",
          }),
        ),
      );
      expect(answer.preview?.ok, JSON.stringify(answer)).toBe(false);
      const errors = answer.preview && !answer.preview.ok ? answer.preview.fieldErrors : {};
      for (const message of Object.values(errors))
        expect(message).not.toMatch(/expected|invalid input|received|NaN/i);
      return errors;
    };
    // A custom-size offering needs its size.
    expect(Object.keys(await refused({ "variants[1].width": "" }))).toContain("variants[1].width");
    expect(Object.keys(await refused({ "variants[0].price": "abc" }))).toContain(
      "variants[0].price",
    );
    expect(Object.keys(await refused({ "variants[1].label": "Hardcover" }))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^variants\[1\]/)]),
    );
    expect(Object.keys(await refused({ title: "" }))).toContain("title");
    expect(productsTitled("Bad fields book")).toHaveLength(0);
  });
});

describe("creating the product", () => {
  it("asks for an explicit confirmation before selling below cost", async () => {
    const key = await freshKey();
    const form = bookForm(key, "Cheap book", { "variants[0].price": "1.00" });
    const refused = await data<ActionAnswer>(
      await call(newAction, post("/app/products/new", { ...form, intent: "create" })),
    );
    expect(refused.intent).toBe("create");
    expect(refused.fieldErrors?.confirmLoss).toBeTruthy();
    // The page can show which prices lose money next to the checkbox.
    expect(refused.preview?.ok).toBe(true);
    if (refused.preview?.ok) {
      expect(refused.preview.lossConfirmationNeeded).toBe(true);
      expect(refused.preview.variants[0]?.belowCost).toBe(true);
    }
    expect(productsTitled("Cheap book")).toHaveLength(0);

    const confirmed = await call(
      newAction,
      post("/app/products/new", { ...form, confirmLoss: "on", intent: "create" }),
    );
    expect(confirmed.status).toBe(302);
    expect(productsTitled("Cheap book")).toHaveLength(1);
    // Products warns of the variant below the target margin, with the way to reprice it.
    const products = await data<{ belowTarget: number }>(
      await call(productsLoader, get("/app/products")),
    );
    expect(products.belowTarget).toBeGreaterThanOrEqual(1);
  });

  it("creates, maps and shows the product; the same key again never makes a second one", async () => {
    const key = await freshKey();
    const form = { ...bookForm(key, "Summer photo book"), intent: "create" };
    const first = await call(newAction, post("/app/products/new", form));
    expect(first.status, await first.clone().text()).toBe(302);
    const location = first.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/app\/products\/created\/[\w-]+$/);

    // A double click or a retry posts the same key: the same creation, no second product.
    const again = await call(newAction, post("/app/products/new", form));
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe(location);
    const products = productsTitled("Summer photo book");
    expect(products).toHaveLength(1);
    const product = products[0]!;
    expect(product.status).toBe("DRAFT");
    expect(product.variants.map((v) => v.price)).toHaveLength(2);

    const id = location.split("/").pop()!;
    const { creation } = await data<{
      creation: {
        state: string;
        title: string;
        adminUrl: string | null;
        status: string;
        variants: { label: string; priceMinor: number | null; mappingUrl: string | null }[];
        problem: string | null;
      };
    }>(await call(createdLoader, get(location), { id }));
    expect(creation.state).toBe("done");
    expect(creation.title).toBe("Summer photo book");
    expect(creation.status).toBe("draft");
    expect(creation.adminUrl).toBe(`shopify://admin/products/${product.legacyId}`);
    expect(creation.variants.map((v) => v.label)).toEqual(["Hardcover", "Softcover"]);
    const variantIds = product.variants.map((v) => v.id.split("/").pop());
    expect(creation.variants.map((v) => v.mappingUrl)).toEqual(
      variantIds.map((n) => `/app/products/${n}`),
    );
  });

  it("blocks a PDF that does not fit, with the reason on the file's field", async () => {
    const key = await freshKey();
    const answer = await data<ActionAnswer>(
      await call(
        newAction,
        post("/app/products/new", {
          ...bookForm(key, "Wrong file book"),
          contentUrl: `${env.sandbox.url}/files/bad/photo-book-47-pages.pdf`,
          intent: "create",
        }),
      ),
    );
    expect(answer.intent).toBe("create");
    expect(answer.fieldErrors?.contentUrl).toMatch(/47 pages/);
    expect(productsTitled("Wrong file book")).toHaveLength(0);
  });

  it("refills the form from an earlier creation, under a new key once that one is done", async () => {
    const key = await freshKey();
    const created = await call(
      newAction,
      post("/app/products/new", { ...bookForm(key, "Refilled book"), intent: "create" }),
    );
    const id = (created.headers.get("Location") ?? "").split("/").pop()!;
    const page = await data<PageData>(await call(newLoader, get(`/app/products/new?retry=${id}`)));
    expect(page.retry?.values).toMatchObject({
      title: "Refilled book",
      "variants[1].offeringId": "228501",
      "variants[1].width": "210",
    });
    expect(page.requestKey).not.toBe(key);
  });

  it("also lists it on the print service's checkout page when asked", async () => {
    const key = await freshKey();
    const created = await call(
      newAction,
      post("/app/products/new", {
        ...bookForm(key, "Listed book"),
        publish: "on",
        intent: "create",
      }),
    );
    expect(created.status).toBe(302);
    const location = created.headers.get("Location") ?? "";
    const { creation } = await data<{
      creation: {
        problem: string | null;
        publication: { checkoutUrl: string } | null;
        publications: { label: string; checkoutUrl: string }[];
      };
    }>(await call(createdLoader, get(location), { id: location.split("/").pop()! }));
    expect(creation.problem).toBeNull();
    expect(creation.publications.map((p) => p.label)).toEqual(["Hardcover", "Softcover"]);
    const checkout = await fetch(creation.publication!.checkoutUrl);
    expect(checkout.status).toBe(200);
  });

  it("answers 404 for a creation of another shop or none", async () => {
    const none = await call(createdLoader, get("/app/products/created/nope"), { id: "nope" });
    expect(none.status).toBe(404);
  });
});

describe("without the write_products scope", () => {
  it("replaces the form with the reason, and the button asks Shopify for the scope", async () => {
    const granted = DEFAULT_SCOPES.split(",")
      .filter((s) => s !== "write_products")
      .join(",");
    // The shop takes write_products back: Shopify's app/scopes_update tells the app.
    env.shopify.control.setScopes(DEMO_SHOP, granted);
    await updateShopScopes({ shop: DEMO_SHOP, scopes: granted });
    try {
      const page = await data<PageData>(await call(newLoader, get("/app/products/new")));
      expect(page.canWriteProducts).toBe(false);

      const asked = await call(newAction, post("/app/products/new", { intent: "grant_access" }));
      // Embedded: App Bridge follows this header to Shopify's grant screen.
      expect(asked.status).toBe(401);
      const grantUrl = new URL(
        asked.headers.get("X-Shopify-API-Request-Failure-Reauthorize-Url") ?? "",
      );
      expect(grantUrl.pathname).toBe("/admin/oauth/install");
      expect(grantUrl.hostname).toBe(DEMO_SHOP);
      expect(grantUrl.searchParams.get("optional_scopes")).toBe("write_products");
    } finally {
      env.shopify.control.setScopes(DEMO_SHOP, DEFAULT_SCOPES);
      await updateShopScopes({ shop: DEMO_SHOP, scopes: DEFAULT_SCOPES });
    }
    const page = await data<PageData>(await call(newLoader, get("/app/products/new")));
    expect(page.canWriteProducts).toBe(true);
  });

  it("learns a scope the shop's record missed when the merchant asks again", async () => {
    // Granted in Shopify, but the app's record of the shop says otherwise.
    const without = DEFAULT_SCOPES.split(",")
      .filter((s) => s !== "write_products")
      .join(",");
    await updateShopScopes({ shop: DEMO_SHOP, scopes: without });
    const before = await data<PageData>(await call(newLoader, get("/app/products/new")));
    expect(before.canWriteProducts).toBe(false);
    const asked = await call(newAction, post("/app/products/new", { intent: "grant_access" }));
    expect(asked.status).toBe(302);
    expect(asked.headers.get("Location")).toBe("/app/products/new");
    const after = await data<PageData>(await call(newLoader, get("/app/products/new")));
    expect(after.canWriteProducts).toBe(true);
  });
});
