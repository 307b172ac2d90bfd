/**
 * GET /admin/oauth/install: where Shopify sends a merchant to grant the scopes
 * an app asks for (`scopes.request()` answers with this URL). The stand-in has
 * no consent screen: it grants the requested and optional scopes at once,
 * delivers app/scopes_update, and sends the browser back to the embedded app.
 */
import { gid } from "../state";
import { shopOf, type FakeServerState } from "./context";
import { DEFAULT_SCOPES } from "./options";
import { deliverMany } from "./webhook-delivery";
import { HttpReply } from "./reply";

const list = (text: string | null) =>
  (text ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

export async function handleInstall(
  fake: FakeServerState,
  shopDomain: string,
  url: URL,
): Promise<HttpReply> {
  const shop = shopOf(fake, shopDomain);
  if (url.searchParams.get("client_id") !== fake.options.apiKey) {
    return new HttpReply(400, { errors: "Oauth error invalid_request: The client_id is invalid." });
  }
  const asked = [
    ...list(url.searchParams.get("scope")),
    ...list(url.searchParams.get("optional_scopes")),
  ];
  // Only scopes the app is configured for can be granted.
  const configured = new Set(list(fake.options.scopes ?? DEFAULT_SCOPES));
  const unknown = asked.filter((s) => !configured.has(s));
  if (unknown.length) {
    return new HttpReply(400, {
      errors: `Oauth error invalid_scope: The access scope is invalid: ${unknown.join(", ")}`,
    });
  }
  const previous = list(fake.state.scopesFor(shop.domain));
  const current = [...new Set([...previous, ...asked])];
  fake.state.setGrantedScopes(shop.domain, current);
  if (fake.appUrl && current.length !== previous.length) {
    const payload = {
      id: Number(shop.id),
      admin_graphql_api_id: gid("AppInstallation", shop.id),
      previous,
      current,
      updated_at: new Date(fake.clock.now()).toISOString(),
    };
    await deliverMany(fake, shop.domain, [{ topic: "app/scopes_update", payload: () => payload }]);
  }
  if (!fake.appUrl) return new HttpReply(200, { granted: current });
  // Back to the app as Shopify admin loads it: embedded, with the shop and admin host.
  const back = new URL(`${fake.appUrl}/app`);
  back.searchParams.set("embedded", "1");
  back.searchParams.set("shop", shop.domain);
  back.searchParams.set(
    "host",
    Buffer.from(`admin.shopify.com/store/${shop.domain.replace(/\.myshopify\.com$/, "")}`).toString(
      "base64",
    ),
  );
  return new HttpReply(302, Buffer.alloc(0), { Location: back.toString() });
}
