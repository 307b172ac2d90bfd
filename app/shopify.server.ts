import "@shopify/shopify-app-remix/adapters/node";
import {
  ApiVersion,
  AppDistribution,
  LogSeverity,
  shopifyApp,
} from "@shopify/shopify-app-remix/server";
import type { DomainTransformation } from "@shopify/shopify-api";
import { getEnv } from "./env.server";
import { getLogger, redactMessage } from "./lib/logger.server";
import { prismaSessionStorageOnFirstUse } from "./lib/session-storage.server";
import { afterSignIn } from "./lib/shop-lifecycle.server";
import { createSecretCipher } from "./services/crypto/cipher";
import { EncryptedSessionStorage } from "./services/crypto/session-storage";
import { normalizeCustomDomain } from "./services/shop-domain";
import { judgeSessionToken, sessionTokenOf } from "./services/session-token";

/**
 * SHOP_CUSTOM_DOMAIN: shops at `<handle>.<domain>` are taken as they are
 * (the library otherwise knows only Shopify's own domains).
 */
function customShopDomain(domain: string | undefined): {
  domainTransformations?: DomainTransformation[];
} {
  const custom = normalizeCustomDomain(domain);
  if (!custom) return {};
  const escaped = custom.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return {
    domainTransformations: [
      { match: new RegExp(`^([a-z0-9][a-z0-9-]*)\\.${escaped}$`), transform: `$1.${custom}` },
    ],
  };
}

/** The one place that configures the Shopify app library. */
const env = getEnv();
const log = getLogger().child({ component: "shopify" });

export const sessionStorage = new EncryptedSessionStorage(
  prismaSessionStorageOnFirstUse(),
  createSecretCipher(env.encryptionKey),
);

const shopify = shopifyApp({
  apiKey: env.shopifyApiKey,
  apiSecretKey: env.shopifyApiSecret,
  apiVersion: ApiVersion.October26,
  scopes: env.scopes,
  appUrl: env.shopifyAppUrl,
  authPathPrefix: "/auth",
  sessionStorage,
  distribution: AppDistribution.AppStore,
  future: {
    unstable_newEmbeddedAuthStrategy: true,
    expiringOfflineAccessTokens: true,
  },
  hooks: {
    // Install, reinstall and every new offline token: app/lib/shop-lifecycle.server.ts.
    afterAuth: ({ session, admin }) => afterSignIn({ session, admin }),
  },
  logger: {
    level:
      env.logLevel === "debug" || env.logLevel === "trace" ? LogSeverity.Debug : LogSeverity.Info,
    log: (severity, message) => {
      const level =
        severity === LogSeverity.Error
          ? "error"
          : severity === LogSeverity.Warning
            ? "warn"
            : severity === LogSeverity.Debug
              ? "debug"
              : "info";
      // The library logs strings that can hold session tokens at debug level.
      log[level]({}, redactMessage(message));
    },
  },
  ...customShopDomain(env.shopCustomDomain),
});

export default shopify;
export const apiVersion = ApiVersion.October26;
export const addDocumentResponseHeaders = shopify.addDocumentResponseHeaders;

/**
 * `authenticate.admin` refuses (401) a signed session token the library would
 * take although it never expires, or whose `dest` is no shop domain (the
 * library answers that with a 500).
 */
export const authenticate: typeof shopify.authenticate = {
  ...shopify.authenticate,
  admin: async (request) => {
    const token = sessionTokenOf(request);
    if (token) {
      const verdict = judgeSessionToken(token, {
        secret: env.shopifyApiSecret,
        customShopDomain: env.shopCustomDomain,
      });
      if (verdict.refused) {
        throw new Response(verdict.reason, {
          status: 401,
          headers: { "Content-Type": "text/plain; charset=utf-8" },
        });
      }
    }
    return shopify.authenticate.admin(request);
  },
};
export const unauthenticated = shopify.unauthenticated;
export const login = shopify.login;
export const registerWebhooks = shopify.registerWebhooks;
