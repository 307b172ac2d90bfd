/**
 * A vitest reporter that writes one JSON file at the end of the run, for the last lines of
 * `npm test` (test/database/run-suite.mjs): every test file with its project (the database),
 * its state and wall time, and each failed test with the first lines of its error. The file
 * is named by RUN_SUMMARY_FILE.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

export interface RunSummaryFile {
  project: string;
  file: string;
  state: string;
  durationMs: number;
  /** Errors outside any test (an import that failed, a hook). */
  errors: string[];
  failed: { name: string; errors: string[] }[];
}

export interface RunSummary {
  files: RunSummaryFile[];
  /** Errors outside every file (an unhandled rejection, a worker that died). */
  unhandled: string[];
}

const text = (e: { stack?: string; message?: string }) => e.stack || e.message || String(e);

export default class RunSummaryReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<{ stack?: string; message?: string }>,
  ) {
    const target = process.env.RUN_SUMMARY_FILE;
    if (!target) return;
    const files = testModules.map((m): RunSummaryFile => {
      const failed = [...m.children.allTests()]
        .filter((t) => t.result().state === "failed")
        .map((t) => ({ name: t.fullName, errors: (t.result().errors ?? []).map(text) }));
      return {
        project: m.project.name,
        file: path.relative(process.cwd(), m.moduleId),
        state: m.state(),
        durationMs: Math.round(m.diagnostic().duration),
        errors: m.errors().map(text),
        failed,
      };
    });
    const summary: RunSummary = { files, unhandled: unhandledErrors.map(text) };
    writeFileSync(target, JSON.stringify(summary));
  }
}
