import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DATABASE_FREE_FILES, DATABASE_FREE_FOLDERS } from "../support/database-free-tests.mjs";
import { ENGINE_NEUTRAL_FILES, ENGINE_NEUTRAL_FOLDERS } from "../support/engine-neutral-tests.mjs";

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

/** Every project module `file` reaches through its imports, itself included. */
function modulesReached(file: string): Set<string> {
  const seen = new Set<string>();
  const stack = [file];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    for (const match of readFileSync(current, "utf8").matchAll(IMPORTS)) {
      const next = resolveImport(current, (match[1] ?? match[2] ?? match[3])!);
      if (next) stack.push(next);
    }
  }
  return seen;
}

/** The database modules `file` reaches through project imports, as paths from the root. */
function databaseModulesReached(file: string): string[] {
  return [...modulesReached(file)]
    .filter((m) => REACHES_DATABASE.includes(m))
    .map((m) => path.relative(root, m))
    .sort();
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
const listed = (files: string[], folders: string[]) => (file: string) =>
  files.includes(file) || folders.some((glob) => file.startsWith(folderOf(glob)));
const databaseFree = all.filter(listed(DATABASE_FREE_FILES, DATABASE_FREE_FOLDERS));
const engineNeutral = all.filter(listed(ENGINE_NEUTRAL_FILES, ENGINE_NEUTRAL_FOLDERS));

/** A list names whole folders (`<folder>/**`) that hold tests, and files that exist. */
function expectListedAsTheyAre(folders: string[], files: string[]) {
  for (const glob of folders) {
    expect(glob).toMatch(/^[\w./-]+\/\*\*$/);
    expect(
      all.some((file) => file.startsWith(folderOf(glob))),
      glob,
    ).toBe(true);
  }
  for (const file of files) expect(all, file).toContain(file);
}

describe("the test files the PostgreSQL pass leaves out", () => {
  it("are listed as whole folders (`<folder>/**`) or as files that exist", () => {
    expectListedAsTheyAre(DATABASE_FREE_FOLDERS, DATABASE_FREE_FILES);
  });

  it("finds the database behind a test that has one (the check can see it)", () => {
    expect(
      databaseModulesReached(path.join(root, "test/soak/orders-through-faults.test.ts")),
    ).toEqual(["app/db.server.ts", "test/support/app-env.ts"]);
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

/**
 * The PostgreSQL pass also leaves out the files of test/support/engine-neutral-tests.mjs,
 * whose database work is done by app modules that the files left on that pass prove on
 * PostgreSQL. This holds them to it: every module where the app's database work lives
 * (app/data, app/services, app/lib, app/pages and the app's own *.server.ts: the layers of
 * decision 17; routes and components reach the database only through them) that an
 * engine-neutral file reaches is reached by some file that runs on PostgreSQL too. Sandbox
 * mode's own wiring, app/dev/, runs no SQL of its own and is left aside.
 */
describe("the engine-neutral test files", () => {
  it("are listed as whole folders (`<folder>/**`) or as files that exist", () => {
    expectListedAsTheyAre(ENGINE_NEUTRAL_FOLDERS, ENGINE_NEUTRAL_FILES);
  });

  it("reach no app module that the files on the PostgreSQL pass leave unreached", () => {
    // Each file's walk once: the check below asks for the same files twice.
    const walked = new Map<string, string[]>();
    const appModules = (file: string) => {
      let modules = walked.get(file);
      if (!modules) {
        modules = [...modulesReached(path.join(root, file))]
          .map((m) => path.relative(root, m))
          .filter((m) => /^app\/((data|services|lib|pages)\/|[\w-]+\.server\.ts$)/.test(m));
        walked.set(file, modules);
      }
      return modules;
    };
    const onPostgresql = all.filter(
      (file) => !databaseFree.includes(file) && !engineNeutral.includes(file),
    );
    const unproven = (postgresqlFiles: string[]) => {
      const proven = new Set(postgresqlFiles.flatMap(appModules));
      return engineNeutral
        .map((file) => ({ file, modules: appModules(file).filter((m) => !proven.has(m)) }))
        .filter(({ modules }) => modules.length > 0);
    };
    expect(unproven(onPostgresql)).toEqual([]);
    // The check can see: without the admin pages' own tests, the browser tests' pages are unproven.
    expect(
      unproven(onPostgresql.filter((file) => !file.startsWith("test/admin/"))).length,
    ).toBeGreaterThan(0);
  });
});
