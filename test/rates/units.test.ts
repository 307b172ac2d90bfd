import { describe, expect, it } from "vitest";
import { backupRatesSchema, parseStoredBackupRates } from "~/services/rates/backup";
import { withinBudget } from "~/services/rates/budget";
import { TtlCache } from "~/services/rates/cache";
import { addBusinessDays, shopifyDate } from "~/services/rates/delivery";
import { PerVersionCache } from "~/services/rates/per-version";
import { CachedQuoter } from "~/services/rates/quoter";
import { TurnBatcher } from "~/services/rates/turn-batch";
import { RateLimiter } from "~/services/rates/rate-limit";
import { printItemsOf, quoteKey } from "~/services/rates/rate-request";
import { SingleFlight } from "~/services/rates/single-flight";

describe("TtlCache", () => {
  it("expires entries after their TTL and drops the oldest beyond maxEntries", () => {
    let now = 1000;
    const cache = new TtlCache<string>({ maxEntries: 2, now: () => now });
    cache.set("a", "A", 100);
    cache.set("b", "B", 1000);
    now += 150;
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toBe("B");
    cache.set("c", "C", 1000);
    cache.set("d", "D", 1000);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.size).toBe(2);
    cache.deletePrefix("c");
    expect(cache.get("c")).toBeUndefined();
  });
});

describe("SingleFlight and CachedQuoter", () => {
  it("runs one call for concurrent callers of one key", async () => {
    const flights = new SingleFlight<number>();
    let calls = 0;
    const fn = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 10));
    const results = await Promise.all([1, 2, 3].map(() => flights.run("k", fn)));
    expect(results).toEqual([1, 1, 1]);
    expect(flights.started).toBe(1);
    expect(flights.joined).toBe(2);
  });

  it("stops waiting at the budget but stores the late value for the next caller", async () => {
    const quoter = new CachedQuoter<string>({ ttlMs: () => 60_000 });
    const slow = () => new Promise<string>((resolve) => setTimeout(() => resolve("late"), 60));
    expect(await quoter.get("k", slow, 10)).toEqual({ source: "timeout" });
    await new Promise((r) => setTimeout(r, 80));
    expect(await quoter.get("k", slow, 10)).toEqual({ source: "cache", value: "late" });
  });

  it("reports a rejection as an error and caches nothing", async () => {
    const quoter = new CachedQuoter<string>({ ttlMs: () => 60_000 });
    const answer = await quoter.get("k", () => Promise.reject(new Error("boom")), 100);
    expect(answer).toMatchObject({ source: "error" });
    expect(quoter.cache.size).toBe(0);
  });

  it("withinBudget returns done, failed or timeout", async () => {
    expect(await withinBudget(Promise.resolve(1), 10)).toEqual({ status: "done", value: 1 });
    expect(await withinBudget(Promise.reject(new Error("x")), 10)).toMatchObject({
      status: "failed",
    });
    expect(await withinBudget(new Promise(() => undefined), 5)).toEqual({ status: "timeout" });
  });
});

describe("PerVersionCache", () => {
  it("builds once per shop and version, shared by concurrent callers; a new version builds again", async () => {
    const cache = new PerVersionCache<string>(10);
    let built = 0;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const build = (label: string) => async () => {
      await gate;
      built += 1;
      return label;
    };
    const waiting = Promise.all([1, 2, 3].map(() => cache.get("a", "v1", build("a@v1"))));
    open();
    const first = await waiting;
    expect(first).toEqual(["a@v1", "a@v1", "a@v1"]);
    expect(await cache.get("a", "v1", build("unused"))).toBe("a@v1");
    expect(built).toBe(1);
    expect(await cache.get("a", "v2", build("a@v2"))).toBe("a@v2");
    expect(await cache.get("b", "v1", build("b@v1"))).toBe("b@v1");
    expect(await cache.get("a", "v2", build("unused"))).toBe("a@v2");
    expect([built, cache.builds]).toEqual([3, 3]);
  });

  it("forgets a deleted shop, keeps nothing of a failed build, and holds at most maxEntries shops", async () => {
    const cache = new PerVersionCache<string>(2);
    await cache.get("a", "v1", async () => "a");
    cache.delete("a");
    expect(await cache.get("a", "v1", async () => "a again")).toBe("a again");
    await expect(
      cache.get("b", "v1", () => Promise.reject(new Error("db down"))),
    ).rejects.toThrow();
    expect(await cache.get("b", "v1", async () => "b")).toBe("b");
    await cache.get("c", "v1", async () => "c");
    expect(cache.size).toBe(2);
    expect(await cache.get("a", "v1", async () => "a rebuilt")).toBe("a rebuilt");
  });
});

describe("TurnBatcher", () => {
  it("runs the reads of one key asked in one turn as one, after the last caller asked", async () => {
    let saved = "before";
    const runs: { key: string; items: string[]; saw: string }[] = [];
    const batcher = new TurnBatcher<string, string>(async (key, items) => {
      runs.push({ key, items, saw: saved });
      return `${key}:${saved}`;
    });
    const first = batcher.read("shop-a", ["1", "2"]);
    saved = "after"; // saved between the first and the last caller's question
    const second = batcher.read("shop-a", ["2", "3"]);
    const other = batcher.read("shop-b", ["9"]);
    expect(await Promise.all([first, second, other])).toEqual([
      "shop-a:after",
      "shop-a:after",
      "shop-b:after",
    ]);
    expect(runs).toEqual([
      { key: "shop-a", items: ["1", "2", "3"], saw: "after" },
      { key: "shop-b", items: ["9"], saw: "after" },
    ]);
    expect([batcher.batches, batcher.joined]).toEqual([2, 1]);
    // The next turn opens a new batch.
    await batcher.read("shop-a", ["1"]);
    expect(runs).toHaveLength(3);
  });

  it("gives every caller of a failed batch the error, and keeps statements within maxItems", async () => {
    const sizes: number[] = [];
    const failing = new TurnBatcher<string, string>(() => Promise.reject(new Error("db down")));
    const both = [failing.read("k", ["1"]), failing.read("k", ["2"])];
    for (const read of both) await expect(read).rejects.toThrow("db down");
    const bounded = new TurnBatcher<string, number>(
      async (_key, items) => {
        sizes.push(items.length);
        return items.length;
      },
      { maxItems: 3 },
    );
    const answers = await Promise.all([
      bounded.read("k", ["1", "2"]),
      bounded.read("k", ["3", "4"]),
      bounded.read("k", ["5"]),
    ]);
    expect(answers).toEqual([3, 2, 3]);
    expect(sizes.sort()).toEqual([2, 3]);
  });
});

describe("RateLimiter", () => {
  it("allows the capacity, then refills over time", () => {
    let now = 0;
    const limiter = new RateLimiter({ capacity: 2, refillPerSecond: 1, now: () => now });
    expect(limiter.take("a").allowed).toBe(true);
    expect(limiter.take("a").allowed).toBe(true);
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.take("b").allowed).toBe(true);
    now += 1000;
    expect(limiter.take("a").allowed).toBe(true);
  });
});

describe("rate request items and keys", () => {
  const mappings = new Map([
    [
      "gid://shopify/ProductVariant/1",
      { variantId: "gid://shopify/ProductVariant/1", offeringId: 10, numberOfPages: 24 },
    ],
    [
      "gid://shopify/ProductVariant/2",
      { variantId: "gid://shopify/ProductVariant/2", offeringId: 10, numberOfPages: 24 },
    ],
  ]);
  it("keeps only mapped items that ship, merged by offering and pages, in a stable order", () => {
    const { items, ignored } = printItemsOf(
      [
        { quantity: 1, variant_id: "2" },
        { quantity: 2, variant_id: "9" },
        { quantity: 3, variant_id: "1" },
        { quantity: 1, variant_id: "1", requires_shipping: false },
      ],
      mappings,
    );
    expect(items).toEqual([{ offeringId: 10, numberOfPages: 24, quantity: 4 }]);
    expect(ignored).toBe(2);
    const key = (country: string) =>
      quoteKey({ shop: "s", settingsVersion: "v", countryCode: country, currency: "EUR", items });
    expect(key("NL")).not.toBe(key("DE"));
    expect(key("NL")).toBe(key("NL"));
  });
});

describe("backup rates and dates", () => {
  it("validates backup rates and ignores unreadable stored JSON", () => {
    expect(
      backupRatesSchema.safeParse([
        { name: "A", code: "a", amountMinor: 1 },
        { name: "B", code: "a", amountMinor: 2 },
      ]).success,
    ).toBe(false);
    expect(backupRatesSchema.safeParse([{ name: "A", code: "a", amountMinor: 1.5 }]).success).toBe(
      false,
    );
    expect(parseStoredBackupRates("{nope")).toEqual([]);
    expect(parseStoredBackupRates('[{"name":"A","code":"a","amountMinor":495}]')).toEqual([
      { name: "A", code: "a", amountMinor: 495 },
    ]);
  });

  it("counts business days and formats dates as Shopify expects", () => {
    const friday = new Date("2026-11-27T15:00:00Z");
    expect(addBusinessDays(friday, 1).toISOString().slice(0, 10)).toBe("2026-11-30");
    expect(shopifyDate(addBusinessDays(friday, 5))).toBe("2026-12-04 00:00:00 +0000");
  });

  it("refuses a count of business days it cannot count to, rather than looping on it", () => {
    const friday = new Date("2026-11-27T15:00:00Z");
    for (const days of [Number.MAX_SAFE_INTEGER, Infinity, Number.NaN, -1, 2.5])
      expect(() => addBusinessDays(friday, days)).toThrow(RangeError);
    expect(addBusinessDays(friday, 260).toISOString().slice(0, 10)).toBe("2027-11-26");
  });
});
