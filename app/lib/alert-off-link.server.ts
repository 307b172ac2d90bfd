import { turnShopAlertOff } from "../data/alerts.server";
import { getEnv } from "../env.server";
import { alertOffSignatureValid, isAlertKind, type AlertKind } from "../services/alerts/off-link";
import { isShopDomain } from "../services/shop-domain";

/**
 * The link at the foot of every alert e-mail (routes/alerts.off): its shop, kind and
 * signature, from the address when it is opened or from the form when its button is pressed.
 * Null unless the shop and kind are ones the app knows and the signature is the app's.
 */
export function alertOffLinkOf(
  url: URL,
  form?: FormData,
): { shop: string; kind: AlertKind; sig: string } | null {
  const get = (name: string) => String(form?.get(name) ?? url.searchParams.get(name) ?? "");
  const shop = get("shop");
  const kind = get("kind");
  const sig = get("sig");
  if (!isShopDomain(shop, getEnv().shopCustomDomain) || !isAlertKind(kind) || sig.length > 100)
    return null;
  if (!alertOffSignatureValid(getEnv().shopifyApiSecret, shop, kind, sig)) return null;
  return { shop, kind, sig };
}

/** Turns that kind of alert off for the shop of a checked link. */
export async function turnAlertOffByLink(link: { shop: string; kind: AlertKind }): Promise<void> {
  await turnShopAlertOff(link.shop, link.kind);
}
