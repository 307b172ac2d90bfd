/**
 * Rate limits key on the client's address, never on an X-Forwarded-For
 * header taken as it came. Over real sockets to server/app.js serving the
 * app's storefront route (/proxy/product-info, reached through Shopify's app
 * proxy), with no trusted proxies configured (the default).
 */
import "../support/app-env";
import http from "node:http";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as productInfo from "~/routes/proxy.product-info";
import { storefrontLimits } from "~/lib/storefront-rates.server";
import {
  normalizeAddress,
  parseTrustedProxies,
  resolveClientAddress,
  trustedProxyMatcher,
} from "~/services/net/client-address";
import { createAppServer, type AppServer } from "../../server/app.js";
import { appProxyRequest } from "../rates/harness";
import { routeBuild } from "../support/route-build";

let app: AppServer;

beforeAll(async () => {
  app = await createAppServer({
    build: routeBuild({ "proxy/product-info": productInfo }),
    port: 0,
    host: "127.0.0.1",
    clientDir: mkdtempSync(path.join(os.tmpdir(), "print-connect-static-")),
  });
});
afterAll(async () => {
  await app?.close();
});
// The clock stands still, so no bucket refills while a slow machine sends the visits.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
  storefrontLimits.perVisitor.reset();
  storefrontLimits.perShop.reset();
});

/** A signed app-proxy request for the product-page block, sent from `from` (a loopback address). */
function visit(options: { from?: string; forwardedFor?: string } = {}): Promise<number> {
  const signed = new URL(appProxyRequest("/proxy/product-info", { variant_id: "20009" }).url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: app.port,
        path: `${signed.pathname}${signed.search}`,
        localAddress: options.from ?? "127.0.0.1",
        headers: options.forwardedFor ? { "X-Forwarded-For": options.forwardedFor } : {},
        agent: false,
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/** Visits until the first 429; the number of visits answered before it. */
async function visitsUntilLimited(next: (i: number) => Promise<number>, most = 40) {
  for (let i = 0; i < most; i++) {
    const status = await next(i);
    if (status === 429) return i;
    expect(status).toBe(200);
  }
  return most;
}

describe("visitors without X-Forwarded-For", () => {
  it("each have their own requests: one using all of its up leaves the others theirs", async () => {
    expect(await visitsUntilLimited(() => visit({ from: "127.0.0.1" }))).toBe(30);
    expect(await visit({ from: "127.0.0.2" })).toBe(200);
    expect(await visit({ from: "127.0.0.1" })).toBe(429);
  });
});

describe("X-Forwarded-For of a request from Shopify's app proxy", () => {
  it("counts only the address Shopify added, not those a client wrote in front of it", async () => {
    const spoofing = (i: number) =>
      visit({ forwardedFor: `198.51.100.${i + 1}, 10.${i}.0.1, 203.0.113.9` });
    expect(await visitsUntilLimited(spoofing)).toBe(30);
    // Another visitor behind the same proxy is not affected.
    expect(await visit({ forwardedFor: "203.0.113.10" })).toBe(200);
  });

  it("falls back to the connection's address when the last entry is not an address", async () => {
    const garbage = (i: number) => visit({ forwardedFor: `203.0.113.${i}, not-an-address-${i}` });
    expect(await visitsUntilLimited(garbage)).toBe(30);
  });
});

describe("resolveClientAddress", () => {
  const trusted = trustedProxyMatcher(["10.0.0.0/8", "2001:db8::/32", "192.0.2.1"]);
  const resolve = (socketAddress: string | undefined, forwardedFor?: string, reportingHops = 0) =>
    resolveClientAddress({ socketAddress, forwardedFor, isTrustedProxy: trusted, reportingHops });

  it("is the socket's address when it is not a trusted proxy, whatever the header says", () => {
    expect(resolve("198.51.100.7", "203.0.113.1")).toBe("198.51.100.7");
    expect(resolve("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(resolve(undefined, "203.0.113.1")).toBeNull();
  });

  it("believes trusted proxies, from the right, up to the first address that is not one", () => {
    expect(resolve("10.1.1.1", "6.6.6.6, 203.0.113.1")).toBe("203.0.113.1");
    expect(resolve("10.1.1.1", "6.6.6.6, 203.0.113.1, 192.0.2.1, 10.2.2.2")).toBe("203.0.113.1");
    expect(resolve("2001:db8::5", "[2001:db8::6]:443, 203.0.113.1:5000")).toBe("203.0.113.1");
    expect(resolve("10.1.1.1", "")).toBe("10.1.1.1");
    expect(resolve("10.1.1.1", "203.0.113.1, 10.9.9.9")).toBe("203.0.113.1");
    expect(resolve("10.1.1.1", "203.0.113.1, junk")).toBe("10.1.1.1");
  });

  it("believes one more hop when asked (Shopify's app proxy)", () => {
    expect(resolve("198.51.100.7", "6.6.6.6, 203.0.113.1", 1)).toBe("203.0.113.1");
    expect(resolve("10.1.1.1", "6.6.6.6, 203.0.113.1, 198.51.100.7", 1)).toBe("203.0.113.1");
    expect(resolve("198.51.100.7", undefined, 1)).toBe("198.51.100.7");
  });

  it("parses TRUSTED_PROXIES, naming what is not an address or range", () => {
    expect(parseTrustedProxies("10.0.0.0/8, ::1 192.0.2.1,")).toEqual({
      entries: ["10.0.0.0/8", "::1", "192.0.2.1"],
      invalid: [],
    });
    expect(parseTrustedProxies("10.0.0.0/33 proxy.internal 1.2.3.4/8/1").invalid).toEqual([
      "10.0.0.0/33",
      "proxy.internal",
      "1.2.3.4/8/1",
    ]);
    expect(parseTrustedProxies(undefined)).toEqual({ entries: [], invalid: [] });
    expect(normalizeAddress("[::1]")).toBe("::1");
  });
});
