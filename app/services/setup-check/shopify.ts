/**
 * The setup check's questions to Shopify and its one change there (turning the cart rule on),
 * over the Admin GraphQL port. Answers become facts; judging them is judge.ts's.
 */
import {
  CART_RULE_FUNCTION_HANDLE,
  CART_RULE_QUERY,
  CART_VALIDATION_API_TYPE,
  LATEST_PAID_ORDER_QUERY,
  MAIN_THEME_TEMPLATE_QUERY,
  PRODUCT_BLOCK_HANDLE,
  PRODUCT_TEMPLATE,
  VALIDATION_CREATE,
  VALIDATION_UPDATE,
} from "../shopify-admin/documents/setup-check";
import {
  pageFailure,
  ShopifyAdminError,
  userErrorsFailure,
  type AdminGraphql,
} from "../shopify-admin";
import type { ShopifyUserError } from "../shopify-admin";
import { SETUP_CHECK_TEXT as T } from "../merchant-text/setup-check";
import type { CartRuleFact, ProductBlockFact } from "./facts";
import { templateHasAppBlock } from "./judge";

/** A failed question to Shopify in the check's words ("Couldn't check: ..."). */
export function shopifyReason(thrown: unknown): string {
  // A 429 or 5xx thrown as a Response is Shopify not answering, not a refusal.
  const error = pageFailure(thrown) ?? thrown;
  if (error instanceof ShopifyAdminError) {
    if (error.kind === "throttled" || error.kind === "unavailable")
      return T.reason.shopifyUnavailable;
    if (/access denied/i.test(error.message)) return T.reason.missingAccess;
    return T.reason.shopifyRefused(error.message);
  }
  if (error instanceof Response) return T.reason.shopifyRefused(`HTTP ${error.status}`);
  return T.reason.shopifyRefused(error instanceof Error ? error.message : String(error));
}

/** The longest pause before asking Shopify again after a blip. */
const BLIP_PAUSE_MAX_MS = 1_000;

/**
 * A question to Shopify, asked once more after a short pause when Shopify was busy (throttled)
 * or the connection failed: one blip is not worth a "Couldn't check" on Home. The check's own
 * time bound still holds (probe.ts); a refusal is not asked again.
 */
export async function askShopifyAgainAfterBlip<R>(
  run: () => Promise<R>,
  pause: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<R> {
  try {
    return await run();
  } catch (error) {
    // The page's client throws Shopify's HTTP failures as a Response (pageFailure reads both).
    const failure = pageFailure(error);
    if (!failure?.transient) throw error;
    await pause(Math.min(failure.retryAfterMs ?? 200, BLIP_PAUSE_MAX_MS));
    return run();
  }
}

/** The shop's latest paid order (name and when it was paid), or null when it has none. */
export async function readLatestPaidOrder(
  graphql: AdminGraphql,
): Promise<{ name: string; paidAt: Date } | null> {
  const data = await graphql<{
    orders: { nodes: { name: string; processedAt: string | null; createdAt: string }[] };
  }>(LATEST_PAID_ORDER_QUERY);
  const order = data.orders.nodes[0];
  if (!order) return null;
  return { name: order.name, paidAt: new Date(order.processedAt ?? order.createdAt) };
}

interface CartRuleAnswer {
  shopifyFunctions: { nodes: { id: string; handle: string }[] };
  validations: {
    nodes: { id: string; enabled: boolean; shopifyFunction: { id: string; handle: string } }[];
  };
}

async function askCartRule(graphql: AdminGraphql) {
  const data = await graphql<CartRuleAnswer>(CART_RULE_QUERY, {
    apiType: CART_VALIDATION_API_TYPE,
  });
  const fn = data.shopifyFunctions.nodes.find((f) => f.handle === CART_RULE_FUNCTION_HANDLE);
  const ours = fn ? data.validations.nodes.filter((v) => v.shopifyFunction.id === fn.id) : [];
  // One that is on counts; otherwise the first one made, to turn on.
  const validation = ours.find((v) => v.enabled) ?? ours[0] ?? null;
  return { functionFound: Boolean(fn), validation };
}

export async function readCartRule(graphql: AdminGraphql): Promise<CartRuleFact> {
  const { functionFound, validation } = await askCartRule(graphql);
  return {
    functionFound,
    validation: validation ? { id: validation.id, enabled: validation.enabled } : null,
  };
}

export type CartRuleResult = "turned_on" | "already_on" | "not_deployed";

/**
 * Turns the cart rule on: its validation is made (validationCreate) or, when the merchant
 * turned it off, turned on again (validationUpdate). A runtime failure of the function does not
 * block checkout (blockOnFailure false): a sale is not lost to an outage of the rule.
 */
export async function enableCartRule(graphql: AdminGraphql): Promise<CartRuleResult> {
  const { functionFound, validation } = await askCartRule(graphql);
  if (!functionFound) return "not_deployed";
  if (validation?.enabled) return "already_on";
  type Payload = {
    validation: { id: string; enabled: boolean } | null;
    userErrors: ShopifyUserError[];
  };
  if (validation) {
    const data = await graphql<{ validationUpdate: Payload }>(VALIDATION_UPDATE, {
      id: validation.id,
      validation: { enable: true, blockOnFailure: false },
    });
    const { validation: updated, userErrors } = data.validationUpdate;
    if (!updated?.enabled) throw userErrorsFailure(userErrors, "validationUpdate");
    return "turned_on";
  }
  const data = await graphql<{ validationCreate: Payload }>(VALIDATION_CREATE, {
    validation: {
      functionHandle: CART_RULE_FUNCTION_HANDLE,
      title: "Print Connect: prints sold in sets",
      enable: true,
      blockOnFailure: false,
    },
  });
  const { validation: created, userErrors } = data.validationCreate;
  if (!created?.enabled) throw userErrorsFailure(userErrors, "validationCreate");
  return "turned_on";
}

type ThemeFileBody =
  | { __typename: "OnlineStoreThemeFileBodyText"; content: string }
  | { __typename: "OnlineStoreThemeFileBodyBase64"; contentBase64: string }
  | { __typename: "OnlineStoreThemeFileBodyUrl" };

/**
 * Whether the live theme's product template holds the app's product-page block (read-only;
 * a template kept elsewhere, such as a Liquid one, cannot be read).
 */
export async function readProductBlock(graphql: AdminGraphql): Promise<ProductBlockFact | null> {
  const data = await graphql<{
    themes: {
      nodes: {
        name: string;
        files: { nodes: { filename: string; body: ThemeFileBody }[] } | null;
      }[];
    } | null;
  }>(MAIN_THEME_TEMPLATE_QUERY, { filenames: [PRODUCT_TEMPLATE] });
  const theme = data.themes?.nodes[0];
  if (!theme) return null;
  const body = theme.files?.nodes.find((f) => f.filename === PRODUCT_TEMPLATE)?.body;
  const text =
    body?.__typename === "OnlineStoreThemeFileBodyText"
      ? body.content
      : body?.__typename === "OnlineStoreThemeFileBodyBase64"
        ? Buffer.from(body.contentBase64, "base64").toString("utf8")
        : null;
  const hasBlock = text === null ? null : templateHasAppBlock(text, PRODUCT_BLOCK_HANDLE);
  return { themeName: theme.name, templateRead: hasBlock !== null, hasBlock: hasBlock === true };
}
