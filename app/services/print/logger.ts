/**
 * A pino-compatible logger: `logger.info({ ...fields }, "message")`.
 * The client never logs secrets: every object passed here is redacted first.
 */
export interface PrintLogger {
  debug(obj: Record<string, unknown>, msg: string): void;
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
  error(obj: Record<string, unknown>, msg: string): void;
}

const noop = (): void => undefined;

/** The default logger: drops everything. */
export const noopLogger: PrintLogger = Object.freeze({
  debug: noop,
  info: noop,
  warn: noop,
  error: noop,
});
