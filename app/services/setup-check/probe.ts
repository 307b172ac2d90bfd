/**
 * Every live call of the setup check is bounded: an answer within `ms`, or the plain reason
 * it could not be had. A check that cannot be made never fails the page.
 */
import { known, unknown, type Probe } from "./facts";

export async function probe<T>(
  ms: number,
  run: () => Promise<T>,
  why: (error: unknown) => string,
  timedOut: string,
): Promise<Probe<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<Probe<T>>((resolve) => {
    timer = setTimeout(() => resolve(unknown(timedOut)), ms);
  });
  const answer = run().then(
    (value) => known(value),
    (error: unknown) => unknown<T>(why(error)),
  );
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}
