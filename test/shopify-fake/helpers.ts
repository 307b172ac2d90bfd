import {
  installShopifyRedirect,
  mintSessionToken,
  startShopifyFake,
  type ShopifyFake,
  type ShopifyFakeOptions,
} from "../../sandbox/shopify";

export const API_KEY = "test-api-key";
export const API_SECRET = "test-api-secret";
export const SHOP = "print-connect-demo.myshopify.com";
export const API_VERSION = "2026-07";

export interface FakeHarness {
  fake: ShopifyFake;
  /** POST a GraphQL request to https://<shop>/admin/api/<version>/graphql.json through the redirect. */
  gql: (
    query: string,
    variables?: Record<string, unknown>,
    opts?: { token?: string; shop?: string },
  ) => Promise<{ status: number; body: GqlBody }>;
  /** Offline token (non-expiring) obtained via token exchange. */
  token: string;
  close: () => Promise<void>;
}

export interface GqlBody {
  data?: Record<string, unknown> | null;
  errors?:
    | Array<{
        message: string;
        locations?: unknown;
        path?: unknown[];
        extensions?: Record<string, unknown>;
      }>
    | string;
  extensions?: {
    cost?: {
      requestedQueryCost: number;
      actualQueryCost: number | null;
      throttleStatus: Record<string, number>;
    };
  };
}

export async function tokenExchange(params: {
  shop?: string;
  requested?: "offline" | "online";
  expiring?: boolean;
  sessionToken?: string;
  clientSecret?: string;
}): Promise<{ status: number; body: Record<string, unknown> }> {
  const shop = params.shop ?? SHOP;
  const res = await fetch(`https://${shop}/admin/oauth/access_token`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({
      client_id: API_KEY,
      client_secret: params.clientSecret ?? API_SECRET,
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      subject_token:
        params.sessionToken ?? mintSessionToken({ apiKey: API_KEY, apiSecret: API_SECRET, shop }),
      subject_token_type: "urn:ietf:params:oauth:token-type:id_token",
      requested_token_type: `urn:shopify:params:oauth:token-type:${params.requested ?? "offline"}-access-token`,
      expiring: params.expiring ? "1" : "0",
    }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export async function startHarness(
  options: Partial<ShopifyFakeOptions> = {},
): Promise<FakeHarness> {
  const fake = await startShopifyFake({ apiKey: API_KEY, apiSecret: API_SECRET, ...options });
  const uninstall = installShopifyRedirect({ target: fake.url });
  const exchanged = await tokenExchange({});
  const token = String(exchanged.body.access_token);
  const gql: FakeHarness["gql"] = async (query, variables, opts = {}) => {
    const res = await fetch(`https://${opts.shop ?? SHOP}/admin/api/${API_VERSION}/graphql.json`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Shopify-Access-Token": opts.token ?? token,
      },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, body: (await res.json()) as GqlBody };
  };
  return {
    fake,
    gql,
    token,
    close: async () => {
      await uninstall();
      await fake.close();
    },
  };
}

/** Reads a nested property path from GraphQL data without casts at every step. */
export function at<T = unknown>(value: unknown, ...path: Array<string | number>): T {
  let current: unknown = value;
  for (const key of path) {
    if (current === null || current === undefined) return current as T;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current as T;
}
