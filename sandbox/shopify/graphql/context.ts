/** What every resolver gets, and the small value helpers the views and mutations share. */
import { GraphQLError } from "graphql";
import { parseId, type FakeState, type ShopRecord } from "../state";

/** What a state change made through the API means for webhooks. */
export interface ApiChange {
  topics: string[];
  orderId: number;
}

export interface GraphqlContext {
  state: FakeState;
  shop: ShopRecord;
  scopes: Set<string>;
  /** The calling app's numeric API client id (its `$app` namespaces are `app--<appId>...`). */
  appId: string;
  /** Called after a mutation changed an order (the server may deliver webhooks). */
  onChange?: (change: ApiChange) => void;
  /** Origin that seeded relative asset paths (demo images) resolve against: the app's. */
  assetOrigin?: string | null;
  /** The stand-in's own origin: staged upload targets and product images are served there. */
  fileOrigin?: string | null;
  /** Keeps background work (fetching a product image from a URL) until control.waitForMedia(). */
  track?: (work: Promise<unknown>) => void;
  /** The app's client id and the scopes it asks for (the `app` query). */
  apiKey?: string;
  requestedScopes?: string;
  /** A test's injected refusal: this mutation answers these userErrors and does nothing. */
  injectedUserErrors?: InjectedUserErrors;
}

export interface InjectedUserErrors {
  mutation: string;
  userErrors: Array<{ field: string[] | null; message: string; code: string | null }>;
}

export type Args = Record<string, unknown>;
export type View = Record<string, unknown>;

export function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

export function idArg(value: unknown, type: string): number | null {
  const raw = String(value);
  if (!/^gid:\/\/shopify\/[A-Za-z]+\/\d+/.test(raw)) {
    throw new GraphQLError(`Invalid global id '${raw}'`, {
      extensions: { code: "argumentLiteralsIncompatible", typeName: "CoercionError" },
    });
  }
  return parseId(raw, type) ?? null;
}

export function money(amount: string, currencyCode: string): View {
  const m = { amount, currencyCode };
  return { shopMoney: m, presentmentMoney: m };
}

/** One entry of a mutation's userErrors. */
export interface UserError {
  field: string[] | null;
  message: string;
  code?: string;
}

export function validUrl(u: string): boolean {
  try {
    const parsed = new URL(u);
    return parsed.protocol === "http:" || parsed.protocol === "https:";
  } catch {
    return false;
  }
}
