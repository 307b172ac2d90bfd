/**
 * The cursor of a keyset-paginated list ordered by (createdAt, id), newest first: the
 * position of a row as opaque text for a URL. Shared by the print-order and publication lists.
 */

export interface KeysetCursor {
  createdAt: Date;
  id: string;
}

export function encodeCursor(c: KeysetCursor): string {
  return Buffer.from(`${c.createdAt.getTime()}:${c.id}`).toString("base64url");
}

export function decodeCursor(text: string | null | undefined): KeysetCursor | null {
  if (!text) return null;
  const raw = Buffer.from(text, "base64url").toString("utf8");
  const m = /^(\d{1,15}):([A-Za-z0-9_-]{1,64})$/.exec(raw);
  if (!m) return null;
  return { createdAt: new Date(Number(m[1])), id: m[2]! };
}
