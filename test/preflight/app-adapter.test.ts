import { operatorSandboxPort } from "../security/no-private-hosts-env";
import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { createAppPreflight, preflightForApp, trustedSandboxOrigin } from "~/lib/preflight.server";
import { expectationFor, type PreflightExpectation } from "~/services/preflight";
import { startSandbox, type Sandbox } from "../../sandbox/index";
import { redirectTo, sendPdf, startFileServer, type FileServer } from "./file-server";

/**
 * The app's preflight downloads a merchant's or customer's URL, so it may not
 * reach loopback or the private network; only the print sandbox's own origin
 * is let through, and only in sandbox mode or tests. This file runs with no
 * private host listed (the production default) and PRINT_SANDBOX_URL
 * pointing at a sandbox it starts.
 */

const book: PreflightExpectation = expectationFor(
  { name: "Hardcover book A4 portrait", minNumberOfPages: 24, maxNumberOfPages: 800 },
  { numberOfPages: 24, contentWidth: 210, contentHeight: 297 },
);
const PRIVATE_REASON = "the address is on a private network, which the app does not download from";

let sandbox: Sandbox;
let files: FileServer;

beforeAll(async () => {
  sandbox = await startSandbox({ port: operatorSandboxPort });
  files = await startFileServer({
    "/good.pdf": await sendPdf({ pages: 24, widthMm: 216, heightMm: 303 }),
  });
});
afterAll(async () => {
  await files?.close();
  await sandbox?.close();
});

describe("which sandbox origin the app trusts", () => {
  const env = (vars: Record<string, string>) =>
    parseEnv({ DATABASE_URL: "file:./x.sqlite", ...vars });
  const shopify = {
    SHOPIFY_API_KEY: "key",
    SHOPIFY_API_SECRET: "secret",
    SHOPIFY_APP_URL: "https://app.example.com",
    ENCRYPTION_KEY: "0f".repeat(32),
  };

  it("none in production, whatever PRINT_SANDBOX_URL says (it defaults to loopback)", () => {
    expect(trustedSandboxOrigin(env({ ...shopify, NODE_ENV: "production" }))).toBeNull();
  });

  it("none in development with a Shopify app configured", () => {
    expect(trustedSandboxOrigin(env({ ...shopify, NODE_ENV: "development" }))).toBeNull();
  });

  it("the sandbox's exact origin in sandbox mode and in tests", () => {
    expect(trustedSandboxOrigin(env({ NODE_ENV: "development" }))).toBe("http://127.0.0.1:4010");
    expect(
      trustedSandboxOrigin(
        env({ ...shopify, NODE_ENV: "test", PRINT_SANDBOX_URL: "http://localhost:4999/base" }),
      ),
    ).toBe("http://localhost:4999");
  });
});

describe("the app's preflight", () => {
  it("refuses a loopback URL outside sandbox mode without connecting", async () => {
    const production = createAppPreflight({ allowedPrivateHosts: [], sandboxOrigin: null });
    const result = await production(`${files.url}/good.pdf`, book);
    expect(result).toMatchObject({ status: "unreachable", reason: PRIVATE_REASON });
    // Not the sandbox either, when its origin is not trusted.
    const sandboxFile = await production(`${sandbox.url}/files/photo-book/interior-24.pdf`, book);
    expect(sandboxFile.status).toBe("unreachable");
    expect(files.connections).toBe(0);
  });

  it("downloads from the sandbox's origin in tests, and nowhere else on loopback", async () => {
    const result = await preflightForApp(`${sandbox.url}/files/photo-book/interior-24.pdf`, book);
    expect(result).toMatchObject({ status: "passed", pages: 24 });
    // Same host, another port: refused.
    const elsewhere = await preflightForApp(`${files.url}/good.pdf`, book);
    expect(elsewhere).toMatchObject({ status: "unreachable", reason: PRIVATE_REASON });
    expect(files.connections).toBe(0);
  });

  it("puts a redirect out of the trusted origin to the address rule again", async () => {
    // A stand-in for the trusted origin that redirects to another loopback port.
    const trusted = await startFileServer({ "/away.pdf": redirectTo(`${files.url}/good.pdf`) });
    try {
      const check = createAppPreflight({ allowedPrivateHosts: [], sandboxOrigin: trusted.url });
      const result = await check(`${trusted.url}/away.pdf`, book);
      expect(result).toMatchObject({ status: "unreachable", reason: PRIVATE_REASON });
      expect(trusted.requests).toEqual(["/away.pdf"]);
      expect(files.connections).toBe(0);
    } finally {
      await trusted.close();
    }
  });

  it("downloads from a host the operator lists", async () => {
    const listed = createAppPreflight({ allowedPrivateHosts: ["127.0.0.1"], sandboxOrigin: null });
    expect((await listed(`${files.url}/good.pdf`, book)).status).toBe("passed");
    expect(files.connections).toBe(1);
  });
});
