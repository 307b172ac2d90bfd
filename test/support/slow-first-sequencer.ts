/**
 * Starts the longest test files first, so that with several files at a time
 * the run does not end on one long file started last. Vitest orders by the
 * durations of the previous run when it has them; a fresh clone (CI) has none
 * and would order by file size, which puts the soak and the longest browser files near the end.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { DATABASE_FREE_PROJECT } from "./database-free-tests.mjs";

/**
 * Longest first: wall seconds in a fresh-clone `.ci/run` with both databases at once
 * (docs/decisions/0010-test-run.md). A file runs first on either database.
 */
const SLOW_FILES = [
  "test/browser/accessibility.test.ts", // ~118 s
  "test/browser/admin-pages.test.ts", // ~74 s
  "test/sandbox-mode/demo-routing.test.ts", // ~64 s (the demo's three files: one each, side by side)
  "test/sandbox-mode/demo-lost-webhook.test.ts",
  "test/sandbox-mode/demo-stuck.test.ts",
  "test/browser/unsaved-changes.test.ts", // ~48 s
  "test/browser/product-creation.test.ts", // ~44 s
  "test/scale/every-tier.test.ts", // ~30 s, PostgreSQL only
  "test/pdf-work/responsive-server.test.ts", // ~29 s
  "test/scale/sigkill.test.ts", // ~26 s, PostgreSQL only
  "test/scale/start-while-down.test.ts", // ~15 s alone, PostgreSQL only
  "test/browser/manage.test.ts", // ~24 s
  "test/pdf-work/pool.test.ts", // ~23 s
];

/**
 * A worker takes the next file without a new process only when that file is of the project
 * its last one was (vitest's pool), so after the slow files each project's files come
 * together: SQLite's, PostgreSQL's, then the database-free files, whose short files also fill
 * the end of the run.
 */
const PROJECT_ORDER = ["sqlite", "postgresql", DATABASE_FREE_PROJECT];

function rank(spec: TestSpecification): number {
  const path = spec.moduleId.replaceAll("\\", "/");
  const index = SLOW_FILES.findIndex((file) => path.endsWith(`/${file}`));
  if (index !== -1) return index;
  const project = PROJECT_ORDER.indexOf(spec.project.name);
  return SLOW_FILES.length + (project === -1 ? PROJECT_ORDER.length : project);
}

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
