/**
 * Reads for one key asked in the same turn of the event loop go out as one:
 * the first caller opens a batch, later callers in that turn add their items,
 * and the batch runs once the turn's I/O callbacks are done (setImmediate).
 * Every caller's read still runs after it asked, so it sees every change saved
 * before it asked, as a read of its own would. A busy shop's concurrent rate
 * requests then cost one statement instead of one each.
 */
export class TurnBatcher<Item, Result> {
  private readonly open = new Map<string, { items: Set<Item>; result: Promise<Result> }>();
  /** How many batches ran, and how many callers joined one already open (for tests and metrics). */
  batches = 0;
  joined = 0;

  constructor(
    private readonly run: (key: string, items: Item[]) => Promise<Result>,
    private readonly options: {
      /** A caller whose items would take a batch past this reads on its own (statement size). */
      maxItems?: number;
      schedule?: (task: () => void) => void;
    } = {},
  ) {}

  read(key: string, items: readonly Item[]): Promise<Result> {
    const open = this.open.get(key);
    if (open && open.items.size + items.length <= (this.options.maxItems ?? Infinity)) {
      this.joined += 1;
      for (const item of items) open.items.add(item);
      return open.result;
    }
    const batch = new Set(items);
    let settle!: { resolve: (value: Result) => void; reject: (error: unknown) => void };
    const result = new Promise<Result>((resolve, reject) => (settle = { resolve, reject }));
    // A caller too big to join leaves the open batch to the others.
    if (!open) this.open.set(key, { items: batch, result });
    const schedule = this.options.schedule ?? setImmediate;
    schedule(() => {
      if (this.open.get(key)?.result === result) this.open.delete(key);
      this.batches += 1;
      try {
        this.run(key, [...batch]).then(settle.resolve, settle.reject);
      } catch (error) {
        settle.reject(error);
      }
    });
    return result;
  }
}
