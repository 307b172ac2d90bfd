// Optional persistence: the state is written as JSON, debounced, atomically
// (write a temp file, then rename) and off the request path; read once at start.

import { readFileSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import { persistedStateSchema, type PersistedState } from "./store";

export class StateFile {
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;
  lastError: string | null = null;

  constructor(
    readonly path: string,
    private readonly debounceMs: number,
    private readonly snapshot: () => PersistedState,
  ) {}

  /** Startup only (sync is fine here): null when the file is absent or not ours. */
  load(): PersistedState | null {
    let raw: string;
    try {
      raw = readFileSync(this.path, "utf8");
    } catch {
      return null;
    }
    try {
      const parsed = persistedStateSchema.safeParse(JSON.parse(raw));
      return parsed.success ? (parsed.data as unknown as PersistedState) : null;
    } catch {
      return null;
    }
  }

  schedule(): void {
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.debounceMs);
    this.timer.unref();
  }

  /** Writes now if anything changed; resolves when the write is on disk. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (!this.dirty) return this.writing;
    this.dirty = false;
    const data = JSON.stringify(this.snapshot());
    this.writing = this.writing.then(async () => {
      const tmp = `${this.path}.${process.pid}.tmp`;
      try {
        await writeFile(tmp, data);
        await rename(tmp, this.path);
        this.lastError = null;
      } catch (e) {
        this.lastError = e instanceof Error ? e.message : String(e);
      }
    });
    return this.writing;
  }
}
