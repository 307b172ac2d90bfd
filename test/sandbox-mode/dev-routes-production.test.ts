import "../support/app-env";
import { describe, expect, it } from "vitest";

// NODE_ENV=production (which also requires the Shopify credentials app-env sets).
process.env.NODE_ENV = "production";

describe("dev routes with NODE_ENV=production", () => {
  it("answer 404 and say nothing", async () => {
    const { getEnv } = await import("~/env.server");
    const { loader: devLogin } = await import("~/routes/dev.login");
    const { loader: devSessionToken } = await import("~/routes/dev.session-token");
    const { devRoutesEnabled } = await import("~/sandbox-mode.server");
    expect(getEnv().nodeEnv).toBe("production");
    expect(devRoutesEnabled()).toBe(false);
    for (const response of [
      await devLogin({
        request: new Request("https://print-connect.test/dev/login"),
        params: {},
        context: {},
      }),
      await devSessionToken(),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Not Found");
    }
  });
});
