/**
 * Waits for a promise at most `budgetMs`. The promise keeps running after the
 * budget is spent (its result can still fill a cache); the caller just stops
 * waiting. A rejection inside the budget is returned, never thrown.
 */
export type BudgetResult<V> =
  { status: "done"; value: V } | { status: "failed"; error: unknown } | { status: "timeout" };

export function withinBudget<V>(promise: Promise<V>, budgetMs: number): Promise<BudgetResult<V>> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ status: "timeout" }), budgetMs);
    timer.unref?.();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve({ status: "done", value });
      },
      (error: unknown) => {
        clearTimeout(timer);
        resolve({ status: "failed", error });
      },
    );
  });
}
