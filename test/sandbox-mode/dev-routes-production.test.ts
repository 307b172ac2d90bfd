import "../support/app-env";
import { describe, expect, it } from "vitest";
import { TEST_APP_URL } from "../support/app-env";
import { expectAbsent, listDevRoutes } from "./dev-routes";

// NODE_ENV=production (which also requires the Shopify credentials app-env sets).
process.env.NODE_ENV = "production";

// Every app/routes/dev.* file, listed from the folder: a new dev route is covered here.
const devRoutes = listDevRoutes();

describe("dev routes with NODE_ENV=production", () => {
  it("are found by listing app/routes", () => {
    expect(devRoutes.map((r) => r.urlPath)).toEqual(
      expect.arrayContaining(["/dev/login", "/dev/print-orders", "/dev/session-token"]),
    );
  });

  it("are turned off", async () => {
    const { getEnv } = await import("~/env.server");
    const { devRoutesEnabled } = await import("~/dev/guard.server");
    expect(getEnv().nodeEnv).toBe("production");
    expect(devRoutesEnabled()).toBe(false);
  });

  it.each(devRoutes.map((r) => [r.urlPath, r] as const))(
    "%s answers 404 and says nothing",
    async (_, route) => {
      await expectAbsent(route, TEST_APP_URL);
    },
  );
});
