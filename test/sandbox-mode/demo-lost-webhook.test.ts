import "../support/app-env";
import { afterEach, describe, expect, it } from "vitest";
import { rawSql } from "../support/raw-sql";
import { stopServerProcesses } from "../support/server-process";
import { DEMO_SHOP, demoShopRouting, startSandboxApp, runDemo } from "./demo-app";

afterEach(stopServerProcesses);

describe("npm run demo with an order whose webhook is lost, on a shop that approves each order", () => {
  it(
    "shows the regular check with Shopify finding it, says how long that took, and approves its own orders",
    { timeout: 300_000 },
    async () => {
      // A short interval, as `npm run up` sets in sandbox mode (20 s there).
      const { database, demoEnv } = await startSandboxApp("inline", {
        REGULAR_CHECK_INTERVAL_SECONDS: "5",
      });

      // The shop approves each order itself (demo-routing.test.ts runs the hold period): the
      // demo approves its own through the app, the found order included, and says so.
      await rawSql(
        database,
        `UPDATE "Shop" SET "routingMode" = 'manual', "holdHours" = 0 WHERE shop = '${DEMO_SHOP}'`,
      );

      // The demo's own bound on its waits: an upper bound, reached only when an order is stuck
      // (this file starts first, beside the build and the longest browser files).
      const demo = await runDemo(demoEnv, ["--orders", "9", "--timeout", "120"]);
      expect(demo.stderr).toContain('Routing is "When I approve each order"');

      // Its reason for stopping, if it stopped early, is on stderr.
      expect(demo.stdout, demo.stderr).toContain("webhook lost: the regular check finds it");
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
      // Approved one by one through the order action, as the merchant would: the nine print
      // orders of demo-routing.test.ts and the found one (the proof copy was approved by
      // placing it) ...
      const approved = await rawSql(
        database,
        `SELECT id FROM "OrderEvent" WHERE shop = '${DEMO_SHOP}' AND type = 'approved' AND actor = 'merchant'`,
      );
      expect(approved.length).toBe(10);
      // ... and the setting is what it was.
      expect(await demoShopRouting(database)).toEqual({ routingMode: "manual", holdHours: 0 });
    },
  );
});
