import "@shopify/shopify-app-remix/adapters/node";
import {
  ApiVersion,
  AppDistribution,
  LogSeverity,
  shopifyApp,
} from "@shopify/shopify-app-remix/server";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import prisma from "./db.server";
import { getEnv } from "./env.server";
import { getLogger, redactMessage } from "./lib/logger.server";
import { createSecretCipher } from "./services/crypto/cipher";
import { EncryptedSessionStorage } from "./services/crypto/session-storage";
import { recordInstall } from "./models/shop.server";

/** The one place that configures the Shopify app library. */
const env = getEnv();
const log = getLogger().child({ component: "shopify" });

export const sessionStorage = new EncryptedSessionStorage(
  new PrismaSessionStorage(prisma),
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
    afterAuth: async ({ session }) => {
      await recordInstall({ shop: session.shop, scopes: session.scope ?? "" });
      // A reinstall brings checkout rates back if the merchant had them on.
      // Awaited, so it never races another token refresh; its failure never
      // blocks sign-in (the Shipping rates page registers again). Imported
      // lazily: the rates module itself imports this file.
      try {
        const rates = await import("./services/rates/app.server");
        await rates.resumeCarrierRates({ shop: session.shop });
      } catch (error) {
        log.warn({ err: error, shop: session.shop }, "carrier rates not resumed");
      }
    },
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
  ...(env.shopCustomDomain ? { customShopDomains: [env.shopCustomDomain] } : {}),
});

export default shopify;
export const apiVersion = ApiVersion.October26;
export const addDocumentResponseHeaders = shopify.addDocumentResponseHeaders;
export const authenticate = shopify.authenticate;
export const unauthenticated = shopify.unauthenticated;
export const login = shopify.login;
export const registerWebhooks = shopify.registerWebhooks;
