/**
 * Runs `run` after `firstMs`, then every `everyMs`, never two at once: a run still going
 * when the next is due is not doubled. A failure is the job's own to report (`onError`);
 * the timers do not keep the process alive. Returns the stop, which waits for a run in hand.
 */
export function startPeriodicJob({
  firstMs,
  everyMs,
  run,
  onError,
}: {
  firstMs: number;
  everyMs: number;
  run: () => Promise<void>;
  onError: (error: unknown) => void;
}): () => Promise<void> {
  let current: Promise<void> | undefined;
  const tick = () => {
    current ??= run()
      .catch(onError)
      .finally(() => (current = undefined));
  };
  const first = setTimeout(tick, firstMs);
  const every = setInterval(tick, everyMs);
  first.unref();
  every.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(every);
    await current;
  };
}
