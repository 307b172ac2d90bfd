/**
 * What this process is doing before it serves: waiting for its database (restarting, say) at
 * start. /healthz says so meanwhile, rather than "unreachable" with no word on why.
 */
let waiting: { reason: string; since: Date } | null = null;

export function markWaitingForDatabase(reason: string): void {
  waiting = { reason, since: waiting?.since ?? new Date() };
}

export function markDatabaseReady(): void {
  waiting = null;
}

/** Null once the database was reached at start. */
export function waitingForDatabase(): { reason: string; since: Date } | null {
  return waiting;
}
