import pino, { type Logger } from "pino";

/**
 * The one structured logger. Keys, secrets, tokens and customer personal data
 * are redacted wherever they appear as fields of a logged object.
 */
const SECRET_FIELDS = [
  "secret",
  "secretKey",
  "apiKey",
  "merchantApiKey",
  "merchant_api_key",
  "applicationApiKey",
  "buttonKey",
  "accessToken",
  "refreshToken",
  "token",
  "carrierCallbackToken",
  "password",
  "authorization",
  "cookie",
  "x-shopify-access-token",
  "x-shopify-hmac-sha256",
];
const PERSONAL_FIELDS = [
  "email",
  "email_address",
  "emailAddress",
  "phone",
  "phone_number",
  "first_name",
  "last_name",
  "firstName",
  "lastName",
  "address1",
  "address2",
  "address_line_1",
  "address_line_2",
  "shipping_address",
  "shippingAddress",
  "billing_address",
];

function redactPaths(fields: string[]): string[] {
  // pino matches exact paths; cover top level and two levels of nesting.
  return fields.flatMap((f) => {
    const key = /^[A-Za-z_$][\w$]*$/.test(f) ? f : `["${f}"]`;
    const dot = key.startsWith("[") ? "" : ".";
    return [key, `*${dot}${key}`, `*.*${dot}${key}`];
  });
}

export function createLogger(options: {
  level: string;
  destination?: pino.DestinationStream;
}): Logger {
  return pino(
    {
      level: options.level,
      base: { app: "print-connect" },
      redact: { paths: redactPaths([...SECRET_FIELDS, ...PERSONAL_FIELDS]), censor: "[redacted]" },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    options.destination,
  );
}

/**
 * For free text that reaches the log (the Shopify library logs strings, not
 * fields): removes JSON Web Tokens, Shopify access and refresh tokens, and
 * the values of token-like keys.
 */
export function redactMessage(message: string): string {
  return message
    .replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, "[redacted]")
    .replace(/\bshp(?:at|rt|ua|ca|ss|pa)_[\w-]+/g, "[redacted]")
    .replace(
      /\b(sessionToken|payload|accessToken|refreshToken|access_token|refresh_token|id_token|idToken|token)(["']?\s*[:=]\s*)(\{[^{}]*\}|"[^"]*"|'[^']*'|[^,}\s]+)/g,
      "$1$2[redacted]",
    );
}

export type { Logger };

let root: Logger | undefined;

/** The process-wide logger, created on first use from LOG_LEVEL. */
export function getLogger(): Logger {
  root ??= createLogger({
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  });
  return root;
}
