import { Prisma } from "@prisma/client";

/**
 * PostgreSQL's `?schema=` of a database URL, null for the default schema and
 * for SQLite. Prisma qualifies its own statements with it (not with
 * search_path), so a plain statement must name it too.
 */
export function schemaOfDatabaseUrl(databaseUrl: string): string | null {
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) return null;
  return new URL(databaseUrl).searchParams.get("schema");
}

/** One of the app's tables as a plain statement names it: quoted, in its schema. */
export function sqlTable(schema: string | null | undefined, name: string): Prisma.Sql {
  const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
  return Prisma.raw(schema ? `${quote(schema)}.${quote(name)}` : quote(name));
}
