/**
 * The undos of the steps done so far. When a later step fails, they run newest first; one that
 * fails stops the rest, since an earlier step's undo assumes the later ones were undone.
 */
/** A step that has just succeeded, with its undo: each step declares it beside itself (steps/). */
export interface DoneStep {
  step: string;
  undo: () => Promise<void>;
}

export class Compensation {
  private readonly undos: DoneStep[] = [];

  /** Registers the undo of a step that has just succeeded. */
  done(step: DoneStep): void {
    this.undos.push(step);
  }

  /** Runs the undos newest first; says which failed, if one did. */
  async unwind(): Promise<{ ok: true } | { ok: false; step: string; error: unknown }> {
    while (this.undos.length > 0) {
      const { step, undo } = this.undos.pop()!;
      try {
        await undo();
      } catch (error) {
        return { ok: false, step, error };
      }
    }
    return { ok: true };
  }
}
