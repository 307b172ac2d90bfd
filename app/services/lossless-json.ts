/**
 * JSON.parse that never rounds an integer. Shopify's order, line item and
 * customer ids can exceed 2^53 (its documented example payloads carry 18-digit
 * ids); plain JSON.parse turns such an id into the nearest double, so two
 * different orders can read as one. Here an integer that is not a safe integer
 * is kept as its exact decimal text; every other value is as JSON.parse gives it.
 *
 * It relies on the reviver's third argument (`context.source`, the number's
 * source text), which Node.js has from version 21 on (the app's dependencies
 * need 22 or newer, as the start-up message says).
 */

type SourceContext = { source?: string } | undefined;
type ReviverWithSource = (key: string, value: unknown, context?: SourceContext) => unknown;
type Reviver = Parameters<typeof JSON.parse>[1];

const INTEGER_TEXT = /^-?\d+$/;

const keepUnsafeIntegersAsText: ReviverWithSource = (_key, value, context) =>
  typeof value === "number" &&
  !Number.isSafeInteger(value) &&
  context?.source !== undefined &&
  INTEGER_TEXT.test(context.source)
    ? context.source
    : value;

let sourceTextChecked = false;

/**
 * Throws when this runtime's JSON.parse does not give the source text of
 * numbers: ids would then be rounded without a sign. Called by the webhook
 * gate when the server starts, and before the first parse.
 */
export function assertLosslessJsonSupported(): void {
  if (sourceTextChecked) return;
  let given = false;
  const probe: ReviverWithSource = (_key, value, context) => {
    given = context?.source === "1";
    return value;
  };
  JSON.parse("1", probe as Reviver);
  if (!given) {
    throw new Error(
      `Print Connect needs Node.js 22 or newer (this is ${globalThis.process?.version ?? "an older runtime"}): ` +
        "JSON.parse must give the source text of numbers so that Shopify ids beyond 2^53 stay exact.",
    );
  }
  sourceTextChecked = true;
}

/** Parses JSON text; integers beyond Number.MAX_SAFE_INTEGER come back as their exact text. */
export function parseJsonLossless(text: string): unknown {
  assertLosslessJsonSupported();
  return JSON.parse(text, keepUnsafeIntegersAsText as Reviver);
}

/**
 * A run of 16 digits: the only way a JSON number can be an integer beyond
 * 2^53 (every integer of 15 digits or fewer is exact as a double).
 */
const SIXTEEN_DIGITS = /\d{16}/;

/** Whether this JSON text may hold an integer that plain JSON.parse would round. */
export function mayHoldUnsafeIntegers(text: string): boolean {
  return SIXTEEN_DIGITS.test(text);
}

/** parseJsonLossless, with plain JSON.parse where no integer can be rounded (it is faster). */
export function parseJsonExact(text: string): unknown {
  return mayHoldUnsafeIntegers(text) ? parseJsonLossless(text) : JSON.parse(text);
}
