/**
 * Issue 26's proof on PostgreSQL with two worker processes running the regular check at once:
 * both start a round at the same moment against one database and one Shopify stand-in, then
 * work the print orders. Each of the 70 orders is printed and paid exactly once; a second round
 * and the late webhooks change nothing.
 *
 * PostgreSQL only, like test/scale/: several processes are the PostgreSQL deployment.
 */
import { testDatabaseProvider, testDatabaseUrl } from "../support/app-env";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import prisma from "~/db.server";
import { runRegularCheck } from "~/lib/regular-check.server";
import type { RegularCheckRound } from "~/services/regular-check/round";
import { SHOP, startHarness, type Harness } from "../support/fulfilment-harness";
import {
  ALL,
  appState,
  deliverLateWebhooks,
  expectEachPrintedAndPaidOnce,
  LATE,
  LOST,
  placeOrders,
  type PlacedOrders,
} from "./scenario";

const onPostgres = testDatabaseProvider === "postgresql";
const root = path.resolve(import.meta.dirname, "../..");

interface WorkerProcess {
  process: ChildProcess;
  round: Promise<RegularCheckRound>;
  claims: Promise<Record<string, number>>;
}

/** A worker process of our own (regular-check-process.ts), ready for `GO`. */
async function startWorkerProcess(name: string, shopifyUrl: string): Promise<WorkerProcess> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "test", "regular-check", "regular-check-process.ts")],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: testDatabaseUrl,
        SCALE_PROCESS: name,
        SCALE_SHOPIFY_URL: shopifyUrl,
      },
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  const lines = createInterface({ input: child.stdout! });
  let rounded: (value: RegularCheckRound) => void = () => {};
  let claimed: (value: Record<string, number>) => void = () => {};
  const round = new Promise<RegularCheckRound>((resolve) => (rounded = resolve));
  const claims = new Promise<Record<string, number>>((resolve) => (claimed = resolve));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start`)), 30_000);
    child.once("exit", (code) => reject(new Error(`${name} exited with ${code}`)));
    lines.on("line", (line) => {
      if (line === "READY") {
        clearTimeout(timer);
        resolve();
      } else if (line.startsWith("ROUND ")) rounded(JSON.parse(line.slice(6)));
      else if (line.startsWith("CLAIMS ")) claimed(JSON.parse(line.slice(7)));
    });
  });
  return { process: child, round, claims };
}

describe.skipIf(!onPostgres)("the regular check in two worker processes at once", () => {
  let h: Harness;
  let placed: PlacedOrders;
  let workers: WorkerProcess[] = [];

  beforeAll(async () => {
    h = await startHarness();
    placed = await placeOrders(h);
    workers = await Promise.all([
      startWorkerProcess("worker-1", h.shopify.url),
      startWorkerProcess("worker-2", h.shopify.url),
    ]);
  }, 60_000);

  afterAll(async () => {
    for (const w of workers) if (w.process.exitCode === null) w.process.kill("SIGKILL");
    await h?.close();
  });

  it("prints and pays each of the 70 orders exactly once", async () => {
    for (const w of workers) w.process.stdin!.write("GO\n");
    const rounds = await Promise.all(workers.map((w) => w.round));

    // The lease kept them off the shop at the same time: what was found, was found once.
    const looks = rounds.flatMap((r) => r.looks.filter((l) => l.shop === SHOP));
    expect(looks.map((l) => l.outcome)).toContain("checked");
    expect(rounds.reduce((n, r) => n + r.found, 0)).toBe(LOST + LATE);
    const sync = await prisma.regularCheck.findUniqueOrThrow({ where: { shop: SHOP } });
    expect(sync).toMatchObject({ ordersFound: LOST + LATE, leaseOwner: null, lastProblem: null });

    await vi.waitUntil(
      async () =>
        (await prisma.printOrder.count({ where: { shop: SHOP, status: "paid" } })) === ALL,
      { timeout: 60_000, interval: 50 },
    );
    for (const w of workers) w.process.kill("SIGTERM");
    const claims = Object.assign({}, ...(await Promise.all(workers.map((w) => w.claims))));
    expect(Object.values(claims).reduce((a: number, b) => a + (b as number), 0)).toBeGreaterThan(0);

    await expectEachPrintedAndPaidOnce(h, placed);
    console.log(
      `test/regular-check: looks at the shop ${JSON.stringify(looks.map((l) => l.outcome))}; ` +
        `print orders claimed per worker ${JSON.stringify(claims)}`,
    );

    // The print service's status callbacks for the last payments may still be on their way
    // (each writes to the order's timeline): the state to compare is the one after them.
    await h.sandbox.control.waitForCallbacks(30_000);
    const before = await appState();
    expect((await runRegularCheck({ owner: "after" })).found).toBe(0);
    expect(await deliverLateWebhooks(h, placed.late)).toEqual(
      Array.from({ length: LATE }, () => "already_planned"),
    );
    expect(await appState()).toEqual(before);
    await expectEachPrintedAndPaidOnce(h, placed);
  }, 120_000);
});
