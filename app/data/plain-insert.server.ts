import { Prisma } from "@prisma/client";
import type { PlainTable, SqlValue } from "../services/fulfilment/ingest-rows";

/**
 * The one way the hot path writes its tables (services/fulfilment/ingest-rows.ts names them and
 * builds the rows): a plain INSERT whose column list comes from the table's definition. Plain
 * statements because each Prisma call costs the process about half a millisecond of CPU to
 * compile, several times the insert itself (docs/decisions/0011-plain-sql-on-hot-paths.md).
 */

/** Runs plain statements: the client, or an interactive transaction's. */
export type SqlWriter = Pick<Prisma.TransactionClient, "$executeRaw">;

/** A table of the app's schema, as a plain statement must name it (services/sql-table.ts). */
export type TableNamer = (name: string) => Prisma.Sql;

/** The table, column list and VALUES of one INSERT of these rows. */
export function insertOf<C extends string>(
  table: TableNamer,
  into: PlainTable<C>,
  rows: readonly Record<C, SqlValue>[],
): Prisma.Sql {
  const names = Prisma.raw(into.columns.map((c) => `"${c}"`).join(", "));
  const values = rows.map((row) => Prisma.sql`(${Prisma.join(into.columns.map((c) => row[c]))})`);
  return Prisma.sql`INSERT INTO ${table(into.name)} (${names}) VALUES ${Prisma.join(values)}`;
}

/**
 * One INSERT of these rows; `table` names the table as the schema holds it. `ignoringConflicts`
 * leaves out rows whose key is taken (SQLite and PostgreSQL alike).
 */
export function insertStatement<C extends string>(
  table: TableNamer,
  into: PlainTable<C>,
  rows: readonly Record<C, SqlValue>[],
  { ignoringConflicts = false }: { ignoringConflicts?: boolean } = {},
): Prisma.Sql {
  const insert = insertOf(table, into, rows);
  return ignoringConflicts ? Prisma.sql`${insert} ON CONFLICT DO NOTHING` : insert;
}

/** insertStatement, run by `db`. */
function insertRows<C extends string>(
  db: SqlWriter,
  table: TableNamer,
  into: PlainTable<C>,
  rows: readonly Record<C, SqlValue>[],
  options: { ignoringConflicts?: boolean } = {},
): Prisma.PrismaPromise<number> {
  return db.$executeRaw(insertStatement(table, into, rows, options));
}

/**
 * One INSERT of these rows that leaves out those whose key is taken, returning the `returning`
 * columns of the rows that went in (SQLite 3.35+ and PostgreSQL alike).
 */
export function insertReturningStatement<C extends string, K extends C>(
  table: TableNamer,
  into: PlainTable<C>,
  rows: readonly Record<C, SqlValue>[],
  returning: readonly K[],
): Prisma.Sql {
  const names = Prisma.raw(returning.map((c) => `"${c}"`).join(", "));
  return Prisma.sql`${insertOf(table, into, rows)} ON CONFLICT DO NOTHING RETURNING ${names}`;
}

/**
 * Bound parameters one statement may carry: SQLite allows 32,766, PostgreSQL 65,535. An order
 * whose rows need more (thousands of lines) is written in several statements.
 */
export const MAX_STATEMENT_PARAMETERS = 30_000;

/** Rows per statement for a table, within MAX_STATEMENT_PARAMETERS. */
function rowsPerStatement(into: { columns: readonly string[] }): number {
  return Math.max(1, Math.floor(MAX_STATEMENT_PARAMETERS / into.columns.length));
}

/**
 * The INSERTs of these rows, as many as the parameter bound asks (one for a usual order), for a
 * transaction's list of statements.
 */
export function insertRowsInChunks<C extends string>(
  db: SqlWriter,
  table: TableNamer,
  into: PlainTable<C>,
  rows: readonly Record<C, SqlValue>[],
): Prisma.PrismaPromise<number>[] {
  const size = rowsPerStatement(into);
  const statements: Prisma.PrismaPromise<number>[] = [];
  for (let start = 0; start < rows.length; start += size)
    statements.push(insertRows(db, table, into, rows.slice(start, start + size)));
  return statements;
}
