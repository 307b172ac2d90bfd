import { BROWSER_USER_AGENT } from "./sandbox-env";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_API_KEY, SANDBOX_API_SECRET, SANDBOX_APP_BRIDGE_URL, getEnv } from "~/env.server";
import { loader as devLogin } from "~/routes/dev.login";
import { loader as landing } from "~/routes/_index/route";
import { loader as devSessionToken } from "~/routes/dev.session-token";
import { authenticate, sessionStorage } from "~/shopify.server";
import { deleteMapping, listMappings } from "~/data/mapping.server";
import { getPrintSettingsForDisplay, savePrintSettings } from "~/data/print-settings.server";
import { sandboxModeBanner } from "~/dev/banner.server";
import { demoMappings, DEMO_SHOP } from "~/dev/demo-data.server";
import { seedDemoShop } from "~/dev/seed.server";
import { startSandboxMode, stopSandboxMode, type SandboxModeHandle } from "~/dev/start.server";
import { DEMO_IDS, verifySessionToken } from "../../sandbox/shopify";
import { TEST_APP_URL, testDatabaseProvider, testDbFile } from "../support/app-env";

const args = (url: string) => ({
  request: new Request(url, { headers: { "User-Agent": BROWSER_USER_AGENT } }),
  params: {},
  context: {},
});

describe("sandbox mode (no SHOPIFY_API_KEY)", () => {
  let handle: SandboxModeHandle;
  let banner = "";

  beforeAll(async () => {
    handle = await startSandboxMode({ print: (text) => (banner += text) });
  });
  afterAll(async () => {
    await stopSandboxMode();
  });

  it("runs in sandbox mode with the sandbox app credentials and the App Bridge stand-in", () => {
    const env = getEnv();
    expect(env.mode).toBe("sandbox");
    expect(env.shopifyApiKey).toBe(SANDBOX_API_KEY);
    expect(env.appBridgeUrl).toBe(SANDBOX_APP_BRIDGE_URL);
  });

  it("prints one block saying what runs where", () => {
    expect(banner).toContain("SANDBOX MODE");
    expect(banner).toContain(`${TEST_APP_URL}/dev/login`);
    expect(banner).toContain(handle.sandbox.url);
    expect(banner).toContain(`${handle.sandbox.url}/__sandbox/`);
    expect(banner).toContain(handle.shopify.url);
    expect(banner).toContain(`${handle.shopify.url}/__fake/`);
    // sandbox-env sets WORKER=off; the database is this test file's own.
    const row = (label: string) =>
      banner
        .split("\n")
        .map((l) => l.trim())
        .find((l) => l.startsWith(`${label}  `))
        ?.slice(label.length)
        .trim();
    expect(row("Fulfilment worker")).toBe(
      "not in the app process (WORKER=off): run `npm run worker` to fulfil orders",
    );
    expect(row("Database")).toEqual(
      testDatabaseProvider === "sqlite"
        ? `SQLite, ${testDbFile}`
        : expect.stringMatching(/^PostgreSQL, \S+\/\S+$/),
    );
  });

  it("names the inline worker and the database file in the banner, never a database password", () => {
    const parts = {
      appUrl: "http://localhost:3000",
      sandbox: { url: "http://127.0.0.1:4010" },
      shopify: { url: "http://127.0.0.1:4020" },
      seeded: { shop: DEMO_SHOP },
    };
    const sqlite = sandboxModeBanner({
      ...parts,
      env: {
        databaseUrl: "file:./data/print-connect.sqlite",
        worker: "inline",
        workerConcurrency: 4,
        logLevel: "warn",
      },
    });
    expect(sqlite).toContain(
      "inline, on a thread of its own in the app process (WORKER=inline, up to 4 print orders at a time)",
    );
    expect(sqlite).toContain(`SQLite, ${path.resolve("data/print-connect.sqlite")}`);
    // `npm run up` logs warnings only, and the banner says how to see every request.
    expect(sqlite).toContain("warn and worse (LOG_LEVEL=info shows every request)");
    const postgres = sandboxModeBanner({
      ...parts,
      env: {
        databaseUrl: "postgresql://app:s3cret@db.internal:5432/print_connect?schema=app",
        worker: "inline",
        workerConcurrency: 2,
        logLevel: "info",
      },
    });
    expect(postgres).toContain("PostgreSQL, db.internal:5432/print_connect");
    expect(postgres).not.toContain("s3cret");
    expect(postgres).toContain("info (JSON lines)");
  });

  it("seeds the demo shop: an offline session from the library's token exchange, print settings, mappings", async () => {
    const session = await sessionStorage.loadSession(`offline_${DEMO_SHOP}`);
    expect(session?.accessToken).toBeTruthy();
    expect(session?.refreshToken).toBeTruthy();
    const oauth = handle.shopify.control.requestLog({ kind: "oauth" });
    expect(oauth.some((e) => e.shop === DEMO_SHOP && e.status === 200)).toBe(true);

    expect(await getPrintSettingsForDisplay({ shop: DEMO_SHOP })).toMatchObject({
      printEnvironment: "sandbox",
      merchantApiKey: "sandbox-merchant-key",
      secretKeySet: true,
      applicationApiKeySet: true,
      buttonKey: "sandbox-button-key",
      currency: "EUR",
    });
    const mappings = await listMappings({ shop: DEMO_SHOP });
    const mapped = mappings.map((m) => m.variantId);
    expect(mapped.sort()).toEqual(
      demoMappings(handle.sandbox.url)
        .map((m) => m.variantId)
        .sort(),
    );
    // The print files are the print sandbox's own real PDFs, on the port it took.
    expect(mappings.find((m) => m.variantId === DEMO_IDS.variants.photoBook24)?.contentUrl).toBe(
      `${handle.sandbox.url}/files/photo-book/interior-24.pdf`,
    );
    for (const unmapped of [
      DEMO_IDS.variants.novel,
      DEMO_IDS.variants.magazine,
      DEMO_IDS.variants.calendar,
      DEMO_IDS.variants.framedPrint5070,
    ]) {
      expect(mapped).not.toContain(unmapped);
    }
  });

  it("points the print sandbox's status callbacks at the shop's callback route", () => {
    const merchant = handle.sandbox.control.merchant("sandbox-merchant-key");
    expect(merchant?.callbackUrl).toBe(
      `${TEST_APP_URL}/webhooks/print/${handle.seeded.callbackId}`,
    );
  });

  it("seeds again without undoing the merchant's changes, and with a fresh session", async () => {
    await savePrintSettings({ shop: DEMO_SHOP, input: { routingMode: "hold", holdHours: 4 } });
    await deleteMapping({ shop: DEMO_SHOP, variantId: DEMO_IDS.variants.notebook });
    const before = await sessionStorage.loadSession(`offline_${DEMO_SHOP}`);

    const again = await seedDemoShop();
    expect(again.firstSeed).toBe(false);
    expect(again.callbackId).toBe(handle.seeded.callbackId);
    expect(await getPrintSettingsForDisplay({ shop: DEMO_SHOP })).toMatchObject({
      routingMode: "hold",
      holdHours: 4,
    });
    expect(await listMappings({ shop: DEMO_SHOP })).toHaveLength(
      demoMappings(handle.sandbox.url).length - 1,
    );
    const after = await sessionStorage.loadSession(`offline_${DEMO_SHOP}`);
    expect(after?.accessToken).toBeTruthy();
    expect(after?.accessToken).not.toBe(before?.accessToken);
  });

  it("GET /dev/session-token hands out a real session token that authenticate.admin accepts", async () => {
    const response = await devSessionToken();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const { token } = (await response.json()) as { token: string };
    const check = verifySessionToken(token, {
      apiKey: SANDBOX_API_KEY,
      apiSecret: SANDBOX_API_SECRET,
      shop: DEMO_SHOP,
    });
    expect(check.ok).toBe(true);

    const { session } = await authenticate.admin(
      new Request(`${TEST_APP_URL}/app`, {
        headers: { Authorization: `Bearer ${token}`, "User-Agent": BROWSER_USER_AGENT },
      }),
    );
    expect(session.shop).toBe(DEMO_SHOP);
  });

  it("GET /dev/login opens /app as Shopify admin would, and authenticate.admin accepts the document request", async () => {
    const response = await devLogin(args(`${TEST_APP_URL}/dev/login`));
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location") ?? "", TEST_APP_URL);
    expect(location.pathname).toBe("/app");
    expect(location.searchParams.get("embedded")).toBe("1");
    expect(location.searchParams.get("shop")).toBe(DEMO_SHOP);
    expect(Buffer.from(location.searchParams.get("host") ?? "", "base64").toString()).toBe(
      "admin.shopify.com/store/print-connect-demo",
    );
    expect(location.searchParams.get("id_token")).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const { session, sessionToken } = await authenticate.admin(
      new Request(location, { headers: { "User-Agent": BROWSER_USER_AGENT } }),
    );
    expect(session.shop).toBe(DEMO_SHOP);
    expect(sessionToken?.dest).toBe(`https://${DEMO_SHOP}`);
  });

  it("GET / offers the demo shop's admin (through /dev/login) instead of a shop-domain form", async () => {
    const response = (await landing(args(`${TEST_APP_URL}/`))) as Response;
    expect(await response.json()).toEqual({ mode: "sandbox", demoShop: DEMO_SHOP });
  });

  it("GET /dev/login?to= opens another app page, and only app pages", async () => {
    const target = async (to: string) => {
      const response = await devLogin(
        args(`${TEST_APP_URL}/dev/login?to=${encodeURIComponent(to)}`),
      );
      return new URL(response.headers.get("Location") ?? "", TEST_APP_URL).pathname;
    };
    expect(await target("/app/orders")).toBe("/app/orders");
    expect(await target("https://evil.example/app")).toBe("/app");
    expect(await target("//evil.example/app")).toBe("/app");
    expect(await target("/application")).toBe("/app");
  });
});
