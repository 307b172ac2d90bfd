/**
 * The app's SQLite file connection (app/db/sqlite-file-connection.server.ts) keeps its
 * prepared statements and answers as @libsql/client's local client does. Each case
 * runs the same statements through both and compares, then checks what keeping adds.
 */
import { createClient, LibsqlError } from "@libsql/client";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SqliteFileConnection, STATEMENTS_KEPT } from "~/db/sqlite-file-connection.server";
import { singleConnectionClient } from "~/db/sqlite-client.server";

const dir = mkdtempSync(path.join(os.tmpdir(), "print-connect-sqlite-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function twoConnections() {
  const file = path.join(dir, `${(files += 1)}.sqlite`);
  const ours = new SqliteFileConnection(file);
  const theirs = createClient({ url: `file:${file}` });
  ours.executeMultiple(
    `CREATE TABLE "T" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL UNIQUE, "at" DATETIME, "flag" BOOLEAN, "big" BIGINT, "data" BLOB)`,
  );
  return { ours, theirs };
}

const plain = (r: {
  columns: string[];
  columnTypes: string[];
  rows: ArrayLike<unknown>[];
  rowsAffected: number;
  lastInsertRowid: bigint | undefined;
}) => ({
  columns: r.columns,
  columnTypes: r.columnTypes,
  rows: r.rows.map((row) => ({ byIndex: Array.from(row), byName: { ...row } })),
  rowsAffected: r.rowsAffected,
  lastInsertRowid: r.lastInsertRowid,
});

describe("the SQLite file connection", () => {
  it("writes and reads the values @libsql/client does, with the same result sets", async () => {
    const { ours, theirs } = twoConnections();
    const at = new Date("2026-11-30T12:00:00.000Z");
    const insert = `INSERT INTO "T" ("name", "at", "flag", "big", "data") VALUES (?, ?, ?, ?, ?)`;
    const args = (name: string) => [name, at, true, 2n ** 40n, new Uint8Array([1, 2, 3]).buffer];
    const a = ours.execute({ sql: insert, args: args("a") });
    const b = await theirs.execute({ sql: insert, args: args("b") });
    expect(plain(a)).toEqual({ ...plain(b), lastInsertRowid: 1n });
    expect(b.lastInsertRowid).toBe(2n);

    const select = {
      sql: `SELECT "id", "name", "at", "flag", "big", "data", 1 AS "name" FROM "T" WHERE "name" IN (?, ?) ORDER BY "id"`,
      args: ["a", "b"],
    };
    const read = ours.execute(select);
    expect(plain(read)).toEqual(plain(await theirs.execute(select)));
    expect(read.rows[0]![2]).toBe(at.valueOf());
    expect(read.rows[0]![5]).toEqual(new Uint8Array([1, 2, 3]).buffer);
    // The first of two columns of one name answers by that name.
    expect(read.rows[0]!.name).toBe("a");

    const named = { sql: `SELECT "name" FROM "T" WHERE "id" = :id`, args: { id: 2 } };
    expect(plain(ours.execute(named))).toEqual(plain(await theirs.execute(named)));
    theirs.close();
    ours.close();
  });

  it("refuses what @libsql/client refuses, with its errors", async () => {
    const { ours, theirs } = twoConnections();
    const insert = `INSERT INTO "T" ("name") VALUES (?)`;
    ours.execute({ sql: insert, args: ["taken"] });
    const refusal = (run: () => unknown) =>
      Promise.resolve()
        .then(run)
        .then(
          () => undefined,
          (e: unknown) => e,
        );
    const oursUnique = (await refusal(() =>
      ours.execute({ sql: insert, args: ["taken"] }),
    )) as LibsqlError;
    const theirsUnique = (await refusal(() =>
      theirs.execute({ sql: insert, args: ["taken"] }),
    )) as LibsqlError;
    expect(oursUnique).toBeInstanceOf(LibsqlError);
    expect([oursUnique.code, oursUnique.rawCode, oursUnique.message]).toEqual([
      theirsUnique.code,
      theirsUnique.rawCode,
      theirsUnique.message,
    ]);
    expect(oursUnique.rawCode).toBe(2067);

    for (const bad of [[Number.NaN], [2n ** 64n], [undefined]]) {
      const ourError = (await refusal(() =>
        ours.execute({ sql: insert, args: bad as never }),
      )) as Error;
      const theirError = (await refusal(() =>
        theirs.execute({ sql: insert, args: bad as never }),
      )) as Error;
      expect([ourError.name, ourError.message]).toEqual([theirError.name, theirError.message]);
    }
    ours.execute({ sql: `UPDATE "T" SET "big" = ? WHERE "name" = 'taken'`, args: [2n ** 60n] });
    const tooBig = { sql: `SELECT "big" FROM "T"`, args: [] };
    const ourRange = (await refusal(() => ours.execute(tooBig))) as Error;
    const theirRange = (await refusal(() => theirs.execute(tooBig))) as Error;
    expect(ourRange).toBeInstanceOf(RangeError);
    expect(ourRange.message).toBe(theirRange.message);

    const syntax = (await refusal(() => ours.execute(`SELEC 1`))) as LibsqlError;
    expect(syntax).toBeInstanceOf(LibsqlError);
    expect(syntax.code).toBe("SQLITE_ERROR");
    theirs.close();
    ours.close();
  });

  it("keeps a statement prepared, and still sees a column added under it", () => {
    const { ours, theirs } = twoConnections();
    theirs.close();
    const read = `SELECT * FROM "T" WHERE "id" > ?`;
    ours.execute({ sql: `INSERT INTO "T" ("name") VALUES ('one')`, args: [] });
    const first = ours.execute({ sql: read, args: [0] });
    expect(first.rows).toHaveLength(1);
    // Another connection changes the schema; the kept statement is prepared again by SQLite.
    const other = new SqliteFileConnection(path.join(dir, `${files}.sqlite`));
    other.executeMultiple(`ALTER TABLE "T" ADD COLUMN "later" TEXT DEFAULT 'x'`);
    other.close();
    ours.execute({ sql: `INSERT INTO "T" ("name") VALUES ('two')`, args: [] });
    const again = ours.execute({ sql: read, args: [0] });
    expect(again.rows).toHaveLength(2);
    ours.close();
  });

  it("keeps at most STATEMENTS_KEPT statements, the most recently used", () => {
    const { ours, theirs } = twoConnections();
    theirs.close();
    const kept = (ours as unknown as { kept: Map<string, unknown> }).kept;
    const first = `SELECT 0 AS "n"`;
    ours.execute(first);
    const statement = kept.get(first);
    ours.execute(first);
    expect(kept.get(first)).toBe(statement);
    for (let n = 1; n <= STATEMENTS_KEPT + 10; n += 1) {
      ours.execute(`SELECT ${n} AS "n"`);
      // Used again and again: never the one let go.
      ours.execute(first);
    }
    expect(kept.size).toBe(STATEMENTS_KEPT);
    expect(kept.get(first)).toBe(statement);
    expect(kept.has(`SELECT 1 AS "n"`)).toBe(false);
    expect(kept.has(`SELECT ${STATEMENTS_KEPT + 10} AS "n"`)).toBe(true);
    ours.close();
  });

  it("closes for good: a transaction left open lets its lock go, and nothing opens the file again", async () => {
    const { ours, theirs } = twoConnections();
    theirs.close();
    ours.close();
    const file = path.join(dir, `${files}.sqlite`);
    const client = singleConnectionClient({ url: `file:${file}` });
    const tx = await client.transaction("write");
    await tx.execute(`INSERT INTO "T" ("name") VALUES ('left open')`);
    client.close();
    await expect(client.execute(`SELECT 1`)).rejects.toMatchObject({ code: "CLIENT_CLOSED" });
    // Another connection writes at once: no lock outlived the close (busy_timeout is 0 here).
    const other = new SqliteFileConnection(file);
    other.execute(`INSERT INTO "T" ("name") VALUES ('next')`);
    expect(other.execute(`SELECT "name" FROM "T"`).rows.map((r) => r[0])).toEqual(["next"]);
    other.close();
  });
});
