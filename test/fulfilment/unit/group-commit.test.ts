import { describe, expect, it } from "vitest";
import { groupCommit } from "~/services/group-commit";

/** A write that records each statement's items, and refuses any group holding `bad`. */
function recorder(bad?: number) {
  const statements: number[][] = [];
  const write = groupCommit<number, string>({
    maxGroup: 3,
    writeGroup: async (items) => {
      statements.push(items);
      if (bad !== undefined && items.includes(bad)) throw new Error(`refused ${bad}`);
      return items.map((i) => `kept ${i}`);
    },
  });
  return { statements, write };
}

describe("group commit", () => {
  it("writes what is asked in one turn as one statement, each answered with its own result", async () => {
    const { statements, write } = recorder();
    expect(await Promise.all([write(1), write(2)])).toEqual(["kept 1", "kept 2"]);
    expect(statements).toEqual([[1, 2]]);
  });

  it("writes what is asked in later turns as statements of their own", async () => {
    const { statements, write } = recorder();
    expect(await write(1)).toBe("kept 1");
    expect(await write(2)).toBe("kept 2");
    expect(statements).toEqual([[1], [2]]);
  });

  it("bounds a statement's items, the rest in the next statements at once", async () => {
    const { statements, write } = recorder();
    const all = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(write));
    expect(all).toEqual([1, 2, 3, 4, 5, 6, 7].map((i) => `kept ${i}`));
    expect(statements).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it("writes a failed group one by one: only the bad item fails", async () => {
    const { statements, write } = recorder(2);
    const settled = await Promise.allSettled([write(1), write(2), write(3)]);
    expect(settled.map((s) => (s.status === "fulfilled" ? s.value : String(s.reason)))).toEqual([
      "kept 1",
      "Error: refused 2",
      "kept 3",
    ]);
    expect(statements).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it("fails a group whose write answers for fewer items than it was given", async () => {
    const write = groupCommit<number, number>({
      maxGroup: 10,
      writeGroup: async (items) => (items.length > 1 ? [items[0]!] : items),
    });
    // The group's answer is not trusted: each is written again on its own.
    expect(await Promise.all([write(1), write(2)])).toEqual([1, 2]);
  });
});
