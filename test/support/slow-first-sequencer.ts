/**
 * Starts the longest test files first, so that with several files at a time
 * the run does not end on one long file started last. Vitest orders by the
 * durations of the previous run when it has them; a fresh clone (CI) has none
 * and would order by file size, which puts the 1,000-order soak near the end.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Longest first (seconds on a quiet 2-core machine, SQLite). */
const SLOW_FILES = [
  "test/soak/orders-through-faults.test.ts",
  "test/browser/admin-pages.test.ts", // ~30 s, after the app's production build
  "test/sandbox-mode/demo.test.ts", // ~23 s
  "test/pdf-work/responsive-server.test.ts", // ~20 s, the production server and hostile PDFs
  "test/soak/outage.test.ts", // ~15 s, mostly waiting on Retry-After
  "test/foundation/start-database.test.ts", // ~10 s
];

function rank(spec: TestSpecification): number {
  const path = spec.moduleId.replaceAll("\\", "/");
  const index = SLOW_FILES.findIndex((file) => path.endsWith(`/${file}`));
  return index === -1 ? SLOW_FILES.length : index;
}

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
