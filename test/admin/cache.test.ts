import { describe, expect, it } from "vitest";
import { cacheKey, TtlCache } from "~/services/catalogue/cache";

describe("catalogue cache", () => {
  it("serves a fresh value, shares concurrent loads, and never caches a failure", async () => {
    let now = 0;
    const cache = new TtlCache<number>({ ttlMs: 1000, now: () => now });
    let loads = 0;
    const load = async () => ({ value: ++loads });
    expect(await Promise.all([cache.get("k", load), cache.get("k", load)])).toEqual([1, 1]);
    now = 999;
    expect(await cache.get("k", load)).toBe(1);
    now = 1000;
    expect(await cache.get("k", load)).toBe(2);
    await expect(cache.get("bad", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("bad", load)).toBe(3);
  });

  it("honours a shorter expiry from the loader (pricingExpireDate) but never a longer one", async () => {
    let now = 0;
    const cache = new TtlCache<string>({ ttlMs: 1000, now: () => now });
    await cache.get("short", async () => ({ value: "a", expiresAt: 100 }));
    await cache.get("long", async () => ({ value: "a", expiresAt: 10_000 }));
    now = 150;
    expect(cache.peek("short")).toBeUndefined();
    now = 1001;
    expect(cache.peek("long")).toBeUndefined();
  });

  it("serves a stale value while one background refresh runs", async () => {
    let now = 0;
    const cache = new TtlCache<number>({ ttlMs: 100, staleMs: 1000, now: () => now });
    let loads = 0;
    const load = async () => ({ value: ++loads });
    await cache.get("k", load);
    now = 200;
    expect(await cache.get("k", load)).toBe(1); // stale, refresh started
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get("k", load)).toBe(2);
    expect(loads).toBe(2);
  });

  it("drops a shop's entries on invalidate and stays bounded", async () => {
    const cache = new TtlCache<number>({ ttlMs: 1000, maxEntries: 2 });
    await cache.get(cacheKey("a.myshopify.com", "offerings"), async () => ({ value: 1 }));
    await cache.get(cacheKey("b.myshopify.com", "offerings"), async () => ({ value: 2 }));
    cache.invalidate("a.myshopify.com|");
    expect(cache.size).toBe(1);
    await cache.get("x", async () => ({ value: 3 }));
    await cache.get("y", async () => ({ value: 4 }));
    expect(cache.size).toBe(2);
    expect(cacheKey("s", "quote", { b: 2, a: undefined, c: [1] })).toBe("s|quote|b=2&c=[1]");
  });
});
