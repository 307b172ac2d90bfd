/** Relay connections with Shopify's cursors, page-size rules and sorting. */
import { GraphQLError } from "graphql";
import type { View } from "./context";

export interface PagingArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  reverse?: boolean | null;
}

export function encodeCursor(id: number, value: unknown): string {
  return Buffer.from(JSON.stringify({ last_id: id, last_value: value ?? id })).toString("base64");
}

export function decodeCursor(cursor: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64").toString("utf8")) as {
      last_id?: unknown;
    };
    if (typeof parsed.last_id === "number") return parsed.last_id;
  } catch {
    // fall through
  }
  throw new GraphQLError("Invalid cursor.", { extensions: { code: "BAD_REQUEST" } });
}

/** Relay pagination over an already filtered and sorted list, Shopify style. */
export function connection<T extends { id: number }>(
  all: T[],
  args: PagingArgs,
  view: (item: T) => View,
  sortValue: (item: T) => unknown = (item) => item.id,
): View {
  const first = args.first ?? null;
  const last = args.last ?? null;
  if (first === null && last === null) {
    throw new GraphQLError("you must provide one of first or last", {
      extensions: { code: "BAD_REQUEST" },
    });
  }
  for (const [name, n] of [
    ["first", first],
    ["last", last],
  ] as const) {
    if (n !== null && (n < 0 || n > 250)) {
      throw new GraphQLError(`The '${name}' argument must be between 0 and 250.`, {
        extensions: { code: "BAD_REQUEST" },
      });
    }
  }
  const list = args.reverse ? [...all].reverse() : all;
  let start = 0;
  let end = list.length;
  if (args.after) {
    const id = decodeCursor(args.after);
    const i = list.findIndex((x) => x.id === id);
    if (i >= 0) start = i + 1;
  }
  if (args.before) {
    const id = decodeCursor(args.before);
    const i = list.findIndex((x) => x.id === id);
    if (i >= 0) end = i;
  }
  let from = start;
  let to = Math.max(start, end);
  if (first !== null) to = Math.min(to, from + first);
  else if (last !== null) from = Math.max(from, to - last);
  const slice = list.slice(from, to);
  const edges = slice.map((item) => ({
    cursor: encodeCursor(item.id, sortValue(item)),
    node: view(item),
  }));
  return {
    edges,
    nodes: edges.map((e) => e.node),
    pageInfo: {
      hasNextPage: to < list.length,
      hasPreviousPage: from > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}

export function sortBy<T extends { id: number }>(
  items: T[],
  value: (item: T) => string | number,
): T[] {
  return [...items].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va < vb) return -1;
    if (va > vb) return 1;
    return a.id - b.id;
  });
}
