import { describe, expect, it } from "vitest";
import { shareChecksInFlight } from "~/services/preflight/shared-checks";
import type { PreflightExpectation, PreflightResult } from "~/services/preflight";

const BOOK: PreflightExpectation = {
  offeringName: "Softcover novel",
  numberOfPages: 320,
  trimWidthMm: 148,
  trimHeightMm: 210,
  allowRotation: false,
};

/** A check the test answers by hand, counting what it was asked. */
function handCheck() {
  const asked: { url: string; expect: PreflightExpectation }[] = [];
  const answers: ((result: PreflightResult | Error) => void)[] = [];
  const check = (url: string, expect: PreflightExpectation) => {
    asked.push({ url, expect });
    return new Promise<PreflightResult>((resolve, reject) =>
      answers.push((r) => (r instanceof Error ? reject(r) : resolve(r))),
    );
  };
  return { check, asked, answer: (i: number, r: PreflightResult | Error) => answers[i]!(r) };
}

const passed = (pages: number) =>
  ({ status: "passed", problems: [], pages }) as unknown as PreflightResult;

describe("checks shared while in flight", () => {
  it("asks once for a file and expectation asked again before the answer, and gives each the answer", async () => {
    const hand = handCheck();
    const shared = shareChecksInFlight(hand.check);
    const first = shared("https://files.example.com/a.pdf", BOOK);
    const second = shared("https://files.example.com/a.pdf", { ...BOOK });
    expect(hand.asked).toHaveLength(1);
    hand.answer(0, passed(320));
    expect(await first).toEqual(passed(320));
    expect(await second).toEqual(passed(320));
  });

  it("asks anew for another file, other numbers, or once the answer came", async () => {
    const hand = handCheck();
    const shared = shareChecksInFlight(hand.check);
    const a = shared("https://files.example.com/a.pdf", BOOK);
    const b = shared("https://files.example.com/b.pdf", BOOK);
    const c = shared("https://files.example.com/a.pdf", { ...BOOK, numberOfPages: 324 });
    const d = shared("https://files.example.com/a.pdf", { ...BOOK, allowRotation: true });
    expect(hand.asked).toHaveLength(4);
    [0, 1, 2, 3].forEach((i) => hand.answer(i, passed(i)));
    await Promise.all([a, b, c, d]);
    // Answered: the next ask reads the file again (it may have been replaced behind its URL).
    const again = shared("https://files.example.com/a.pdf", BOOK);
    expect(hand.asked).toHaveLength(5);
    hand.answer(4, passed(320));
    expect(await again).toEqual(passed(320));
  });

  it("gives a failure to everyone waiting, and the next ask tries again", async () => {
    const hand = handCheck();
    const shared = shareChecksInFlight(hand.check);
    const first = shared("https://files.example.com/a.pdf", BOOK);
    const second = shared("https://files.example.com/a.pdf", BOOK);
    hand.answer(0, new Error("the PDF thread could not load"));
    await expect(first).rejects.toThrow("could not load");
    await expect(second).rejects.toThrow("could not load");
    const retry = shared("https://files.example.com/a.pdf", BOOK);
    expect(hand.asked).toHaveLength(2);
    hand.answer(1, passed(320));
    expect(await retry).toEqual(passed(320));
  });
});
