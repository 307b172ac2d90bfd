/**
 * With TRUSTED_PROXIES set (here: a load balancer at 127.0.0.1), what that
 * proxy appends to X-Forwarded-For is believed; the same header from any
 * other peer is not. Real sockets to server/app.js serving the app's
 * storefront route.
 */
import { vi } from "vitest";

// Before any app module reads the environment.
vi.hoisted(() => {
  process.env.TRUSTED_PROXIES = "127.0.0.1/32";
});

import "../support/app-env";
import http from "node:http";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getEnv } from "~/env.server";
import * as productInfo from "~/routes/proxy.product-info";
import { storefrontLimits } from "~/lib/storefront-rates.server";
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

function visit(from: string, forwardedFor: string): Promise<number> {
  const signed = new URL(appProxyRequest("/proxy/product-info", { variant_id: "20009" }).url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: app.port,
        path: `${signed.pathname}${signed.search}`,
        localAddress: from,
        headers: { "X-Forwarded-For": forwardedFor },
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

// Each visitor's chain: the address Shopify's proxy added, then the Shopify
// server our load balancer saw (the same one for both visitors).
const SHOPIFY_SERVER = "198.51.100.20";
const chainOf = (visitor: string) => `${visitor}, ${SHOPIFY_SERVER}`;

async function useUp(from: string, forwardedFor: string) {
  for (let i = 0; i < 30; i++) expect(await visit(from, forwardedFor)).toBe(200);
  expect(await visit(from, forwardedFor)).toBe(429);
}

describe("TRUSTED_PROXIES", () => {
  it("is parsed from the environment", () => {
    expect(getEnv().trustedProxies).toEqual(["127.0.0.1/32"]);
  });

  it("believes the trusted proxy: visitors behind the same Shopify server keep their own requests", async () => {
    await useUp("127.0.0.1", chainOf("203.0.113.1"));
    expect(await visit("127.0.0.1", chainOf("203.0.113.2"))).toBe(200);
  });

  it("does not believe the same header from a peer that is not listed", async () => {
    // Through 127.0.0.2 the chain ends at the Shopify server, shared by both.
    await useUp("127.0.0.2", chainOf("203.0.113.1"));
    expect(await visit("127.0.0.2", chainOf("203.0.113.2"))).toBe(429);
  });
});
