import "../support/app-env";
import { afterEach, describe, expect, it } from "vitest";
import { rawSql } from "../support/raw-sql";
import { stopServerProcesses } from "../support/server-process";
import { DEMO_SHOP, demoShopRouting, startSandboxApp, runDemo } from "./demo-app";

afterEach(stopServerProcesses);

// "When I approve each order" is run by demo-lost-webhook.test.ts: one whole demo run each.
describe("npm run demo when the demo shop holds its orders", () => {
  it(
    "approves its own orders through the app, says so, and leaves the setting as it was",
    { timeout: 300_000 },
    async () => {
      const { database, demoEnv } = await startSandboxApp("inline");
      await rawSql(
        database,
        `UPDATE "Shop" SET "routingMode" = 'hold', "holdHours" = 24 WHERE shop = '${DEMO_SHOP}'`,
      );

      const demo = await runDemo(demoEnv, ["--orders", "8", "--timeout", "90"]);

      expect(demo.stderr).toContain('Routing is "After a hold period (24 h)"');
      // stderr is a pipe here, as in a log: progress comes a line at a time, never redrawn.
      expect(demo.stderr).not.toContain("\r");
      expect(demo.stderr).toMatch(/^sent to print +\[#+\] 12\/12$/m);
      expect(demo.stderr).toContain('choose "Immediately"');
      // 8 orders, the book made with Create product, the order cancelled from Shopify, the
      // order whose customer corrects its address, and the proof copy of the book.
      expect(demo.stdout, demo.stderr).toContain("All 12 orders ended as expected");
      // The two notebooks whose customer files do not fit stop at the print-file check.
      const stopped = await rawSql(
        database,
        `SELECT id FROM "PrintOrder" WHERE shop = '${DEMO_SHOP}' AND status = 'needs_attention' AND "lastErrorCode" = 'PREFLIGHT_FAILED'`,
      );
      expect(stopped.length).toBe(2);
      expect(demo.code).toBe(0);
      // Approved one by one through the order action, as the merchant would ...
      const approved = await rawSql(
        database,
        `SELECT id FROM "OrderEvent" WHERE shop = '${DEMO_SHOP}' AND type = 'approved' AND actor = 'merchant'`,
      );
      // (the eleven orders make nine print orders that go to print: the split order makes
      // two, the book made with Create product, the order cancelled later and the order whose
      // customer corrected its address one each, the order to a destination nobody serves and
      // the two stopped by the file check none; the proof copy was approved by placing it)
      expect(approved.length).toBe(9);
      // ... and the setting is what it was.
      expect(await demoShopRouting(database)).toEqual({ routingMode: "hold", holdHours: 24 });
    },
  );
});
