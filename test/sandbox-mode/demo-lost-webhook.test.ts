import "../support/app-env";
import { afterEach, describe, expect, it } from "vitest";
import { rawSql } from "../support/raw-sql";
import { stopServerProcesses } from "../support/server-process";
import { DEMO_SHOP, startSandboxApp, runDemo } from "./demo-app";

afterEach(stopServerProcesses);

describe("npm run demo with an order whose webhook is lost", () => {
  it(
    "shows the regular check with Shopify finding it, and says how long that took",
    { timeout: 300_000 },
    async () => {
      // A short interval, as `npm run up` sets in sandbox mode (20 s there).
      const { database, demoEnv } = await startSandboxApp("inline", {
        RECONCILE_INTERVAL_SECONDS: "5",
      });

      const demo = await runDemo(demoEnv, ["--orders", "9", "--timeout", "60"]);

      expect(demo.stdout).toContain("webhook lost: the regular check finds it");
      const note =
        /(#\d+): Shopify never delivered its orders\/paid webhook\. The regular check with Shopify found it (\d+\.\d) s after it was paid; the print service was paid (\d+\.\d) s after\./.exec(
          demo.stdout,
        );
      expect(note, demo.stdout + demo.stderr).not.toBeNull();
      // Found within a round or two of 5 s (the first round starts 5 s after the app).
      expect(Number(note![2])).toBeLessThan(30);
      expect(demo.stdout).toContain("All 13 orders ended as expected");
      expect(demo.code).toBe(0);
      // The app heard of it from the check, and its timeline says so.
      const [order] = await rawSql(
        database,
        `SELECT o.source, (SELECT e.message FROM "OrderEvent" e WHERE e."shopOrderId" = o.id AND e.type = 'found_by_check') AS message FROM "ShopOrder" o WHERE o.shop = '${DEMO_SHOP}' AND o.name = '${note![1]}'`,
      );
      expect(order).toEqual({
        source: "reconcile",
        message: "Found by the regular check with Shopify (its webhook never arrived)",
      });
    },
  );
});
