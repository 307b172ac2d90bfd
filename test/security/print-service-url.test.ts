import { operatorSandboxPort } from "./no-private-hosts-env";
import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { savePrintSettings } from "~/data/print-settings.server";
import { UNREACHABLE_DETAIL } from "~/services/print-connection/checks";
import { startSandbox, type Sandbox } from "../../sandbox/index";
import { DEMO_SHOP, startAdminEnv, type AdminEnv } from "../admin/helpers";
import { countingListener, settingsForm, startSettingsServer } from "./settings-http";

/**
 * A shop chooses its print service's URL, and the server calls it: with no
 * private host allowed (the default), only public https addresses may be
 * saved or called, and the URL cannot carry a query or fragment that would
 * cut off the path the app appends.
 */

let env: AdminEnv;
let settings: Awaited<ReturnType<typeof startSettingsServer>>;
let operatorSandbox: Sandbox;

beforeAll(async () => {
  env = await startAdminEnv();
  settings = await startSettingsServer();
  operatorSandbox = await startSandbox({ port: operatorSandboxPort });
});
afterAll(async () => {
  await operatorSandbox?.close();
  await settings?.close();
  await env?.close();
});

const storedUrl = async () =>
  (await prisma.shop.findUnique({ where: { shop: DEMO_SHOP } }))?.printBaseUrl ?? null;

describe("saving a custom print-service URL", () => {
  it("refuses plain http, a query, a fragment and credentials, and saves nothing", async () => {
    const cases: [string, RegExp][] = [
      ["http://print.example.com", /https:\/\//],
      ["https://print.example.com/?path=/admin", /without \? or #/],
      ["https://print.example.com/#", /without \? or #/],
      ["https://print.example.com?", /without \? or #/],
      ["https://user:password@print.example.com", /user name and password/],
    ];
    for (const [printBaseUrl, message] of cases) {
      const answer = await settings.post(settingsForm({ printBaseUrl }));
      expect(answer.ok, printBaseUrl).toBe(false);
      expect(answer.fieldErrors?.printBaseUrl, printBaseUrl).toMatch(message);
      expect(await storedUrl()).toBeNull();
    }
  });

  it("refuses loopback, private, link-local and other non-public addresses", async () => {
    const refused = [
      `https://127.0.0.1:${env.sandbox.url.split(":").at(-1)}`,
      "https://10.0.0.7",
      "https://[::1]",
      "https://169.254.169.254",
      "https://100.64.0.1",
      "https://0.0.0.0",
      "https://2130706433", // 127.0.0.1 as one number
      "https://[::ffff:127.0.0.1]",
      "https://[fd12:3456::1]",
      "https://[fe80::1]",
    ];
    for (const printBaseUrl of refused) {
      const answer = await settings.post(settingsForm({ printBaseUrl }));
      expect(answer.fieldErrors?.printBaseUrl, printBaseUrl).toMatch(/public address/);
    }
    // A name is judged by what it resolves to: localhost is loopback.
    const named = await settings.post(settingsForm({ printBaseUrl: "https://localhost:8443" }));
    expect(named.fieldErrors?.printBaseUrl).toMatch(/public address/);
    // The sandbox environment's URL field is the shop's input too.
    const sandbox = await settings.post(
      settingsForm({ printEnvironment: "sandbox", printBaseUrl: env.sandbox.url }),
    );
    expect(sandbox.fieldErrors?.printBaseUrl).toMatch(/https:\/\//);
    expect(await storedUrl()).toBeNull();
  });
});

describe("calling a stored print-service URL", () => {
  it("refuses, when connecting, a stored URL whose host is or resolves to loopback", async () => {
    // Rows written before the rule, or a name that resolves elsewhere since it was saved.
    const listener = await countingListener();
    try {
      for (const printBaseUrl of [
        `https://localhost:${listener.port}`,
        `https://127.0.0.1:${listener.port}`,
        `http://127.0.0.1:${listener.port}`,
      ]) {
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
        const reach = report?.checks.find((c) => c.id === "reach");
        expect(reach, printBaseUrl).toMatchObject({ status: "failed", detail: UNREACHABLE_DETAIL });
      }
      expect(listener.connections()).toBe(0);
    } finally {
      await listener.close();
      await prisma.shop.deleteMany({ where: { shop: DEMO_SHOP } });
    }
  });

  it("still reaches the operator's own sandbox (PRINT_SANDBOX_URL) on loopback", async () => {
    const answer = await settings.post(
      settingsForm({ intent: "save_test", printEnvironment: "sandbox", printBaseUrl: "" }),
    );
    expect(answer.ok).toBe(true);
    expect(answer.report?.checks.find((c) => c.id === "reach")?.status).toBe("ok");
    expect(operatorSandbox.control.requests().length).toBeGreaterThan(0);
  });
});
