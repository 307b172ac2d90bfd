/**
 * The app's one connection to a SQLite file, with its prepared statements kept
 * (decision 31). @libsql/client prepares every statement anew, and learns
 * whether it returns rows by catching the error `raw()` throws for a write: on
 * the worker's path that was about a tenth of its CPU. Here a statement is
 * prepared once and reused while it is among the most recently used
 * STATEMENTS_KEPT; SQLite re-prepares a kept statement itself when the schema
 * changes under it.
 *
 * It answers as @libsql/client's local client does (the same values in and
 * out, its errors, its result sets), for the part of the Client that Prisma's
 * libSQL adapter uses: execute, transaction, executeMultiple, close.
 */
import Database from "libsql";
import { Buffer } from "node:buffer";
import { LibsqlError, type InStatement, type InValue, type ResultSet } from "@libsql/core/api";
import { ResultSetImpl } from "@libsql/core/util";

/** Distinct statements kept prepared: every IN list's length is a statement of its own. */
export const STATEMENTS_KEPT = 256;

type Value = null | string | number | bigint | Buffer;

interface Kept {
  statement: Database.Statement;
  reader: boolean;
  columns: string[];
  columnTypes: string[];
}

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_INTEGER = -9223372036854775808n;
const MAX_INTEGER = 9223372036854775807n;

function valueToSql(value: InValue): Value {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) {
      throw new RangeError("Only finite numbers (not Infinity or NaN) can be passed as arguments");
    }
    return value;
  }
  if (typeof value === "bigint") {
    if (value < MIN_INTEGER || value > MAX_INTEGER) {
      throw new RangeError(
        "bigint is too large to be represented as a 64-bit integer and passed as argument",
      );
    }
    return value;
  }
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (value instanceof Date) return value.valueOf();
  if (value === undefined) {
    throw new TypeError("undefined cannot be passed as argument to the database");
  }
  return value as Value;
}

function valueFromSql(value: unknown): unknown {
  if (typeof value === "bigint") {
    if (value < MIN_SAFE || value > MAX_SAFE) {
      throw new RangeError(
        "Received integer which cannot be safely represented as a JavaScript number",
      );
    }
    return Number(value);
  }
  if (value instanceof Buffer) {
    return value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength);
  }
  return value;
}

/** A row as @libsql/client gives it: by index, and by column name where the name is free. */
function rowFromSql(values: unknown[], columns: string[]) {
  const row: Record<string | number, unknown> = {};
  Object.defineProperty(row, "length", { value: values.length });
  for (let i = 0; i < values.length; i += 1) {
    const value = valueFromSql(values[i]);
    Object.defineProperty(row, i, { value });
    const column = columns[i]!;
    if (!Object.hasOwn(row, column)) row[column] = value;
  }
  return row;
}

function mapError(error: unknown): unknown {
  if (error instanceof Database.SqliteError) {
    const e = error as Error & { code: string; rawCode?: number };
    return new LibsqlError(e.message, e.code, e.rawCode, e);
  }
  return error;
}

export class SqliteFileConnection {
  private readonly db: Database.Database;
  private readonly kept = new Map<string, Kept>();

  constructor(path: string) {
    this.db = new Database(path);
  }

  get inTransaction(): boolean {
    return this.db.inTransaction;
  }

  execute(stmt: InStatement): ResultSet {
    const sql = typeof stmt === "string" ? stmt : stmt.sql;
    const given = typeof stmt === "string" ? [] : (stmt.args ?? []);
    const args = Array.isArray(given)
      ? given.map(valueToSql)
      : Object.fromEntries(
          Object.entries(given).map(([name, value]) => [
            /^[@$:]/.test(name) ? name.slice(1) : name,
            valueToSql(value),
          ]),
        );
    try {
      const { statement, reader, columns, columnTypes } = this.prepared(sql);
      if (reader) {
        const rows = (statement.all(args) as unknown[][]).map((r) => rowFromSql(r, columns));
        return new ResultSetImpl(columns, columnTypes, rows as never, 0, undefined);
      }
      const info = statement.run(args);
      return new ResultSetImpl([], [], [], info.changes, BigInt(info.lastInsertRowid));
    } catch (error) {
      throw mapError(error);
    }
  }

  executeMultiple(sql: string): void {
    try {
      this.db.exec(sql);
    } catch (error) {
      throw mapError(error);
    }
  }

  /** A transaction still open is rolled back first: its lock must not outlive the connection. */
  close(): void {
    this.kept.clear();
    if (this.db.inTransaction) {
      try {
        this.db.exec("ROLLBACK");
      } catch {
        // Closing ends it all the same.
      }
    }
    this.db.close();
  }

  private prepared(sql: string): Kept {
    const hit = this.kept.get(sql);
    if (hit) {
      // Most recently used last: the first key is the one to let go.
      this.kept.delete(sql);
      this.kept.set(sql, hit);
      return hit;
    }
    const statement = this.db.prepare(sql);
    statement.safeIntegers(true);
    const reader = statement.reader;
    let columns: string[] = [];
    let columnTypes: string[] = [];
    if (reader) {
      statement.raw(true);
      const described = statement.columns() as { name: string; type: string | null }[];
      columns = described.map((c) => c.name);
      columnTypes = described.map((c) => c.type ?? "");
    }
    const kept = { statement, reader, columns, columnTypes };
    this.kept.set(sql, kept);
    if (this.kept.size > STATEMENTS_KEPT) this.kept.delete(this.kept.keys().next().value!);
    return kept;
  }
}
