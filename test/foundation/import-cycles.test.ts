import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

/**
 * scripts/check-import-cycles.mjs, the cycle half of `npm run lint`, on small
 * projects of its own: what counts as an import at run time, and what not.
 */
const script = path.resolve(import.meta.dirname, "../../scripts/check-import-cycles.mjs");
const made: string[] = [];

function project(files: Record<string, string>) {
  const root = mkdtempSync(path.join(os.tmpdir(), "print-connect-cycles-"));
  made.push(root);
  writeFileSync(
    path.join(root, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { module: "ESNext", moduleResolution: "Bundler" } }),
  );
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  const run = spawnSync(process.execPath, [script, root], { encoding: "utf8", timeout: 30_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("check-import-cycles", () => {
  it("fails on a cycle through three modules and names the way round", () => {
    const run = project({
      "app/services/a.ts": 'import { b } from "./b";\nexport const a = () => b;\n',
      "app/services/b.ts": 'import { c } from "../lib/c";\nexport const b = () => c;\n',
      "app/lib/c.ts": 'export { a as c } from "../services/a";\n',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Dependency cycle (3 modules)");
    expect(run.stderr).toContain("app/services/a.ts:1 imports");
    expect(run.stderr).toContain("app/services/b.ts:1 imports");
    expect(run.stderr).toContain("app/lib/c.ts:1 imports");
  });

  it("counts a dynamic import and a bare import", () => {
    const dynamic = project({
      "sandbox/a.ts": 'import "./b";\n',
      "sandbox/b.ts": 'export const load = () => import("./a");\n',
    });
    expect(dynamic.status).toBe(1);
    expect(dynamic.stderr).toContain("sandbox/b.ts:1 imports");
  });

  it("does not count imports and exports of types only", () => {
    const run = project({
      "app/a.ts": 'import { b } from "./b";\nexport type A = string;\nexport const a = b;\n',
      "app/b.ts": [
        'import type { A } from "./a";',
        'import { type A as Same } from "./a";',
        'export type { A } from "./a";',
        "export const b: A | Same = '';",
        "",
      ].join("\n"),
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Import cycles: none in 2 modules.");
  });
});
