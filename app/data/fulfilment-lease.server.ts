/**
 * The worker's claims on print orders and a step's commit (services/fulfilment/lease.ts holds
 * the rules: what is due, how long a lease lasts, what a commit writes). Every statement is a
 * compare-and-set on the lease, the same the worker always sent, in the same transactions
 * (docs/decisions/0011-plain-sql-on-hot-paths.md, 0018-recovery-of-a-dead-workers-claims.md).
 */
import { Prisma, type PrismaClient } from "@prisma/client";
import { LeaseLostError } from "../services/fulfilment/lease";
import type { DueAt, LeaseStore, StepCommit } from "../services/fulfilment/ports";
import { sqlTable } from "../services/sql-table";
import { insertOf, type TableNamer } from "./plain-insert.server";
import { directProvider, directStatement, directTransaction } from "../db/direct-sql.server";
import { STEP_EVENT, type SqlValue } from "../services/fulfilment/ingest-rows";

/** No worker holds the row: never claimed, released, or its claim expired (a crashed worker). */
export function leaseFree(now: Date): Prisma.PrintOrderWhereInput {
  return { OR: [{ leaseExpiresAt: null }, { leaseExpiresAt: { lt: now } }] };
}

/** The rows due, free of any lease. */
function dueWhere({ unlessStatus, at }: DueAt): Prisma.PrintOrderWhereInput {
  return { status: { notIn: [...unlessStatus] }, nextAttemptAt: { lte: at }, ...leaseFree(at) };
}

/** An item change's columns: the only ones a step writes to an item (lease.ts itemColumns). */
const ITEM_COLUMNS = ["serviceState", "filesSentAt", "preflight"] as const;

/** The print order's columns a step may write: the table's own, never its relations. */
const PRINT_ORDER_COLUMNS = new Set<string>(Object.values(Prisma.PrintOrderScalarFieldEnum));

/**
 * The step's compare-and-set on the print order as one plain UPDATE (decision 11): it matches
 * only while the step's claim holds the lease, and sets "updatedAt" as Prisma's `@updatedAt` would.
 * A step writes plain values; an update operation ({ increment }) or an unknown column is a
 * mistake in the step, refused here rather than written some other way.
 */
function compareAndSet(table: TableNamer, commit: StepCommit, now: Date): Prisma.Sql {
  const sets = Object.entries({ ...commit.columns, updatedAt: now }).flatMap(([column, value]) => {
    if (value === undefined) return [];
    if (!PRINT_ORDER_COLUMNS.has(column))
      throw new Error(`a step wrote "${column}", which is not a column of the print order`);
    const plain =
      value === null ||
      value instanceof Date ||
      ["string", "number", "boolean"].includes(typeof value);
    if (!plain) throw new Error(`a step wrote "${column}" as an operation; steps write values`);
    return [Prisma.sql`${Prisma.raw(`"${column}"`)} = ${value as SqlValue}`];
  });
  const { order, holder } = commit;
  return Prisma.sql`UPDATE ${table("PrintOrder")} SET ${Prisma.join(sets)} WHERE "id" = ${order.id} AND "shop" = ${order.shop} AND "leaseOwner" = ${holder}`;
}

/** One item's change: its SET list and the row it names (only the order's own items). */
function itemChanges(commit: StepCommit): { id: string; sets: Prisma.Sql[] }[] {
  return commit.items.flatMap(({ id, columns }) => {
    const named = columns as Partial<Record<(typeof ITEM_COLUMNS)[number], SqlValue>>;
    const sets = ITEM_COLUMNS.filter((c) => named[c] !== undefined).map(
      (c) => Prisma.sql`${Prisma.raw(`"${c}"`)} = ${named[c]}`,
    );
    return sets.length ? [{ id, sets }] : [];
  });
}

/** The step's events as STEP_EVENT rows. */
function eventRowsOf(commit: StepCommit): Record<(typeof STEP_EVENT.columns)[number], SqlValue>[] {
  return commit.events.map((e) => ({
    shop: e.shop,
    shopOrderId: e.shopOrderId,
    printOrderId: e.printOrderId ?? null,
    at: (e.at as Date | undefined) ?? new Date(),
    actor: e.actor,
    type: e.type,
    message: e.message,
    data: e.data ?? null,
    flowTrigger: e.flowTrigger ?? null,
    flowDueAt: (e.flowDueAt as Date | null | undefined) ?? null,
  }));
}

/**
 * The usual step's item changes and events as plain statements (decision 11): a Prisma call
 * costs more CPU to compile than these writes take.
 */
function plainStepWrites(table: TableNamer, commit: StepCommit): Prisma.Sql[] {
  const { order } = commit;
  const itemWrites = itemChanges(commit).map(
    ({ id, sets }) =>
      Prisma.sql`UPDATE ${table("PrintOrderItem")} SET ${Prisma.join(sets)} WHERE "id" = ${id} AND "shop" = ${order.shop} AND "printOrderRowId" = ${order.id}`,
  );
  const eventRows = eventRowsOf(commit);
  return [...itemWrites, ...(eventRows.length ? [insertOf(table, STEP_EVENT, eventRows)] : [])];
}

/**
 * PostgreSQL's type of each event column, for a VALUES list in a query: there PostgreSQL infers
 * no type from the table written, as it does for INSERT ... VALUES.
 */
const EVENT_COLUMN_TYPE: Record<(typeof STEP_EVENT.columns)[number], string> = {
  shop: "text",
  shopOrderId: "text",
  printOrderId: "text",
  at: "timestamp(3)",
  actor: "text",
  type: "text",
  message: "text",
  data: "text",
  flowTrigger: "text",
  flowDueAt: "timestamp(3)",
};

/**
 * The usual step's commit on PostgreSQL as one statement (decision 34): the compare-and-set in
 * a WITH, and each write joined to it, so a write happens only when the compare-and-set
 * matched. One statement is its own transaction, all or nothing, with one round trip and one
 * WAL flush, where BEGIN, the compare-and-set, each write and COMMIT were one round trip each.
 * It returns one row when the compare-and-set matched and none when the claim no longer
 * holds the lease (nothing is written then).
 */
function oneStatementCommit(table: TableNamer, commit: StepCommit, now: Date): Prisma.Sql {
  const { order } = commit;
  const parts = [Prisma.sql`"cas" AS (${compareAndSet(table, commit, now)} RETURNING 1 AS "held")`];
  itemChanges(commit).forEach(({ id, sets }, i) =>
    parts.push(
      Prisma.sql`${Prisma.raw(`"item${i}"`)} AS (UPDATE ${table("PrintOrderItem")} SET ${Prisma.join(sets)} FROM "cas" WHERE "id" = ${id} AND "shop" = ${order.shop} AND "printOrderRowId" = ${order.id})`,
    ),
  );
  const rows = eventRowsOf(commit);
  if (rows.length) {
    const columns = STEP_EVENT.columns;
    const names = Prisma.raw(columns.map((c) => `"${c}"`).join(", "));
    const values = rows.map(
      (row) =>
        Prisma.sql`(${Prisma.join(columns.map((c) => Prisma.sql`${row[c]}::${Prisma.raw(EVENT_COLUMN_TYPE[c])}`))})`,
    );
    // In the rows' order, as INSERT ... VALUES writes them: the timeline reads them by id.
    parts.push(
      Prisma.sql`"events" AS (INSERT INTO ${table(STEP_EVENT.name)} (${names}) SELECT * FROM (VALUES ${Prisma.join(values)}) AS "v" (${names}) WHERE EXISTS (SELECT 1 FROM "cas"))`,
    );
  }
  return Prisma.sql`WITH ${Prisma.join(parts, ", ")} SELECT "held" FROM "cas"`;
}

/** `schema`: PostgreSQL's `?schema=` of the database URL, which plain statements name. */
export function leaseStore(db: PrismaClient, schema?: string | null): LeaseStore {
  const table: TableNamer = (name) => sqlTable(schema, name);
  return {
    dueOrderIds: async (due, take) =>
      (
        await db.printOrder.findMany({
          where: dueWhere(due),
          orderBy: { nextAttemptAt: "asc" },
          take,
          select: { id: true },
        })
      ).map((d) => d.id),
    // The compare-and-set repeats every condition of the selection, for each row:
    // another worker may have claimed, worked or rescheduled a row since it was
    // read, and then that row is not taken (PostgreSQL re-checks a row another
    // transaction is writing once that one ends; SQLite has one writer).
    claimOrders: async (ids, due, claim) =>
      (
        await db.printOrder.updateManyAndReturn({
          where: { id: { in: ids }, ...dueWhere(due) },
          data: { leaseOwner: claim.holder, leaseExpiresAt: claim.until },
          select: { id: true },
        })
      ).map((c) => c.id),
    claimedOrders: (ids, holder) =>
      db.printOrder.findMany({
        where: { id: { in: ids }, leaseOwner: holder },
        include: { items: true, shopOrder: true },
      }),
    claimedOrder: (id, holder) =>
      db.printOrder.findFirst({
        where: { id, leaseOwner: holder },
        include: { items: true, shopOrder: true },
      }),
    renewClaims: async (ids, claim) =>
      (
        await db.printOrder.updateMany({
          where: { id: { in: ids }, leaseOwner: claim.holder },
          data: { leaseExpiresAt: claim.until },
        })
      ).count,
    commitStep: async ({ order, holder, columns, items, events, splits }) => {
      if (splits.length) {
        // Rows split off need the new row's id for their items: an interactive transaction.
        await db.$transaction(async (tx) => {
          const { count } = await tx.printOrder.updateMany({
            where: { id: order.id, shop: order.shop, leaseOwner: holder },
            data: columns,
          });
          if (count !== 1) throw new LeaseLostError();
          for (const split of splits) {
            const row = await tx.printOrder.create({ data: split.data });
            await tx.printOrderItem.updateMany({
              where: { shop: order.shop, id: { in: split.itemIds } },
              data: { printOrderRowId: row.id },
            });
            await tx.orderEvent.create({ data: split.event(row.id) });
          }
          for (const item of items) {
            await tx.printOrderItem.updateMany({
              where: { id: item.id, shop: order.shop, printOrderRowId: order.id },
              data: item.columns,
            });
          }
          if (events.length) await tx.orderEvent.createMany({ data: events });
        });
        return;
      }
      // The usual step: all or nothing, plain statements sent straight to the driver (decision
      // 32). Its first write is the compare-and-set; when it matches no row the claim no
      // longer holds the lease, and nothing is written. On PostgreSQL one statement (decision
      // 34); on SQLite, whose one connection has no round trips to save, one transaction.
      const commit = { order, holder, columns, items, events, splits };
      if ((await directProvider(db)) === "postgres") {
        if ((await directStatement(db, oneStatementCommit(table, commit, new Date()))) !== 1)
          throw new LeaseLostError();
        return;
      }
      const cas = compareAndSet(table, commit, new Date());
      const writes = plainStepWrites(table, commit);
      await directTransaction(db, async (tx) => {
        if ((await tx.execute(cas)) !== 1) throw new LeaseLostError();
        for (const write of writes) await tx.execute(write);
      });
    },
  };
}
