/**
 * Base URLs per environment. JSON interface at `{base}/rest/v3`, legacy XML at `{base}/rest`,
 * checkout pages at `{checkout}/print/<id>` (docs/print-wire-contract.md).
 */

export type PrintEnvironment = "sandbox" | "test" | "production" | "custom";

export interface PrintBaseUrls {
  /** JSON interface root, e.g. https://www.peecho.com/rest/v3 */
  json: string;
  /** Legacy XML interface root, e.g. https://www.peecho.com/rest */
  legacy: string;
  /** Hosted checkout root, e.g. https://www.peecho.com */
  checkout: string;
}

export const ENVIRONMENTS: Readonly<Record<"test" | "production", Readonly<PrintBaseUrls>>> = {
  test: {
    json: "https://test.www.peecho.com/rest/v3",
    legacy: "https://test.www.peecho.com/rest",
    checkout: "https://test.www.peecho.com",
  },
  production: {
    json: "https://www.peecho.com/rest/v3",
    legacy: "https://www.peecho.com/rest",
    checkout: "https://www.peecho.com",
  },
};

function stripSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

/** All three roots derived from one origin (the sandbox, or a custom deployment). */
export function baseUrlsFromOrigin(origin: string): PrintBaseUrls {
  const base = stripSlash(origin);
  return { json: `${base}/rest/v3`, legacy: `${base}/rest`, checkout: base };
}

export function resolveBaseUrls(
  environment: PrintEnvironment,
  baseUrl: string | undefined,
  overrides: Partial<PrintBaseUrls> | undefined,
): PrintBaseUrls {
  let urls: PrintBaseUrls;
  if (environment === "test" || environment === "production") {
    urls = { ...ENVIRONMENTS[environment] };
    if (baseUrl) urls = baseUrlsFromOrigin(baseUrl);
  } else {
    if (!baseUrl && !(overrides?.json && overrides.legacy && overrides.checkout)) {
      throw new TypeError(`environment "${environment}" needs baseUrl (or all three baseUrls)`);
    }
    urls = baseUrl ? baseUrlsFromOrigin(baseUrl) : { json: "", legacy: "", checkout: "" };
  }
  const merged = {
    ...urls,
    ...Object.fromEntries(Object.entries(overrides ?? {}).filter(([, v]) => v)),
  };
  for (const key of ["json", "legacy", "checkout"] as const) {
    const value = stripSlash(merged[key]);
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new TypeError(`invalid ${key} base URL: ${JSON.stringify(value)}`);
    }
    // Paths are appended to the root as text: a "?" or "#" would cut them off,
    // letting the base URL choose the path actually called.
    if (/[?#]/.test(value) || url.username || url.password) {
      throw new TypeError(`${key} base URL must have no query, fragment or credentials`);
    }
    merged[key] = value;
  }
  return merged;
}
