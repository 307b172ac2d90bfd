/**
 * "Create product" through the real path: the print sandbox (catalogue,
 * quotes, PDFs), the Shopify stand-in over HTTP (productSet, staged uploads,
 * media) and the test file's own database. Import "../support/app-env" first.
 */
import { randomBytes } from "node:crypto";
import { authenticate } from "~/shopify.server";
import { savePrintSettings } from "~/data/print-settings.server";
import type { AdminApi } from "~/services/shopify-admin";
import { DEMO_SHOP, get, sandboxSettings, startAdminEnv, type AdminEnv } from "../admin/helpers";

export { DEMO_SHOP };

export interface CreationEnv extends AdminEnv {
  admin: AdminApi;
  /** A PDF the print sandbox serves. */
  file(name: string): string;
}

export async function startCreationEnv(): Promise<CreationEnv> {
  const env = await startAdminEnv();
  await savePrintSettings({ shop: DEMO_SHOP, input: sandboxSettings(env.sandbox) });
  // A merchant opening the app: token exchange, the shop's offline session.
  const { admin } = await authenticate.admin(get("/app"));
  return {
    ...env,
    admin,
    file: (name) => `${env.sandbox.url}/files/${name}`,
  };
}

export const newRequestKey = () => randomBytes(16).toString("base64url");

/**
 * The fields as the page posts them: a 48-page A4 book as a hardcover and a
 * softcover in the same size, by default, printed from the sandbox's PDF.
 */
export function creationFields(
  sandboxUrl: string,
  fields: Record<string, string> = {},
): Record<string, string> {
  return {
    requestKey: newRequestKey(),
    intent: "create",
    title: "Tides of Home",
    description: "Photographs of the North Sea coast.\n\nPrinted on silk paper.",
    status: "draft",
    contentUrl: `${sandboxUrl}/files/photo-book/interior-48.pdf`,
    numberOfPages: "48",
    "variants[0].offeringId": "228478",
    "variants[0].label": "Hardcover",
    "variants[1].offeringId": "228501",
    "variants[1].label": "Softcover",
    "variants[1].width": "210",
    "variants[1].height": "297",
    pricingMode: "margin",
    pricingPercent: "30",
    rounding: "99",
    imageSource: "none",
    ...fields,
  };
}

/** The same as FormData, as the action reads it; `without` leaves fields out. */
export function creationForm(
  env: CreationEnv,
  fields: Record<string, string> = {},
  without: string[] = [],
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(creationFields(env.sandbox.url, fields)))
    if (!without.includes(k)) form.append(k, v);
  return form;
}
