import "@shopify/shopify-app-remix/adapters/node";
import {
  ApiVersion,
  AppDistribution,
  LogSeverity,
  shopifyApp,
} from "@shopify/shopify-app-remix/server";
import type { DomainTransformation } from "@shopify/shopify-api";
import {
  MissingSessionStorageError,
  MissingSessionTableError,
  PrismaSessionStorage,
} from "@shopify/shopify-app-session-storage-prisma";
import type { SessionStorage } from "@shopify/shopify-app-session-storage";
import prisma from "./db.server";
import { getEnv } from "./env.server";
import { getLogger, redactMessage } from "./lib/logger.server";
import { ensureFulfillmentService } from "./lib/fulfillment-service.server";
import { resumeCarrierRates } from "./lib/rates.server";
import { createSecretCipher } from "./services/crypto/cipher";
import { EncryptedSessionStorage } from "./services/crypto/session-storage";
import { recordInstall } from "./data/shop.server";
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

/**
 * PrismaSessionStorage queries its table as soon as it is constructed and
 * crashes the process ten seconds later when the table is missing: built on
 * first use instead, after onServerStarted has checked the database (or, in
 * sandbox mode, set it up), so an unset database stops with one clear line.
 */
function prismaSessionStorageOnFirstUse(): SessionStorage {
  let storage: Promise<PrismaSessionStorage<typeof prisma>> | undefined;
  // Its table check fails for good when it runs while the database is down
  // (restarting, say): the table is read here first, so an outage fails this
  // call with the database's own error, and the storage is built only after.
  const inner = () =>
    (storage ??= prisma.session.count().then(
      () => new PrismaSessionStorage(prisma),
      (error: unknown) => {
        storage = undefined;
        throw error;
      },
    ));
  const withStorage = async <T>(call: (s: PrismaSessionStorage<typeof prisma>) => Promise<T>) => {
    const built = inner();
    try {
      return await call(await built);
    } catch (error) {
      // A storage whose table check failed after all is built again on the next call.
      const broken =
        error instanceof MissingSessionTableError || error instanceof MissingSessionStorageError;
      if (broken && storage === built) storage = undefined;
      throw error;
    }
  };
  return {
    storeSession: (session) => withStorage((s) => s.storeSession(session)),
    loadSession: (id) => withStorage((s) => s.loadSession(id)),
    deleteSession: (id) => withStorage((s) => s.deleteSession(id)),
    deleteSessions: (ids) => withStorage((s) => s.deleteSessions(ids)),
    findSessionsByShop: (shop) => withStorage((s) => s.findSessionsByShop(shop)),
  };
}

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
    afterAuth: async ({ session, admin }) => {
      await recordInstall({ shop: session.shop, scopes: session.scope ?? "" });
      // A reinstall brings checkout rates back if the merchant had them on,
      // through the admin this sign-in just made. Awaited, so it never races
      // another token refresh; its failure never blocks sign-in (the Shipping
      // rates page registers again).
      try {
        await resumeCarrierRates({ shop: session.shop, admin: async () => admin });
      } catch (error) {
        log.warn({ err: error, shop: session.shop }, "carrier rates not resumed");
      }
      // The app's fulfillment service and its location (a failure is tried again on a later
      // visit: app/lib/fulfillment-service.server.ts).
      try {
        await ensureFulfillmentService({ shop: session.shop, admin: async () => admin });
      } catch (error) {
        log.warn({ err: error, shop: session.shop }, "fulfillment service not registered");
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
