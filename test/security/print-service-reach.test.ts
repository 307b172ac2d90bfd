import "./listed-loopback-env";
import "../support/app-env";
import http from "node:http";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { savePrintSettings } from "~/data/print-settings.server";
import { UNREACHABLE_DETAIL } from "~/services/print-connection/checks";
import { isPublicAddress } from "~/services/net/addresses";
import {
  BLOCKED_ADDRESS_CODE,
  createGuardedDispatcher,
  type LookupAll,
} from "~/services/net/guarded-dispatcher";
import { action as billingAction } from "~/routes/app.billing-entities";
import { call, data, DEMO_SHOP, post, startAdminEnv, type AdminEnv } from "../admin/helpers";
import { countingListener, settingsForm, startSettingsServer } from "./settings-http";

/**
 * With 127.0.0.1 listed by the operator: a listed host may be used, anything
 * else private is refused on connection, and "Test connection" cannot tell a
 * closed port from a refused or unknown host (it would be a port scanner).
 */

let env: AdminEnv;
let settings: Awaited<ReturnType<typeof startSettingsServer>>;

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const listener = await countingListener();
  await listener.close();
  return listener.port;
}

beforeAll(async () => {
  env = await startAdminEnv();
  settings = await startSettingsServer();
});
afterAll(async () => {
  await settings?.close();
  await env?.close();
});

describe("a host the operator lists", () => {
  it("may be saved with http and a loopback address, and is called", async () => {
    const answer = await settings.post(
      settingsForm({ intent: "save_test", printBaseUrl: env.sandbox.url }),
    );
    expect(answer.ok).toBe(true);
    expect(answer.report?.ok).toBe(true);
    const row = await prisma.shop.findUniqueOrThrow({ where: { shop: DEMO_SHOP } });
    expect(row.printBaseUrl).toBe(env.sandbox.url);
  });
});

describe("Test connection on a host it cannot use", () => {
  it("answers the same for a closed port, a blocked address, an unknown name and a silent server", async () => {
    const watched = await countingListener();
    const silent = await countingListener();
    const storedUrls = {
      closedPort: `http://127.0.0.1:${await closedPort()}`,
      // localhost resolves to 127.0.0.1, but only 127.0.0.1 itself is listed.
      blockedName: `https://localhost:${watched.port}`,
      blockedAddress: "https://10.0.0.7",
      unknownName: "https://print-service.invalid",
      silentServer: `http://127.0.0.1:${silent.port}`,
    };
    const answers: Record<string, unknown> = {};
    try {
      for (const [kind, printBaseUrl] of Object.entries(storedUrls)) {
        // Stored as rows written before the rule would be: the check on connection is what is tested.
        await savePrintSettings({
          shop: DEMO_SHOP,
          input: {
            printEnvironment: "custom",
            printBaseUrl,
            merchantApiKey: "sandbox-merchant-key",
            secretKey: "sandbox-secret-key",
          },
        });
        const { report } = await settings.post({ intent: "test" });
        answers[kind] = { ok: report?.ok, checks: report?.checks };
      }
      const expected = {
        ok: false,
        checks: [
          {
            id: "reach",
            label: "Print service reachable",
            status: "failed",
            detail: UNREACHABLE_DETAIL,
          },
          expect.objectContaining({ id: "merchant", status: "skipped" }),
          expect.objectContaining({ id: "secret", status: "skipped" }),
          expect.objectContaining({ id: "legacy", status: "skipped" }),
        ],
      };
      for (const kind of Object.keys(storedUrls)) expect(answers[kind], kind).toEqual(expected);
      expect(new Set(Object.values(answers).map((a) => JSON.stringify(a))).size).toBe(1);
      // The blocked name was never connected to.
      expect(watched.connections()).toBe(0);
    } finally {
      await watched.close();
      await silent.close();
      await savePrintSettings({ shop: DEMO_SHOP, input: { printBaseUrl: env.sandbox.url } });
    }
  });
});

describe("the connection guard", () => {
  const resolvesTo =
    (...addresses: string[]): LookupAll =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

  it("refuses a name that resolves to loopback or a private address, before connecting", async () => {
    const listener = await countingListener();
    try {
      for (const lookupAll of [
        resolvesTo("127.0.0.1"),
        resolvesTo("10.20.30.40"),
        // One private address among public ones is enough to refuse.
        resolvesTo("93.184.215.14", "169.254.169.254"),
      ]) {
        const dispatcher = createGuardedDispatcher({ allowedPrivateHosts: [], lookupAll });
        await expect(
          request(`https://print.example.test:${listener.port}/rest/v3/categories`, {
            dispatcher,
          }),
        ).rejects.toMatchObject({ code: BLOCKED_ADDRESS_CODE });
        await dispatcher.close();
      }
      expect(listener.connections()).toBe(0);
    } finally {
      await listener.close();
    }
  });

  it("lets a listed name through to the address it resolves to, over http too", async () => {
    const server = http.createServer((_req, res) => res.end("listed"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    const dispatcher = createGuardedDispatcher({
      allowedPrivateHosts: ["print.internal.test"],
      lookupAll: resolvesTo("127.0.0.1"),
    });
    try {
      const response = await request(`http://print.internal.test:${port}/`, { dispatcher });
      expect(response.statusCode).toBe(200);
      expect(await response.body.text()).toBe("listed");
      // Not listed: plain http is refused whatever the address.
      const strict = createGuardedDispatcher({ allowedPrivateHosts: [] });
      await expect(
        request(`http://127.0.0.1:${port}/`, { dispatcher: strict }),
      ).rejects.toMatchObject({ code: BLOCKED_ADDRESS_CODE });
      await strict.close();
    } finally {
      await dispatcher.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("counts as public only global unicast addresses", () => {
    const notPublic = [
      "0.0.0.0",
      "127.0.0.1",
      "127.255.255.254",
      "10.0.0.1",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "100.127.255.255",
      "192.0.2.1",
      "198.18.0.1",
      "224.0.0.1",
      "255.255.255.255",
      "::",
      "::1",
      "::ffff:127.0.0.1",
      "::ffff:8.8.8.8",
      "::ffff:7f00:1",
      "64:ff9b::a00:1",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1",
      "fe80::1%eth0",
      "ff02::1",
      "2001:db8::1",
      "2002:a00:1::1",
    ];
    const isPublic = [
      "8.8.8.8",
      "93.184.215.14",
      "172.32.0.1",
      "100.128.0.1",
      "2606:4700:4700::1111",
      "2a00:1450:4001::200e",
      "2002:808:808::1",
    ];
    for (const a of notPublic) expect(isPublicAddress(a), a).toBe(false);
    for (const a of isPublic) expect(isPublicAddress(a), a).toBe(true);
  });
});

describe("choosing a billing entity in Settings", () => {
  it("refuses another print account's billing entity, and accepts the shop's own", async () => {
    env.sandbox.control.addMerchant({
      merchantApiKey: "other-merchant-key",
      secretKey: "other-secret-key",
    });
    const created = await fetch(`${env.sandbox.jsonBaseUrl}/billing-entity`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        apiKey: "other-merchant-key",
        companyName: "Someone Else BV",
        countryCode: "NL",
      }),
    });
    expect(created.status).toBe(201);
    const { id: othersId } = (await created.json()) as { id: number };

    const form = settingsForm({ printBaseUrl: env.sandbox.url });
    const refused = await settings.post({ ...form, billingEntityId: String(othersId) });
    expect(refused.ok).toBe(false);
    expect(refused.fieldErrors?.billingEntityId).toMatch(/your own billing entities/);
    const row = await prisma.shop.findUniqueOrThrow({ where: { shop: DEMO_SHOP } });
    expect(row.billingEntityId).toBeNull();

    const own = await data<{ ok?: boolean; id?: number }>(
      await call(
        billingAction,
        post("/app/billing-entities", {
          intent: "create",
          companyName: "Print Connect Demo BV",
          countryCode: "NL",
        }),
      ),
    );
    expect(own).toMatchObject({ ok: true, id: expect.any(Number) });
    const saved = await settings.post({ ...form, billingEntityId: String(own.id) });
    expect(saved.ok).toBe(true);
    const after = await prisma.shop.findUniqueOrThrow({ where: { shop: DEMO_SHOP } });
    expect(after.billingEntityId).toBe(own.id);
  });
});
