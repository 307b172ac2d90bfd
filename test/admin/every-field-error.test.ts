import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as newProductAction } from "~/routes/app.products.new";
import { action as settingsAction } from "~/routes/app.settings";
import { action as billingAction } from "~/routes/app.billing-entities";
import { action as mapAction } from "~/routes/app.products.$variantId";
import { action as publicationsAction } from "~/routes/app.publications";
import { loader as quoteLoader } from "~/routes/app.quote";
import { action as shippingRatesAction } from "~/routes/app.shipping-rates";
import { savePrintSettings } from "~/data/print-settings.server";
import { newRequestKey } from "../product-creation/creation-harness";
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
 * One submit of a form with every field wrong names every field's problem: no form stops at
 * the first refused field, nor keeps the checks that need the catalogue or the network for a
 * second round. Through each page's real action, the print sandbox and the Shopify stand-in.
 */

/** A shop that has not connected its print-service account yet. */
const NEW_SHOP = "every-field-error.myshopify.com";

let env: AdminEnv;
beforeAll(async () => {
  env = await startAdminEnv();
  await savePrintSettings({ shop: DEMO_SHOP, input: sandboxSettings(env.sandbox) });
  env.shopify.state.seedShop({ domain: NEW_SHOP });
});
afterAll(async () => {
  await env?.close();
});

type Refused = { ok?: boolean; fieldErrors: Record<string, string> };
const errorsOf = async (response: Response) => (await data<Refused>(response)).fieldErrors;

describe("every field's error on the first submit", () => {
  it("Create product: an empty form names the title, the offering, the PDF and the page count", async () => {
    const errors = await errorsOf(
      await call(
        newProductAction,
        post("/app/products/new", { requestKey: newRequestKey(), intent: "create" }),
      ),
    );
    expect(errors).toMatchObject({
      title: "Enter the product's title",
      "variants[0].offeringId": "Choose at least one offering",
      contentUrl: "Enter the URL of the print file",
      numberOfPages: "Enter the number of pages",
    });
    expect(await prisma.productCreation.count({ where: { shop: DEMO_SHOP } })).toBe(0);
  });

  it("Create product: a missing title does not hide the offering's page limit or a wrong size", async () => {
    const errors = await errorsOf(
      await call(
        newProductAction,
        post("/app/products/new", {
          requestKey: newRequestKey(),
          intent: "create",
          title: "",
          contentUrl: "ftp://files.example.com/book.pdf",
          numberOfPages: "900",
          "variants[0].offeringId": "228478",
          "variants[1].offeringId": "228501",
          "variants[1].width": "50",
          pricingMode: "margin",
          pricingPercent: "abc",
          rounding: "99",
        }),
      ),
    );
    expect(Object.keys(errors).sort()).toEqual(
      [
        "contentUrl",
        "numberOfPages",
        "pricingPercent",
        "title",
        "variants[1].height",
        "variants[1].width",
      ].sort(),
    );
  });

  it("billing entity: a bad e-mail, postal code, VAT number, phone and no company name, all at once", async () => {
    const bad = {
      companyName: "",
      countryCode: "NL",
      emailAddresses: "not-an-address",
      zipCode: "12",
      vatNumber: "NL12",
      phoneNumber: "call me",
    };
    const created = await data<Refused>(
      await call(billingAction, post("/app/billing-entities", { intent: "create", ...bad })),
    );
    expect(created.ok).toBe(false);
    expect(created.fieldErrors).toEqual({
      companyName: "Enter the company name",
      emailAddresses: "Enter valid email addresses, separated by commas",
      zipCode: "Enter a postal code in this country's format, e.g. 1012 AB",
      vatNumber:
        "A VAT number starting with NL continues with 9 digits, B and 2 digits, e.g. NL123456789B01",
      phoneNumber: "Enter a phone number, e.g. +31 20 123 4567",
    });

    // Edit: the same, and a parent that is the entity itself.
    const made = await data<{ ok: boolean; id: number }>(
      await call(
        billingAction,
        post("/app/billing-entities", { intent: "create", companyName: "Harbour Prints BV" }),
      ),
    );
    expect(made.ok).toBe(true);
    const edited = await errorsOf(
      await call(
        billingAction,
        post("/app/billing-entities", {
          intent: "edit",
          id: String(made.id),
          ...bad,
          parentEntityId: String(made.id),
        }),
      ),
    );
    expect(Object.keys(edited).sort()).toEqual(
      [
        "companyName",
        "emailAddresses",
        "parentEntityId",
        "phoneNumber",
        "vatNumber",
        "zipCode",
      ].sort(),
    );
  });

  it("Settings: the service URL's host is checked together with the other fields", async () => {
    const response = await call(
      settingsAction,
      post(
        "/app/settings",
        {
          intent: "save",
          printEnvironment: "custom",
          // .invalid never resolves: the name check that needs the network.
          printBaseUrl: "https://print.invalid",
          merchantApiKey: "",
          secretKey: "",
          currency: "XXX",
          billingEntityId: "abc",
          routingMode: "hold",
          holdHours: "99",
        },
        NEW_SHOP,
      ),
    );
    expect(await errorsOf(response)).toEqual({
      printBaseUrl: "This host could not be found",
      merchantApiKey: "Enter your merchant API key",
      secretKey: "Enter your secret key",
      currency: "Choose a currency from the list",
      billingEntityId: "Choose a billing entity from the list, or none",
      holdHours: "Enter a whole number of hours from 1 to 72",
    });
  });

  it("mapping: every field against the offering at once", async () => {
    const errors = await errorsOf(
      await call(
        mapAction,
        post("/app/products/20003", {
          offeringId: "228500",
          fileSource: "fixed",
          contentUrl: "ftp://x",
          contentWidth: "abc",
          contentHeight: "",
          numberOfPages: "900",
          coverUrl: "ftp://cover",
          spineMode: "dynamic",
          spineFont: "Comic",
          spineSize: "200",
          spineColour: "red",
          spineBackground: "blue",
        }),
        { variantId: "20003" },
      ),
    );
    expect(Object.keys(errors).sort()).toEqual(
      [
        "contentUrl",
        "contentWidth",
        "coverUrl",
        "numberOfPages",
        "spineBackground",
        "spineCenter",
        "spineColour",
        "spineFont",
        "spineSize",
      ].sort(),
    );
  });

  it("mapping: without a print-service account, the fields are still checked beside the offering", async () => {
    const errors = await errorsOf(
      await call(
        mapAction,
        post(
          "/app/products/20003",
          { offeringId: "228500", fileSource: "fixed", contentUrl: "", coverUrl: "ftp://cover" },
          NEW_SHOP,
        ),
        { variantId: "20003" },
      ),
    );
    expect(errors).toEqual({
      offeringId: "Connect your print-service account first",
      contentUrl: "Enter the URL of the print file",
      coverUrl: "Enter a full URL starting with https://",
    });
  });

  it("publications: a listing from a file names its file and choice with the other fields", async () => {
    const body = await data<Refused>(
      await call(
        publicationsAction,
        post("/app/publications", {
          source: "file",
          title: "",
          fileUrl: "ftp://x",
          pages: "0",
          width: "wide",
          height: "",
          currency: "XXX",
          locale: "??",
        }),
      ),
    );
    expect(body.ok).toBe(false);
    expect(Object.keys(body.fieldErrors).sort()).toEqual(
      ["currency", "fileUrl", "height", "listing", "locale", "pages", "title", "width"].sort(),
    );
  });

  it("quote: the destination, the currency, a quantity and the offering's page range at once", async () => {
    const page = await data<{ fieldErrors: Record<string, string> | null }>(
      // Softcover book A5 takes 32 to 600 pages.
      await call(quoteLoader, get("/app/quote?country=N&currency=EU&item=228500:5:0")),
    );
    expect(page.fieldErrors).toEqual({
      countryCode: "Use a two-letter country code, e.g. NL",
      currency: "Use a three-letter currency code, e.g. EUR",
      "items.0.quantity": "Enter a quantity, a whole number from 1 to 100,000",
      "items.0.numberOfPages": "Softcover book A5 takes 32 to 600 pages",
    });
  });

  it("shipping rates: every backup rate's every field at once", async () => {
    const body = await data<Refused>(
      await call(
        shippingRatesAction,
        post("/app/shipping-rates", {
          intent: "backup",
          locale: "en-US",
          rows: JSON.stringify([
            { name: "", code: "no spaces!", amount: "abc", minDays: "x", maxDays: "1.5" },
            { name: "Standard", code: "std", amount: "-1", minDays: "5", maxDays: "2" },
          ]),
        }),
      ),
    );
    expect(Object.keys(body.fieldErrors).sort()).toEqual(
      [
        "rows.0.amount",
        "rows.0.code",
        "rows.0.maxDays",
        "rows.0.minDays",
        "rows.0.name",
        "rows.1.amount",
        "rows.1.maxDays",
      ].sort(),
    );
  });
});
