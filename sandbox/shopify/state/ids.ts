/**
 * Ids of the Shopify fake: GIDs, numeric ids, ids shown beyond 2^53 (IdSpace)
 * and JSON that keeps such ids exact.
 */
import { randomUUID } from "node:crypto";
import { ID_BASES, type GidType } from "../seed";

export function gid(type: GidType | string, id: number | string): string {
  return `gid://shopify/${type}/${id}`;
}

/** The digits of a GID, a numeric id or a numeric string (optionally checking the GID's type). */
function idDigits(value: string | number, type?: string): string | undefined {
  if (typeof value === "number") return Number.isSafeInteger(value) ? String(value) : undefined;
  const m = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)(?:\?.*)?$/.exec(value);
  if (m) return type && m[1] !== type ? undefined : m[2];
  return /^\d+$/.test(value) ? value : undefined;
}

/**
 * Accepts a GID, a numeric id or a numeric string; returns the numeric id
 * (optionally checking the type). An id beyond 2^53 is no record's here:
 * undefined, never a rounded neighbour.
 */
export function parseId(value: string | number, type?: string): number | undefined {
  const digits = idDigits(value, type);
  if (digits === undefined) return undefined;
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** The types whose ids can be made to start beyond 2^53 (see FakeStateOptions.idBases). */
export type LargeIdType = "Order" | "LineItem" | "Customer";

/** JSON.rawJSON: serialises as the given digits, so REST payloads carry big ids exactly. */
const rawJson = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON;

type ReviverWithSource = (key: string, value: unknown, context?: { source?: string }) => unknown;

/**
 * JSON.parse for bodies sent to the stand-in: an integer beyond 2^53 stays
 * exact (as JSON.rawJSON), so a custom webhook payload is sent on digit for digit.
 */
export function parseJsonExact(text: string): unknown {
  const keep: ReviverWithSource = (_key, value, context) =>
    typeof value === "number" &&
    !Number.isSafeInteger(value) &&
    context?.source !== undefined &&
    /^-?\d+$/.test(context.source)
      ? rawJson(context.source)
      : value;
  return JSON.parse(text, keep as Parameters<typeof JSON.parse>[1]);
}

/**
 * How record ids are shown: by default as they are stored; with a base for a
 * type, moved into the range that starts there (exact decimal text, beyond
 * 2^53 if asked for), the way Shopify's documented payloads carry 18-digit
 * order, line item and customer ids.
 */
export class IdSpace {
  private readonly bases = new Map<GidType, bigint>();

  constructor(bases: Partial<Record<LargeIdType, string>> = {}) {
    for (const [type, base] of Object.entries(bases)) {
      if (!/^[1-9]\d*$/.test(base)) throw new Error(`idBases.${type} must be decimal digits`);
      this.bases.set(type as GidType, BigInt(base));
    }
  }

  /** The id Shopify shows for a stored record, as exact decimal text. */
  shown(type: GidType, id: number): string {
    const base = this.bases.get(type);
    return base === undefined ? String(id) : String(base + BigInt(id - ID_BASES[type]));
  }

  gid(type: GidType, id: number): string {
    return gid(type, this.shown(type, id));
  }

  /** The id as a REST payload number: every digit kept, also beyond 2^53. */
  rest(type: GidType, id: number): unknown {
    const shown = this.shown(type, id);
    return Number.isSafeInteger(Number(shown)) ? Number(shown) : rawJson(shown);
  }

  /** The stored id a shown id (GID, number or digits) stands for, or undefined. */
  stored(value: string | number, type: GidType): number | undefined {
    const base = this.bases.get(type);
    if (base === undefined) return parseId(value, type);
    const digits = idDigits(value, type);
    if (digits === undefined) return undefined;
    const offset = BigInt(digits) - base;
    return offset < 0n || offset > 1_000_000_000n ? undefined : ID_BASES[type] + Number(offset);
  }
}

export function uuid(): string {
  return randomUUID();
}
