import "../support/app-env";
import { afterEach, describe, expect, it } from "vitest";
import { stopServerProcesses } from "../support/server-process";
import { startSandboxApp, runDemo } from "./demo-app";

afterEach(stopServerProcesses);

describe("npm run demo when orders do not get there", () => {
  it(
    "names every stuck order, its state and why, when the time is up",
    { timeout: 120_000 },
    async () => {
      // No worker in the app process and none started: paid orders stay recorded, unplanned.
      const { demoEnv } = await startSandboxApp("off");

      const demo = await runDemo(demoEnv, ["--orders", "8", "--timeout", "5"]);

      expect(demo.code).toBe(1);
      expect(demo.stderr).toContain(
        "sent to print: 12 of 12 order(s) did not get there within 5 s:",
      );
      const stuck = demo.stderr.split("\n").filter((line) => /^\s+#\d+ \(/.test(line));
      expect(stuck).toHaveLength(11);
      // The proof copy was placed in the app (its print order exists) and waits for the worker.
      expect(demo.stderr).toMatch(
        /\n\s+Proof P\d+ \(proof copy of the book \(no Shopify order\)\): PC-proof-\S+ pending: the fulfilment worker has not taken it/,
      );
      for (const line of stuck) {
        expect(line).toMatch(
          /^\s+#\d+ \(.+\): recorded, no print order yet: the fulfilment worker has not taken it: is it running\? \(with WORKER=off, run `npm run worker`\)$/,
        );
      }
    },
  );
});
