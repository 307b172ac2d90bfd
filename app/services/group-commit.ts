/**
 * Group commit: the writes asked for in the same turn of the event loop go to the database as
 * one statement, and each caller is answered once that statement is done (so once its own row
 * is written). A burst of small writes then costs one statement, one commit, a group, not
 * one each. A group that fails is written again one by one, so one bad row fails only its own
 * caller.
 */
export interface GroupCommitOptions<T, R> {
  /** Writes these items in one statement; the results in the items' order. */
  writeGroup(items: T[]): Promise<R[]>;
  /** The most items one statement carries; more wait for the next group, at once. */
  maxGroup: number;
}

interface Waiting<T, R> {
  item: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

/** A write that joins the group of its turn of the event loop. */
export function groupCommit<T, R>({
  writeGroup,
  maxGroup,
}: GroupCommitOptions<T, R>): (item: T) => Promise<R> {
  let waiting: Waiting<T, R>[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const taken = waiting;
    waiting = [];
    for (let start = 0; start < taken.length; start += maxGroup)
      void write(taken.slice(start, start + maxGroup));
  };

  const write = async (group: Waiting<T, R>[]) => {
    try {
      const results = await writeGroup(group.map((w) => w.item));
      if (results.length !== group.length)
        throw new Error(`a group of ${group.length} writes gave ${results.length} results`);
      group.forEach((w, i) => w.resolve(results[i] as R));
    } catch (error) {
      if (group.length === 1) return group[0]!.reject(error);
      // Each on its own: the row that failed the group fails alone.
      await Promise.all(group.map((w) => write([w])));
    }
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        // After the I/O callbacks of this turn: the requests that arrived together.
        setImmediate(flush);
      }
    });
}
