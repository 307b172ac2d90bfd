/**
 * Whether an error means the database cannot be reached right now (down,
 * restarting, its connections cut, the pool exhausted): a temporary state a
 * caller answers with "try again later", not a bug worth a stack trace.
 */

/** Driver adapter error kinds (@prisma/adapter-pg) that mean the server is out of reach. */
const UNREACHABLE_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);

/**
 * Prisma's own codes: P1001 cannot reach, P1002 timed out, P1008 operation
 * timed out, P1017 server closed the connection, P2024 no pool connection in time.
 */
const UNREACHABLE_PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01 admin shutdown,
 * 57P02 crash shutdown, 57P03 cannot connect now (starting up or in recovery),
 * 53300 too many connections.
 */
function unreachableSqlState(code: string): boolean {
  return code.startsWith("08") || ["57P01", "57P02", "57P03", "53300"].includes(code);
}

/** Node socket codes of a connection that failed or was cut. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"]);

const UNREACHABLE_TEXT =
  /Can't reach database server|Connection terminated|server (has )?closed the connection|the database system is (starting up|shutting down|in recovery)|terminating connection due to administrator command|Timed out fetching a new connection/i;

function field(value: unknown, name: string): unknown {
  return value !== null && typeof value === "object"
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

/** True when `error`, or an error it wraps, says the database is out of reach for now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  // Bounded: an error wraps a few others at most (cause, the adapter's error, its cause).
  while (queue.length > 0 && seen.size < 12) {
    const e = queue.shift();
    if (e === null || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    const name = field(e, "name");
    const kind = field(e, "kind");
    const code = field(e, "code");
    const errorCode = field(e, "errorCode");
    if (name === "PrismaClientInitializationError") return true;
    if (typeof kind === "string" && UNREACHABLE_KINDS.has(kind)) return true;
    for (const c of [code, errorCode, field(e, "originalCode")]) {
      if (typeof c !== "string") continue;
      if (UNREACHABLE_PRISMA_CODES.has(c) || SOCKET_CODES.has(c)) return true;
      if (/^[0-9A-Z]{5}$/.test(c) && unreachableSqlState(c)) return true;
    }
    const message = field(e, "message");
    if (typeof message === "string" && UNREACHABLE_TEXT.test(message)) return true;
    queue.push(field(e, "cause"), field(field(e, "meta"), "driverAdapterError"));
  }
  return false;
}

/** A short, stack-free description of an outage error for a log line. */
export function outageReason(error: unknown): string {
  const message = field(error, "message");
  const text = typeof message === "string" ? message : String(error);
  // Prisma's messages start with the invocation; the last line is the reason.
  const lines = text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  return (lines[lines.length - 1] ?? "database unavailable").slice(0, 200);
}
