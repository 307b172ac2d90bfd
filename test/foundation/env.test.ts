import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/env.server";

describe("environment schema", () => {
  it("runs in sandbox mode with defaults when nothing is configured", () => {
    const env = parseEnv({});
    expect(env.mode).toBe("sandbox");
    expect(env.port).toBe(3000);
    expect(env.databaseUrl).toBe("file:./data/print-connect.sqlite");
    expect(env.shopifyAppUrl).toBe("http://localhost:3000");
    expect(env.scopes).toContain("write_merchant_managed_fulfillment_orders");
    expect(env.encryptionKey).toHaveLength(32);
  });

  it("rejects a production config without secrets, naming each missing one", () => {
    let error: unknown;
    try {
      parseEnv({ NODE_ENV: "production" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as EnvError).message;
    for (const name of [
      "SHOPIFY_API_KEY",
      "SHOPIFY_API_SECRET",
      "SHOPIFY_APP_URL",
      "ENCRYPTION_KEY",
    ]) {
      expect(message).toContain(name);
    }
  });

  it("accepts a complete production config", () => {
    const env = parseEnv({
      NODE_ENV: "production",
      SHOPIFY_API_KEY: "key",
      SHOPIFY_API_SECRET: "secret",
      SHOPIFY_APP_URL: "https://app.example.com/",
      ENCRYPTION_KEY: "ab".repeat(32),
      DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/app",
    });
    expect(env.mode).toBe("shopify");
    expect(env.shopifyAppUrl).toBe("https://app.example.com");
  });

  it("lists every malformed value at once", () => {
    expect(() =>
      parseEnv({
        PORT: "not-a-port",
        ENCRYPTION_KEY: "short",
        LOG_LEVEL: "loud",
        DATABASE_URL: "mysql://x",
      }),
    ).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*ENCRYPTION_KEY[\s\S]*LOG_LEVEL|PORT/);
    try {
      parseEnv({
        PORT: "not-a-port",
        ENCRYPTION_KEY: "short",
        LOG_LEVEL: "loud",
        DATABASE_URL: "mysql://x",
      });
    } catch (e) {
      const problems = (e as EnvError).problems.join("\n");
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/ENCRYPTION_KEY/);
      expect(problems).toMatch(/LOG_LEVEL/);
      expect(problems).toMatch(/DATABASE_URL/);
    }
  });

  it("trusts no proxy by default, and refuses a TRUSTED_PROXIES entry that is not an address or range", () => {
    expect(parseEnv({}).trustedProxies).toEqual([]);
    expect(parseEnv({ TRUSTED_PROXIES: "10.0.0.0/8, 2001:db8::1" }).trustedProxies).toEqual([
      "10.0.0.0/8",
      "2001:db8::1",
    ]);
    expect(() => parseEnv({ TRUSTED_PROXIES: "10.0.0.0/8 lb.internal" })).toThrow(
      /TRUSTED_PROXIES: not an IP address or CIDR range: lb\.internal/,
    );
  });

  it("requires the secret when an API key is given outside production", () => {
    expect(() => parseEnv({ SHOPIFY_API_KEY: "key" })).toThrow(/SHOPIFY_API_SECRET/);
  });
});
