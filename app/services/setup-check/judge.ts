/**
 * Home's setup check: the facts gathered from Shopify, the print service and the database,
 * judged into items. Each item says whether it is fine, what is wrong, and the one action
 * that fixes it (a button where the app can do it itself). Pure: no clock, no calls.
 */
import { SETUP_CHECK_TEXT as T } from "../merchant-text/setup-check";
import type { Probe, SetupFacts } from "./facts";

/** ok: fine. action: the merchant (or the app, by a button) must act. waiting: nothing to judge yet. unchecked: could not be asked. */
export type SetupState = "ok" | "action" | "waiting" | "unchecked";

/** What Home's action runs for a button of the check. */
export type SetupIntent = "enable-cart-rule" | "register-carrier";

export type SetupAction =
  | { kind: "link"; label: string; url: string; external: boolean }
  | { kind: "run"; label: string; intent: SetupIntent };

export interface SetupItem {
  id:
    | "keys"
    | "billing"
    | "callbacks"
    | "webhooks"
    | "carrier"
    | "cart-rule"
    | "product-block"
    | "mapping"
    | "files"
    | "prices";
  group: "print" | "shopify" | "products";
  title: string;
  state: SetupState;
  message: string;
  /** A moment the message refers to, for the view to show in the merchant's time. */
  when: { label: string; at: string } | null;
  /** A value to copy (the status update URL). */
  copy: { label: string; value: string } | null;
  action: SetupAction | null;
}

export interface SetupCheck {
  items: SetupItem[];
  /** Items that are fine, of all. */
  fine: number;
  checkedAt: string;
}

/** A notification or status update may take this long before its absence means something. */
export const GRACE_MS = 10 * 60_000;

const link = (label: string, url: string, external = false): SetupAction => ({
  kind: "link",
  label,
  url,
  external,
});
const run = (label: string, intent: SetupIntent): SetupAction => ({ kind: "run", label, intent });
const SETTINGS = "/app/settings";

type Base = Pick<SetupItem, "id" | "group" | "title">;

function item(
  base: Base,
  state: SetupState,
  message: string,
  extra: Partial<Pick<SetupItem, "when" | "copy" | "action">> = {},
): SetupItem {
  return { ...base, state, message, when: null, copy: null, action: null, ...extra };
}

function unchecked(base: Base, reason: string, action: SetupAction | null = null): SetupItem {
  return item(base, "unchecked", T.couldNotCheck(reason), { action });
}

function keysItem(keys: Probe<SetupFacts["keys"] extends Probe<infer K> ? K : never>): SetupItem {
  const base: Base = { id: "keys", group: "print", title: T.keys.title };
  const settings = link(T.keys.settings, SETTINGS);
  if (!keys.known) return unchecked(base, keys.reason, settings);
  const k = keys.value;
  switch (k.status) {
    case "ok":
      return item(base, "ok", T.keys.ok);
    case "not_set":
      return item(base, "action", T.keys.notSet, { action: settings });
    case "refused":
      return item(base, "action", T.keys.refused(k.detail), { action: settings });
    case "unreachable":
      return unchecked(base, T.reason.printUnreachable, settings);
    case "failed":
      return unchecked(base, T.keys.failed(k.title), settings);
  }
}

function billingItem(facts: SetupFacts): SetupItem {
  const base: Base = { id: "billing", group: "print", title: T.billing.title };
  const billing = facts.billing;
  if (!billing) return unchecked(base, T.reason.needsKeys);
  if (!billing.known) return unchecked(base, billing.reason);
  const b = billing.value;
  if (b.savedId === null)
    return item(base, "ok", T.billing.none, {
      action: link(T.billing.manage, "/app/billing-entities"),
    });
  if (!b.found)
    return item(base, "action", T.billing.gone, { action: link(T.billing.choose, SETTINGS) });
  return item(base, "ok", T.billing.ok(b.name));
}

function callbacksItem(facts: SetupFacts): SetupItem {
  const base: Base = { id: "callbacks", group: "print", title: T.callbacks.title };
  const c = facts.callbacks;
  if (c.lastAt)
    return item(base, "ok", "", { when: { label: T.callbacks.last, at: c.lastAt.toISOString() } });
  const copy = c.url ? { label: T.callbacks.urlLabel, value: c.url } : null;
  const overdue =
    c.firstPaidAtService !== null &&
    facts.now.getTime() - c.firstPaidAtService.getTime() > GRACE_MS;
  if (overdue) return item(base, "action", T.callbacks.missing(c.paidAtService), { copy });
  return item(base, "waiting", c.url ? T.callbacks.waiting : T.callbacks.noUrl, { copy });
}

function webhooksItem(facts: SetupFacts, checkEveryMinutes: number): SetupItem {
  const base: Base = { id: "webhooks", group: "shopify", title: T.webhooks.title };
  const { lastPaidAt, latestPaidOrder } = facts.webhooks;
  const when = lastPaidAt ? { label: T.webhooks.last, at: lastPaidAt.toISOString() } : null;
  if (!latestPaidOrder.known)
    return item(base, "unchecked", T.couldNotCheck(latestPaidOrder.reason), { when });
  const latest = latestPaidOrder.value;
  if (!latest)
    return item(base, lastPaidAt ? "ok" : "waiting", lastPaidAt ? "" : T.webhooks.noOrders, {
      when,
    });
  if (lastPaidAt && lastPaidAt.getTime() >= latest.paidAt.getTime())
    return item(base, "ok", T.webhooks.ok(latest.name), { when });
  // An order paid before the app was installed never had a notification for it.
  if (facts.installedAt && latest.paidAt < facts.installedAt && !lastPaidAt)
    return item(base, "waiting", T.webhooks.noneSinceInstall);
  if (facts.now.getTime() - latest.paidAt.getTime() <= GRACE_MS)
    return item(base, "waiting", T.webhooks.late(latest.name), { when });
  return item(base, "action", T.webhooks.missing(latest.name, checkEveryMinutes), {
    when,
    action: link(T.webhooks.delivery, "/app/delivery"),
  });
}

function carrierItem(facts: SetupFacts): SetupItem {
  const base: Base = { id: "carrier", group: "shopify", title: T.carrier.title };
  const { enabled, expectedUrl, services } = facts.carrier;
  if (!enabled || !services) return item(base, "ok", T.carrier.off);
  if (!services.known) return unchecked(base, services.reason);
  const ours =
    services.value.find((s) => expectedUrl !== null && s.callbackUrl === expectedUrl) ??
    services.value.find((s) => s.name?.toLowerCase() === "print connect");
  if (!ours)
    return item(base, "action", T.carrier.missing, {
      action: run(T.carrier.register, "register-carrier"),
    });
  if (expectedUrl !== null && ours.callbackUrl !== expectedUrl)
    return item(base, "action", T.carrier.elsewhere, {
      action: run(T.carrier.register, "register-carrier"),
    });
  if (!ours.active)
    return item(base, "action", T.carrier.inactive, {
      action: run(T.carrier.activate, "register-carrier"),
    });
  return item(base, "ok", T.carrier.ok);
}

function cartRuleItem(facts: SetupFacts): SetupItem {
  const base: Base = { id: "cart-rule", group: "shopify", title: T.cartRule.title };
  const { needed, state } = facts.cartRule;
  if (needed === 0 || !state) return item(base, "ok", T.cartRule.notNeeded);
  if (!state.known) return unchecked(base, state.reason);
  const { functionFound, validation } = state.value;
  if (!functionFound) return item(base, "action", T.cartRule.notDeployed);
  const turnOn = run(T.cartRule.turnOn, "enable-cart-rule");
  if (!validation) return item(base, "action", T.cartRule.missing(needed), { action: turnOn });
  if (!validation.enabled) return item(base, "action", T.cartRule.off(needed), { action: turnOn });
  return item(base, "ok", T.cartRule.ok(needed));
}

function productBlockItem(facts: SetupFacts): SetupItem {
  const base: Base = { id: "product-block", group: "shopify", title: T.productBlock.title };
  const add = link(T.productBlock.add, facts.themeEditorUrl, true);
  const block = facts.productBlock;
  if (!block.known)
    return unchecked(base, block.reason, link(T.productBlock.open, facts.themeEditorUrl, true));
  const { themeName, templateRead, hasBlock } = block.value;
  if (!templateRead)
    return item(base, "unchecked", T.productBlock.unreadable(themeName), {
      action: link(T.productBlock.open, facts.themeEditorUrl, true),
    });
  if (!hasBlock) return item(base, "action", T.productBlock.missing(themeName), { action: add });
  return item(base, "ok", T.productBlock.ok(themeName));
}

function productItems(facts: SetupFacts): SetupItem[] {
  const mapping: Base = { id: "mapping", group: "products", title: T.mapping.title };
  const files: Base = { id: "files", group: "products", title: T.files.title };
  const prices: Base = { id: "prices", group: "products", title: T.prices.title };
  const { belowTarget, atLoss } = facts.prices;
  return [
    facts.mappings > 0
      ? item(mapping, "ok", T.mapping.some(facts.mappings))
      : item(mapping, "action", T.mapping.none, { action: link(T.mapping.map, "/app/products") }),
    facts.files.failing > 0
      ? item(files, "action", T.files.failing(facts.files.failing), {
          action: link(T.files.fix, "/app/products"),
        })
      : item(files, "ok", T.files.ok),
    belowTarget > 0
      ? item(prices, "action", T.prices.below(belowTarget, atLoss), {
          action: link(T.prices.review, "/app/products/prices"),
        })
      : item(prices, "ok", T.prices.ok),
  ];
}

/** The facts judged, in the order Home shows them. */
export function judgeSetup(facts: SetupFacts, options: { checkEveryMinutes: number }): SetupCheck {
  const items = [
    keysItem(facts.keys),
    billingItem(facts),
    callbacksItem(facts),
    webhooksItem(facts, options.checkEveryMinutes),
    carrierItem(facts),
    cartRuleItem(facts),
    productBlockItem(facts),
    ...productItems(facts),
  ];
  return {
    items,
    fine: items.filter((i) => i.state === "ok").length,
    checkedAt: facts.now.toISOString(),
  };
}

/**
 * Whether a product template (templates/product.json, as Shopify stores it, which may start
 * with a comment) holds the app's block: an app block's type is
 * `shopify://apps/<app handle>/blocks/<block handle>/<extension uuid>`. Null when the text is
 * not a JSON template.
 */
export function templateHasAppBlock(template: string, blockHandle: string): boolean | null {
  const json = template.replace(/^\s*\/\*[\s\S]*?\*\//, "");
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object") return null;
  const sections = (parsed as { sections?: unknown }).sections;
  if (!sections || typeof sections !== "object") return null;
  const type = new RegExp(
    `^shopify://apps/[^/]+/blocks/${blockHandle.replace(/[^a-z0-9_-]/gi, "")}/[^/]+$`,
  );
  // Blocks may hold blocks of their own (theme blocks in newer themes): look at every level.
  const holds = (blocks: unknown, depth: number): boolean => {
    if (!blocks || typeof blocks !== "object" || depth > 8) return false;
    return Object.values(blocks as Record<string, unknown>).some((block) => {
      const b = block as { type?: unknown; disabled?: unknown; blocks?: unknown } | null;
      if (!b || b.disabled === true) return false;
      return (typeof b.type === "string" && type.test(b.type)) || holds(b.blocks, depth + 1);
    });
  };
  return Object.values(sections as Record<string, unknown>).some(
    (section) =>
      (section as { disabled?: unknown } | null)?.disabled !== true &&
      holds((section as { blocks?: unknown } | null)?.blocks, 0),
  );
}

/** Shopify's theme-editor deep link that opens the product template with the app block ready to add. */
export function themeEditorUrl(shop: string, apiKey: string, blockHandle: string): string {
  const block = `${encodeURIComponent(apiKey)}/${encodeURIComponent(blockHandle)}`;
  return `https://${shop}/admin/themes/current/editor?template=product&addAppBlockId=${block}&target=mainSection`;
}
