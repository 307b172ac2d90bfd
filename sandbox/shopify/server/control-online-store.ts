/**
 * The control API for what the setup check reads: the shop's validations (the cart rule),
 * the app's deployed functions, the published theme's files and carrier services' state.
 * Tests set each state with these; the app changes them only through the Admin API.
 */
import { FakeError, gid } from "../state";
import type { ThemeRoleName } from "../state";
import { shopOf, type FakeServerState } from "./context";

export interface ValidationSummary {
  id: string;
  shop: string;
  functionHandle: string;
  title: string;
  enabled: boolean;
  blockOnFailure: boolean;
}

export interface OnlineStoreControl {
  /** The shop's validations, as validationCreate made them. */
  listValidations(shop?: string): ValidationSummary[];
  /** Turns a validation on or off (the merchant's switch in Settings > Checkout). */
  setValidationEnabled(id: string, enabled: boolean): ValidationSummary;
  /** Removes one of the app's functions (an app version deployed without it); true when it was there. */
  removeShopifyFunction(handle: string): boolean;
  /** Writes (or, with null, deletes) a file of the shop's theme with this role (default MAIN). */
  setThemeFile(
    filename: string,
    content: string | null,
    options?: { shop?: string; role?: ThemeRoleName },
  ): void;
  /** The content of a file of the shop's theme with this role (default MAIN), or null. */
  themeFile(filename: string, options?: { shop?: string; role?: ThemeRoleName }): string | null;
  /** Turns a carrier service on or off, as the merchant can in the shipping settings. */
  setCarrierServiceActive(id: string, active: boolean): void;
}

export function createOnlineStoreControl(fake: FakeServerState): OnlineStoreControl {
  const summary = (id: number): ValidationSummary => {
    const v = fake.state.validations.get(id);
    if (!v) throw new FakeError(404, `Unknown validation ${id}`);
    return {
      id: gid("Validation", v.id),
      shop: v.shop,
      functionHandle: fake.state.shopifyFunctions.get(v.functionId)?.handle ?? "",
      title: v.title,
      enabled: v.enabled,
      blockOnFailure: v.blockOnFailure,
    };
  };
  const theme = (options: { shop?: string; role?: ThemeRoleName } = {}) => {
    const shop = shopOf(fake, options.shop);
    const role = options.role ?? "MAIN";
    const found = [...fake.state.themes.values()].find(
      (t) => t.shop === shop.domain && t.role === role,
    );
    if (!found) throw new FakeError(404, `${shop.domain} has no ${role} theme`);
    return found;
  };
  const numericId = (value: string, type: string) => {
    const m = new RegExp(`^(?:gid://shopify/${type}/)?(\\d+)$`).exec(value);
    if (!m) throw new FakeError(400, `Not a ${type} id: ${value}`);
    return Number(m[1]);
  };
  return {
    listValidations(shopDomain) {
      const shop = shopDomain ? shopOf(fake, shopDomain).domain : undefined;
      return [...fake.state.validations.values()]
        .filter((v) => !shop || v.shop === shop)
        .map((v) => summary(v.id));
    },
    setValidationEnabled(id, enabled) {
      const n = numericId(id, "Validation");
      const v = fake.state.validations.get(n);
      if (!v) throw new FakeError(404, `Unknown validation ${id}`);
      v.enabled = enabled;
      return summary(n);
    },
    removeShopifyFunction(handle) {
      const f = [...fake.state.shopifyFunctions.values()].find((x) => x.handle === handle);
      if (!f) return false;
      // Shopify keeps no validation whose function is gone.
      for (const v of [...fake.state.validations.values()])
        if (v.functionId === f.id) fake.state.validations.delete(v.id);
      fake.state.shopifyFunctions.delete(f.id);
      return true;
    },
    setThemeFile(filename, content, options) {
      const t = theme(options);
      const now = fake.clock.now();
      if (content === null) t.files.delete(filename);
      else
        t.files.set(filename, {
          content,
          createdAt: t.files.get(filename)?.createdAt ?? now,
          updatedAt: now,
        });
      t.updatedAt = now;
    },
    themeFile(filename, options) {
      return theme(options).files.get(filename)?.content ?? null;
    },
    setCarrierServiceActive(id, active) {
      const c = fake.state.carrierServices.get(numericId(id, "DeliveryCarrierService"));
      if (!c) throw new FakeError(404, `Unknown carrier service ${id}`);
      c.active = active;
    },
  };
}

/** The HTTP routes of the functions above, under /__fake/; null when none matches. */
export function onlineStoreRoute(
  control: OnlineStoreControl,
  method: string,
  parts: string[],
  body: Record<string, unknown>,
  shop: string | undefined,
  url: URL,
): { status: number; body: unknown } | null {
  const [a, b, c] = parts;
  if (a === "validations") {
    if (method === "GET" && !b) return { status: 200, body: control.listValidations(shop) };
    if (method === "POST" && b && c === "enabled")
      return {
        status: 200,
        body: control.setValidationEnabled(decodeURIComponent(b), body.enabled === true),
      };
  }
  if (method === "DELETE" && a === "functions" && b)
    return { status: 200, body: { removed: control.removeShopifyFunction(decodeURIComponent(b)) } };
  if (a === "themes" && b && c === "files") {
    const role = decodeURIComponent(b).toUpperCase() as ThemeRoleName;
    const filename = String(body.filename ?? url.searchParams.get("filename") ?? "");
    if (!filename) return { status: 400, body: { error: "filename is required" } };
    if (method === "GET")
      return { status: 200, body: { content: control.themeFile(filename, { shop, role }) } };
    if (method === "POST") {
      const content = body.content === null ? null : String(body.content ?? "");
      control.setThemeFile(filename, content, { shop, role });
      return { status: 200, body: { ok: true } };
    }
  }
  if (method === "POST" && a === "carrier-services" && b && c === "active") {
    control.setCarrierServiceActive(decodeURIComponent(b), body.active === true);
    return { status: 200, body: { ok: true } };
  }
  return null;
}
