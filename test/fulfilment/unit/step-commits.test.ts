import { describe, expect, it } from "vitest";
import { carry, commitStep } from "~/services/fulfilment/lease";
import type { LeaseStore } from "~/services/fulfilment/ports";
import { done, type Loaded, type StepResult } from "~/services/fulfilment/step-support/result";

/**
 * The rule for two steps in one commit (docs/decisions/0004), without a database: which
 * results wait for the next step's commit, and what the joint commit writes.
 */

const NOW = new Date("2026-11-30T08:00:00Z");
const logger = { debug() {}, info() {}, warn() {}, error() {} };

const order = (over: Partial<Loaded> = {}): Loaded =>
  ({
    id: "po1",
    shop: "shop.example",
    shopOrderId: "so1",
    status: "pending",
    attempts: 0,
    printOrderId: null,
    updatedAt: new Date(0),
    items: [
      { id: "i1", preflight: null, filesSentAt: null, serviceState: null },
      { id: "i2", preflight: null, filesSentAt: null, serviceState: null },
    ],
    ...over,
  }) as unknown as Loaded;

const prepared = (): StepResult => ({
  ...done(
    { status: "ready", wholesaleTotalMinor: 1200, attempts: 0, nextAttemptAt: NOW },
    [{ actor: "worker", type: "ready", message: "Checked and quoted." }],
    true,
  ),
  items: [{ id: "i1", preflight: "passed" }],
  commitWithNext: true,
});

const created = (): StepResult => ({
  ...done(
    { status: "created", printOrderId: 77, nextAttemptAt: NOW },
    [{ actor: "worker", type: "created", message: "Created." }],
    true,
  ),
  items: [
    { id: "i1", filesSentAt: NOW },
    { id: "i2", filesSentAt: NOW },
  ],
});

/** A store that keeps what it was asked to commit. */
function recordingStore() {
  const commits: Parameters<LeaseStore["commitStep"]>[0][] = [];
  const store = {
    commitStep: (commit: Parameters<LeaseStore["commitStep"]>[0]) => {
      commits.push(commit);
      return Promise.resolve();
    },
  } as unknown as LeaseStore;
  return { store, commits };
}

const lease = { holder: "w1/claim-1", leaseMs: 1_000, keepLease: true, now: () => NOW, logger };
const turn = { last: false, now: () => NOW, logger };

describe("carry", () => {
  it("holds a result that says so, and hands the next step the order as it leaves it", () => {
    const held = carry(order(), prepared(), turn);
    expect(held).not.toBeNull();
    expect(held!.next).toMatchObject({ status: "ready", wholesaleTotalMinor: 1200 });
    expect(held!.next.items[0]).toMatchObject({ id: "i1", preflight: "passed" });
  });

  it("commits at once a result that does not say so, the claim's last turn, a split, and an end", () => {
    expect(carry(order(), { ...prepared(), commitWithNext: false }, turn)).toBeNull();
    expect(carry(order(), prepared(), { ...turn, last: true })).toBeNull();
    expect(carry(order(), { ...prepared(), continue: false }, turn)).toBeNull();
    const split = { data: { id: "po2" } as never, itemIds: ["i2"], event: prepared().events[0]! };
    expect(carry(order(), { ...prepared(), splits: [split] }, turn)).toBeNull();
  });

  it("commits at once a write it cannot replay for the next step (an arithmetic update)", () => {
    const counted = { ...prepared(), data: { attempts: { increment: 1 } } };
    expect(carry(order(), counted, turn)).toBeNull();
  });

  it("drops a backwards status from what it carries", () => {
    const held = carry(order({ status: "created" }), prepared(), turn);
    expect(held!.carried.data.status).toBeUndefined();
    expect(held!.next.status).toBe("created");
  });
});

describe("the joint commit", () => {
  it("writes the later step's columns over the earlier's, both steps' events in order, items merged", async () => {
    const { store, commits } = recordingStore();
    const held = carry(order(), prepared(), turn)!;
    await commitStep(store, held.next, created(), lease, held.carried);
    expect(commits).toHaveLength(1);
    const [commit] = commits;
    expect(commit!.columns).toMatchObject({
      status: "created",
      wholesaleTotalMinor: 1200,
      printOrderId: 77,
      attempts: 0,
    });
    expect(commit!.events.map((e) => e.type)).toEqual(["ready", "created"]);
    expect(commit!.items).toEqual([
      { id: "i1", columns: { preflight: "passed", filesSentAt: NOW } },
      { id: "i2", columns: { filesSentAt: NOW } },
    ]);
  });

  it("writes the carried result with a failure of the next step", async () => {
    const { store, commits } = recordingStore();
    const held = carry(order(), prepared(), turn)!;
    const failed = done(
      { attempts: held.next.attempts + 1, lastErrorCode: "HTTP_500", nextAttemptAt: NOW },
      [{ actor: "worker", type: "retry_scheduled", message: "Tried again later." }],
    );
    await commitStep(store, held.next, failed, { ...lease, keepLease: false }, held.carried);
    const [commit] = commits;
    expect(commit!.columns).toMatchObject({
      status: "ready",
      wholesaleTotalMinor: 1200,
      attempts: 1,
      lastErrorCode: "HTTP_500",
      leaseOwner: null,
    });
    expect(commit!.events.map((e) => e.type)).toEqual(["ready", "retry_scheduled"]);
    expect(commit!.items).toEqual([{ id: "i1", columns: { preflight: "passed" } }]);
  });

  it("never lets the later step move the order back from where the earlier left it", async () => {
    const { store, commits } = recordingStore();
    const held = carry(order(), prepared(), turn)!;
    const backwards = done({ status: "pending" }, []);
    await commitStep(store, held.next, backwards, lease, held.carried);
    expect(commits[0]!.columns.status).toBe("ready");
  });
});
