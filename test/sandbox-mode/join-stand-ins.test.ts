import "./sandbox-env";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort } from "../support/server-process";

/**
 * `npm run stand-ins` runs the stand-ins as their own process; sandbox mode
 * joins them instead of starting its own, and seeding keeps a session the
 * stand-in still accepts (another process may be using it).
 */
const root = path.resolve(import.meta.dirname, "../..");

const printUrl = `http://127.0.0.1:${await freePort()}`;
const shopifyPort = await freePort();
const shopifyUrl = `http://127.0.0.1:${shopifyPort}`;
// Fixed ports, as `npm run stand-ins` and the processes joining it use.
Object.assign(process.env, {
  PRINT_SANDBOX_URL: printUrl,
  SANDBOX_SHOPIFY_PORT: String(shopifyPort),
});

async function startStandInsProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/stand-ins.ts"], {
    cwd: root,
    env: process.env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  await vi.waitUntil(
    async () =>
      (await fetch(`${printUrl}/__sandbox/health`).catch(() => null))?.ok === true &&
      (await fetch(`${shopifyUrl}/__fake/state`).catch(() => null))?.ok === true,
    { timeout: 30_000, interval: 100 },
  );
  return child;
}

async function stopStandInsProcess(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

const tokensAtStandIn = async () =>
  ((await (await fetch(`${shopifyUrl}/__fake/state`)).json()) as { tokens: number }).tokens;

describe("sandbox mode joining `npm run stand-ins`", () => {
  let standIns: ChildProcess;
  beforeAll(async () => {
    standIns = await startStandInsProcess();
  }, 60_000);
  afterAll(async () => {
    const { stopSandboxMode } = await import("~/dev/start.server");
    await stopSandboxMode();
    if (standIns.exitCode === null) await stopStandInsProcess(standIns);
  });

  it("joins the running stand-ins, seeds the demo shop through them and points callbacks at the app", async () => {
    const { enterSandboxMode } = await import("~/dev/start.server");
    let banner = "";
    const handle = await enterSandboxMode({ print: (text) => (banner += text) });
    expect("joined" in handle && handle.joined).toBe(true);
    expect(banner).toContain(`${printUrl} (joined: another process runs it)`);
    expect(banner).toContain(`${shopifyUrl} (joined: another process runs it)`);

    const merchant = (await (
      await fetch(`${printUrl}/__sandbox/merchants/sandbox-merchant-key`)
    ).json()) as { callbackUrl: string };
    expect(merchant.callbackUrl).toBe(handle.seeded.callbackUrl);
    // The demo book was made with Create product in the stand-ins' Shopify.
    const products = (await (await fetch(`${shopifyUrl}/__fake/shops`)).json()) as {
      variants: { productTitle: string }[];
    }[];
    expect(products[0]!.variants.map((v) => v.productTitle)).toContain("Coastlines – A Photo Book");
  }, 60_000);

  it("keeps a session the stand-in accepts when another process joins", async () => {
    const { sessionStorage } = await import("~/shopify.server");
    const { seedDemoShop } = await import("~/dev/seed.server");
    const { DEMO_SHOP } = await import("~/dev/demo-data.server");
    const [before] = await sessionStorage.findSessionsByShop(DEMO_SHOP);
    const tokens = await tokensAtStandIn();

    await seedDemoShop({ printSandboxUrl: printUrl, keepWorkingSession: true });
    const [after] = await sessionStorage.findSessionsByShop(DEMO_SHOP);
    expect(after?.accessToken).toBe(before?.accessToken);
    expect(await tokensAtStandIn()).toBe(tokens); // no new token exchange
  });

  it("leaves the stand-ins running when it stops, and replaces a session a restarted stand-in forgot", async () => {
    const { stopSandboxMode } = await import("~/dev/start.server");
    const { sessionStorage } = await import("~/shopify.server");
    const { seedDemoShop } = await import("~/dev/seed.server");
    const { DEMO_SHOP } = await import("~/dev/demo-data.server");
    await stopSandboxMode();
    expect((await fetch(`${printUrl}/__sandbox/health`)).ok).toBe(true);

    const [before] = await sessionStorage.findSessionsByShop(DEMO_SHOP);
    await stopStandInsProcess(standIns);
    standIns = await startStandInsProcess(); // empty: it knows no token
    const { enterSandboxMode } = await import("~/dev/start.server");
    await enterSandboxMode({ print: () => undefined });
    const [after] = await sessionStorage.findSessionsByShop(DEMO_SHOP);
    expect(after?.accessToken).toBeTruthy();
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect(await tokensAtStandIn()).toBe(1);
    await seedDemoShop({ printSandboxUrl: printUrl, keepWorkingSession: true });
    expect((await sessionStorage.findSessionsByShop(DEMO_SHOP))[0]?.accessToken).toBe(
      after?.accessToken,
    );
  }, 60_000);
});
