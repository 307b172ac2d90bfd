/**
 * The demo shop, seeded the real way: the offline session comes from the
 * Shopify library's token exchange and lands in the app's session storage.
 *
 * `seedDemoShop` is also what the browser-test harness uses.
 */
import type { Sandbox } from "../../sandbox/index";
import { DEFAULT_MERCHANT } from "../../sandbox/store";
import prisma from "../db.server";
import { getEnv } from "../env.server";
import { saveMapping } from "../data/mapping.server";
import { savePrintSettings } from "../data/print-settings.server";
import { recordInstall } from "../data/shop.server";
import { apiVersion, authenticate, sessionStorage } from "../shopify.server";
import { seedDemoProduct } from "./demo-product.server";
import { demoMappings, DEMO_PRINT_SETTINGS, DEMO_SHOP } from "./demo-data.server";
import { mintDemoSessionToken } from "./sign-in.server";

export interface SeedDemoShopOptions {
  /** Default: the demo shop of the Shopify stand-in. */
  shop?: string;
  /** Print settings and mappings are written only the first time unless this is true. */
  overwrite?: boolean;
  /**
   * Where the print sandbox serves the mappings' print files; default
   * PRINT_SANDBOX_URL. Pass the running sandbox's own URL when it took a free port.
   */
  printSandboxUrl?: string;
  /** Also create the demo book with "Create product" (sandbox mode does; tests choose). */
  demoProduct?: boolean;
  /**
   * Keep a stored session the Shopify stand-in still accepts: when joining
   * stand-ins another process runs, that process may be using it. Default:
   * drop stored sessions, as stand-ins started here know no earlier token.
   */
  keepWorkingSession?: boolean;
}

export interface SeededDemoShop {
  shop: string;
  /** The unguessable part of the shop's print status-callback URL. */
  callbackId: string;
  /** `${SHOPIFY_APP_URL}/webhooks/print/<callbackId>` */
  callbackUrl: string;
  /** True when settings and mappings were written by this call. */
  firstSeed: boolean;
}

/**
 * Seeds a shop the way a merchant would end up after installing: the offline
 * session comes from the Shopify library's own token exchange (the app's
 * `authenticate.admin` with a freshly minted session token, against the
 * Shopify stand-in, which must already be reachable through the redirect),
 * stored through the app's session storage. Print settings and mappings are
 * written the first time only, so a merchant's edits survive restarts.
 */
export async function seedDemoShop(options: SeedDemoShopOptions = {}): Promise<SeededDemoShop> {
  const env = getEnv();
  const shop = options.shop ?? DEMO_SHOP;

  const existing = await prisma.shop.findUnique({ where: { shop } });
  const firstSeed = options.overwrite === true || !existing?.merchantApiKey;

  // The stand-in keeps its tokens in memory: a session stored by an earlier run
  // names a token it no longer knows. Drop it so the library exchanges anew.
  const stored = await sessionStorage.findSessionsByShop(shop);
  const stale = options.keepWorkingSession ? await refusedSessions(shop, stored) : stored;
  if (stale.length > 0) await sessionStorage.deleteSessions(stale.map((s) => s.id));

  const sessionToken = mintDemoSessionToken(shop);
  const { session, admin } = await authenticate.admin(
    new Request(`${env.shopifyAppUrl}/app`, {
      headers: { Authorization: `Bearer ${sessionToken}` },
    }),
  );
  await recordInstall({ shop, scopes: session.scope ?? "" });

  if (firstSeed) {
    await savePrintSettings({ shop, input: DEMO_PRINT_SETTINGS });
    for (const mapping of demoMappings(options.printSandboxUrl ?? env.printSandboxUrl)) {
      await saveMapping({ shop, mapping });
    }
  }
  if (options.demoProduct) {
    await seedDemoProduct({
      shop,
      admin,
      printSandboxUrl: options.printSandboxUrl ?? env.printSandboxUrl,
    });
  }
  const row = await prisma.shop.findUniqueOrThrow({
    where: { shop },
    select: { callbackId: true },
  });
  return {
    shop,
    callbackId: row.callbackId,
    callbackUrl: `${env.shopifyAppUrl}/webhooks/print/${row.callbackId}`,
    firstSeed,
  };
}

type StoredSession = Awaited<ReturnType<typeof sessionStorage.findSessionsByShop>>[number];

/** The stored sessions whose token the Shopify stand-in no longer accepts (one small query each). */
async function refusedSessions(shop: string, sessions: StoredSession[]): Promise<StoredSession[]> {
  const refused: StoredSession[] = [];
  for (const session of sessions.slice(0, 20)) {
    const answer = await fetch(`https://${shop}/admin/api/${apiVersion}/graphql.json`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-shopify-access-token": session.accessToken ?? "",
      },
      body: JSON.stringify({ query: "{ shop { name } }" }),
      signal: AbortSignal.timeout(5_000),
    }).catch(() => null);
    // Only a refusal of the token counts: a throttled answer still names a token it knows.
    if (!answer || answer.status === 401 || answer.status === 403) refused.push(session);
    await answer?.body?.cancel();
  }
  return refused;
}

/** Points the print sandbox's status callbacks for its default merchant at the app. */
export function connectPrintSandbox(sandbox: Sandbox, seeded: SeededDemoShop) {
  sandbox.control.setCallbackUrl(DEFAULT_MERCHANT.merchantApiKey, seeded.callbackUrl);
}
