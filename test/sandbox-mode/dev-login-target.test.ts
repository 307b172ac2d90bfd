import { BROWSER_USER_AGENT } from "./sandbox-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as devLogin } from "~/routes/dev.login";
import { TEST_APP_URL } from "../support/app-env";
import { startRouteServer, type RouteHandler } from "../support/route-server";

/**
 * /dev/login hands a fresh session token to the page it redirects to, so that
 * page must be the app's own: `to` is resolved first, then checked.
 */

let server: Awaited<ReturnType<typeof startRouteServer>>;
beforeAll(async () => {
  server = await startRouteServer(
    [{ path: /^\/dev\/login$/, handler: devLogin as RouteHandler }],
    TEST_APP_URL,
  );
});
afterAll(async () => {
  await server?.close();
});

/** Where a browser following the redirect goes, with the session token it carries. */
async function follow(to: string) {
  const response = await fetch(`${server.url}/dev/login?to=${encodeURIComponent(to)}`, {
    redirect: "manual",
    headers: { "User-Agent": BROWSER_USER_AGENT },
  });
  expect(response.status).toBe(302);
  const target = new URL(response.headers.get("Location") ?? "", server.url);
  return { target, token: target.searchParams.get("id_token") };
}

describe("GET /dev/login?to=", () => {
  it("opens the app page asked for, with its query", async () => {
    const { target, token } = await follow("/app/orders?view=attention");
    expect(target.origin).toBe(server.url);
    expect(target.pathname).toBe("/app/orders");
    expect(target.searchParams.get("view")).toBe("attention");
    expect(token).toBeTruthy();
  });

  it("never sends the session token off the app, nor outside /app", async () => {
    for (const to of [
      "/app/..//evil.example",
      "/app/../..//evil.example/app",
      "/app/%2e%2e//evil.example",
      "/app/\\..\\/evil.example",
      "/app\\\\evil.example",
      "/app/../dev/session-token",
      "//evil.example/app",
      "https://evil.example/app",
    ]) {
      const { target } = await follow(to);
      expect(target.origin, to).toBe(server.url);
      expect(target.pathname === "/app" || target.pathname.startsWith("/app/"), to).toBe(true);
    }
    expect((await follow("/app/..//evil.example")).target.pathname).toBe("/app");
  });
});
