import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DATABASE_FREE_FILES, DATABASE_FREE_FOLDERS } from "../support/database-free-tests.mjs";

/**
 * The PostgreSQL pass of `npm test` leaves out the files listed in
 * test/support/database-free-tests.mjs. That is only sound while none of them
 * can reach a database: this walks each one's imports (static and dynamic,
 * through every project module) and fails when one reaches a module that
 * gives a test a database or starts the app.
 */
const root = path.resolve(import.meta.dirname, "../..");
const REACHES_DATABASE = [
  "test/support/app-env.ts",
  "app/db.server.ts",
  "test/support/server-process.ts",
].map((file) => path.join(root, file));

const IMPORTS =
  /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
const EXTENSIONS = ["", ".ts", ".tsx", ".js", ".mjs", "/index.ts", "/index.js"];

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(root, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null; // a package: never the project's database modules
  // TypeScript sources imported as ".js"
  const candidates = [...EXTENSIONS.map((ext) => base + ext), base.replace(/\.js$/, ".ts")];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** The database modules `file` reaches through project imports, as paths from the root. */
function databaseModulesReached(file: string): string[] {
  const seen = new Set<string>();
  const stack = [file];
  const reached: string[] = [];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    if (REACHES_DATABASE.includes(current)) reached.push(path.relative(root, current));
    for (const match of readFileSync(current, "utf8").matchAll(IMPORTS)) {
      const next = resolveImport(current, (match[1] ?? match[2] ?? match[3])!);
      if (next) stack.push(next);
    }
  }
  return reached.sort();
}

/** Every file vitest.config.ts includes, as paths from the root. */
function testFiles(): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== "node_modules") visit(relative);
      else if (entry.name.endsWith(".test.ts")) found.push(relative);
    }
  };
  for (const dir of ["test", "app", "sandbox"]) visit(dir);
  return found.sort();
}

const folderOf = (glob: string) => glob.slice(0, -"**".length);
const all = testFiles();
const databaseFree = all.filter(
  (file) =>
    DATABASE_FREE_FILES.includes(file) ||
    DATABASE_FREE_FOLDERS.some((glob) => file.startsWith(folderOf(glob))),
);

describe("the test files the PostgreSQL pass leaves out", () => {
  it("are listed as whole folders (`<folder>/**`) or as files that exist", () => {
    for (const glob of DATABASE_FREE_FOLDERS) {
      expect(glob).toMatch(/^[\w./-]+\/\*\*$/);
      expect(
        all.some((file) => file.startsWith(folderOf(glob))),
        glob,
      ).toBe(true);
    }
    for (const file of DATABASE_FREE_FILES) expect(all, file).toContain(file);
  });

  it("finds the database behind a test that has one (the check can see it)", () => {
    expect(databaseModulesReached(path.join(root, "test/soak/thousand-orders.test.ts"))).toEqual([
      "app/db.server.ts",
      "test/support/app-env.ts",
    ]);
    expect(
      databaseModulesReached(path.join(root, "test/foundation/start-database.test.ts")),
    ).toContain("test/support/server-process.ts");
  });

  it("reach no database, directly or through what they import", () => {
    expect(databaseFree.length).toBeGreaterThan(40);
    const reaching = databaseFree
      .map((file) => ({ file, reaches: databaseModulesReached(path.join(root, file)) }))
      .filter(({ reaches }) => reaches.length > 0);
    expect(reaching).toEqual([]);
  });
});
