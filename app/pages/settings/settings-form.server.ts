import { z } from "zod";
import { getEnv } from "../../env.server";
import {
  PRINT_ENVIRONMENTS,
  ROUTING_MODES,
  type PrintEnvironmentName,
  type PrintSettingsInput,
  type RoutingMode,
} from "../../data/print-settings.server";
import { checkServiceUrl, type ServiceUrlProblem } from "../../services/net/addresses";
import { checkServiceHostResolves } from "../../services/net/guarded-dispatcher";
import { parseForm } from "../../services/form-errors";
import { isOfferedCurrency } from "../../services/pricing/currency";

/**
 * The Settings form as posted: its fields checked and turned into settings to store, and the
 * service URL's checks (its shape here, the addresses its name resolves to before saving).
 */

const MAX_KEY_LENGTH = 200;
const MAX_URL_LENGTH = 2_000;

export type SettingsFormResult =
  { ok: true; input: PrintSettingsInput } | { ok: false; fieldErrors: Record<string, string> };

const SERVICE_URL_ERRORS: Record<ServiceUrlProblem | "not_public" | "not_found", string> = {
  invalid: "Enter a full URL starting with https://",
  scheme: "Use an https:// address",
  query: "Enter only the service's address, without ? or # and what follows",
  credentials: "Remove the user name and password from the URL",
  private: "Enter a public address: local and private network addresses are not allowed",
  not_public: "Enter a public address: local and private network addresses are not allowed",
  not_found: "This host could not be found",
};

/**
 * The URL rule for a service URL the shop types (app/services/net/addresses.ts):
 * https, no query, fragment or credentials, public addresses only (checked on
 * the addresses the name resolves to now, and again on every connection).
 * Null when it passes.
 */
export async function serviceUrlError(value: string): Promise<string | null> {
  const allowed = getEnv().printAllowedPrivateHosts;
  const shape = checkServiceUrl(value, allowed);
  if (!shape.ok) return SERVICE_URL_ERRORS[shape.problem];
  const resolved = await checkServiceHostResolves(shape.url, allowed);
  return resolved === "public" ? null : SERVICE_URL_ERRORS[resolved];
}

/** The Settings form's fields, each read as trimmed text ("" when absent). */
const SETTINGS_FIELDS = [
  "printEnvironment",
  "printBaseUrl",
  "merchantApiKey",
  "secretKey",
  "applicationApiKey",
  "removeApplicationApiKey",
  "buttonKey",
  "currency",
  "billingEntityId",
  "routingMode",
  "holdHours",
  "notifyCustomer",
] as const;

const SETTINGS_MESSAGES = {
  printEnvironment: "Choose an environment",
  printBaseUrl: "Enter the service URL",
  merchantApiKey: "Enter your merchant API key",
  secretKey: "Enter your secret key",
  currency: "Choose a currency from the list",
  billingEntityId: "Choose a billing entity from the list, or none",
  routingMode: "Choose how orders are sent",
  holdHours: "Enter a whole number of hours from 1 to 72",
};

// Keys are pasted from the print-service account; a longer text is a wrong paste.
const keyTooLong = (what: string) =>
  `Paste only your ${what}: it has at most ${MAX_KEY_LENGTH} characters`;
const key = (what: string) => z.string().max(MAX_KEY_LENGTH, keyTooLong(what));
const oneOf = (values: readonly string[], message: string) =>
  z.string().refine((v) => values.includes(v), message);

/**
 * The checks of the Settings form. Each field is text, so every check runs and each field
 * gets its own message; the service URL and the hold hours depend on other fields.
 */
function settingsFormSchema(stored: { secretKeySet: boolean } | null) {
  return z
    .object({
      printEnvironment: oneOf(PRINT_ENVIRONMENTS, SETTINGS_MESSAGES.printEnvironment),
      printBaseUrl: z.string(),
      merchantApiKey: z
        .string()
        .min(1, SETTINGS_MESSAGES.merchantApiKey)
        .max(MAX_KEY_LENGTH, keyTooLong("merchant API key")),
      secretKey: key("secret key").refine(
        (v) => v !== "" || Boolean(stored?.secretKeySet),
        SETTINGS_MESSAGES.secretKey,
      ),
      applicationApiKey: key("application API key"),
      removeApplicationApiKey: z.string(),
      buttonKey: key("button key"),
      currency: z.string().toUpperCase().refine(isOfferedCurrency, SETTINGS_MESSAGES.currency),
      billingEntityId: z.string().refine((v) => {
        const id = Number(v);
        return v === "" || (Number.isSafeInteger(id) && id > 0);
      }, SETTINGS_MESSAGES.billingEntityId),
      routingMode: oneOf(ROUTING_MODES, SETTINGS_MESSAGES.routingMode),
      holdHours: z.string(),
      notifyCustomer: z.string(),
    })
    .superRefine((v, ctx) => {
      const baseUrl = serviceBaseUrl(v);
      const urlProblem =
        baseUrl.length > MAX_URL_LENGTH
          ? `Enter a service URL of at most ${MAX_URL_LENGTH.toLocaleString("en-US")} characters`
          : v.printEnvironment === "custom" && !baseUrl
            ? SETTINGS_MESSAGES.printBaseUrl
            : baseUrl
              ? serviceUrlShapeError(baseUrl)
              : null;
      if (urlProblem) ctx.addIssue({ code: "custom", path: ["printBaseUrl"], message: urlProblem });
      const hours = Number(v.holdHours);
      if (v.routingMode === "hold" && (!/^\d+$/.test(v.holdHours) || hours < 1 || hours > 72))
        ctx.addIssue({ code: "custom", path: ["holdHours"], message: SETTINGS_MESSAGES.holdHours });
    });
}

/**
 * The service URL's check on the addresses its name resolves to, for a form refused on other
 * fields: told with them, not one submit later. Null when the URL's own shape was refused
 * (that message stands), when there is none, or when it passes.
 */
export async function postedServiceUrlError(
  form: FormData,
  fieldErrors: Record<string, string>,
): Promise<string | null> {
  if (fieldErrors["printBaseUrl"]) return null;
  const read = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.trim() : "";
  };
  const baseUrl = serviceBaseUrl({
    printEnvironment: read("printEnvironment"),
    printBaseUrl: read("printBaseUrl"),
  });
  return baseUrl ? serviceUrlError(baseUrl) : null;
}

/** Test and production have fixed addresses; only sandbox and custom take one. */
function serviceBaseUrl(v: { printEnvironment: string; printBaseUrl: string }): string {
  return v.printEnvironment === "test" || v.printEnvironment === "production" ? "" : v.printBaseUrl;
}

function serviceUrlShapeError(baseUrl: string): string | null {
  const shape = checkServiceUrl(baseUrl, getEnv().printAllowedPrivateHosts);
  return shape.ok ? null : SERVICE_URL_ERRORS[shape.problem];
}

/**
 * The Settings form as posted. Secret fields are write-only: left blank they
 * keep what is stored (`secretKeySet` says whether something is).
 */
export function parsePrintSettingsForm(
  form: FormData,
  stored: { secretKeySet: boolean } | null,
): SettingsFormResult {
  const posted = Object.fromEntries(
    SETTINGS_FIELDS.map((name) => {
      const v = form.get(name);
      return [name, typeof v === "string" ? v.trim() : ""];
    }),
  );
  const parsed = parseForm(settingsFormSchema(stored), posted, SETTINGS_MESSAGES);
  if (!parsed.ok) return parsed;
  const v = parsed.data;
  const baseUrl = serviceBaseUrl(v);
  return {
    ok: true,
    input: {
      printEnvironment: v.printEnvironment as PrintEnvironmentName,
      printBaseUrl: baseUrl ? baseUrl.replace(/\/+$/, "") : null,
      merchantApiKey: v.merchantApiKey,
      ...(v.secretKey ? { secretKey: v.secretKey } : {}),
      ...(v.applicationApiKey
        ? { applicationApiKey: v.applicationApiKey }
        : v.removeApplicationApiKey === "on"
          ? { applicationApiKey: null }
          : {}),
      buttonKey: v.buttonKey || null,
      currency: v.currency,
      billingEntityId: v.billingEntityId ? Number(v.billingEntityId) : null,
      routingMode: v.routingMode as RoutingMode,
      holdHours: v.routingMode === "hold" ? Number(v.holdHours) : 0,
      notifyCustomer: v.notifyCustomer === "on",
    },
  };
}
