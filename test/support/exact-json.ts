/**
 * JSON text with integers beyond 2^53, as Shopify sends them: write them as
 * BigInt literals (`820982911946154508n`) and they are serialised digit for
 * digit, unquoted (JSON.stringify alone cannot).
 */
const rawJson = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON;

export function exactJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === "bigint" ? rawJson(v.toString()) : v,
  );
}
