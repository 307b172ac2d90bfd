import { describe, expect, it } from "vitest";
import {
  durationText,
  handoffMs,
  handoffStats,
  percentile,
  summariseHandoff,
  webhooksStopped,
} from "~/services/fulfilment/handoff";

const T0 = Date.parse("2026-11-20T10:00:00Z");
const at = (ms: number) => new Date(T0 + ms);

describe("handoff arithmetic", () => {
  it("interpolates percentiles between the nearest ranks", () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([7], 50)).toBe(7);
    expect(percentile([7], 95)).toBe(7);
    // Even count: the median is the mean of the middle two.
    expect(percentile([10, 20, 30, 40], 50)).toBe(25);
    // 1..100: rank 0.95 * 99 = 94.05 → between 95 and 96.
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 0)).toBe(1);
    expect(percentile(hundred, 100)).toBe(100);
  });

  it("sorts before measuring, and a long tail moves the 95th percentile, not the median", () => {
    const seconds = [5, 3, 4, 6, 5, 4, 3, 5, 6, 4, 5, 4, 3, 5, 6, 4, 5, 4, 5, 3600].map(
      (s) => s * 1000,
    );
    const stats = handoffStats(seconds);
    expect(stats.count).toBe(20);
    // 3 s ×3, 4 s ×6, 5 s ×7, 6 s ×3, one hour: ranks 9 and 10 are both 5 s.
    expect(stats.medianMs).toBe(5_000);
    // rank 0.95 * 19 = 18.05: 6 s + 5% of the way to 3600 s.
    expect(stats.p95Ms).toBe(Math.round(6_000 + (3_600_000 - 6_000) * 0.05));
  });

  it("measures from Shopify's payment to the service's, never below zero", () => {
    expect(handoffMs({ shopifyPaidAt: at(0), servicePaidAt: at(42_000) })).toBe(42_000);
    // The two clocks disagree a little: counted as immediate, not negative.
    expect(handoffMs({ shopifyPaidAt: at(1_500), servicePaidAt: at(0) })).toBe(0);
  });

  it("keeps held and approved orders apart from those that went straight to print", () => {
    const summary = summariseHandoff([
      { shopifyPaidAt: at(0), servicePaidAt: at(10_000), waited: false },
      { shopifyPaidAt: at(0), servicePaidAt: at(20_000), waited: false },
      { shopifyPaidAt: at(0), servicePaidAt: at(30_000), waited: false },
      { shopifyPaidAt: at(0), servicePaidAt: at(86_400_000), waited: true },
    ]);
    expect(summary.immediate).toEqual({ count: 3, medianMs: 20_000, p95Ms: 29_000 });
    expect(summary.waited).toEqual({ count: 1, medianMs: 86_400_000, p95Ms: 86_400_000 });
    expect(summariseHandoff([]).immediate).toEqual({ count: 0, medianMs: null, p95Ms: null });
  });

  it("says webhooks stopped only when the check found an order paid after the last webhook", () => {
    expect(webhooksStopped({ lastWebhookAt: at(0), latestFoundPaidAt: null })).toBe(false);
    expect(webhooksStopped({ lastWebhookAt: null, latestFoundPaidAt: null })).toBe(false);
    expect(webhooksStopped({ lastWebhookAt: at(10), latestFoundPaidAt: at(5) })).toBe(false);
    expect(webhooksStopped({ lastWebhookAt: at(10), latestFoundPaidAt: at(11) })).toBe(true);
    expect(webhooksStopped({ lastWebhookAt: null, latestFoundPaidAt: at(0) })).toBe(true);
  });

  it("writes durations in short words", () => {
    expect(durationText(null)).toBe("—");
    expect(durationText(0)).toBe("0 s");
    expect(durationText(59_900)).toBe("59 s");
    expect(durationText(60_000)).toBe("1 min");
    expect(durationText(185_000)).toBe("3 min 5 s");
    expect(durationText(2 * 3_600_000 + 5 * 60_000)).toBe("2 h 5 min");
    expect(durationText(3_600_000)).toBe("1 h");
    expect(durationText(27 * 3_600_000)).toBe("1 d 3 h");
    expect(durationText(2 * 86_400_000)).toBe("2 d");
  });
});
