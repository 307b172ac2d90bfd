/**
 * XML for the legacy interface, via fast-xml-parser. Values are kept as text (no number guessing);
 * the legacy resource converts them with the same tolerant schemas as the JSON side.
 */
import { XMLBuilder, XMLParser } from "fast-xml-parser";
import { formatMajor, type MoneyMinor } from "./money";

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  ignoreDeclaration: true,
});

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  format: false,
  suppressEmptyNode: false,
  processEntities: true,
});

export type XmlNode = Record<string, unknown>;

/** Parses XML text into plain objects: elements -> keys, attributes -> "@_name", text -> string. */
export function parseXml(text: string): XmlNode {
  const doc: unknown = parser.parse(text, true);
  if (doc === null || typeof doc !== "object") throw new Error("not an XML document");
  return doc as XmlNode;
}

/** Builds an XML document with the declaration and a single root element. */
export function buildXml(root: string, content: XmlNode): string {
  return `<?xml version="1.0" encoding="UTF-8"?>${builder.build({ [root]: content }) as string}`;
}

/** A repeated element as an array, whether it occurred zero, one or several times. */
export function asArray(v: unknown): unknown[] {
  if (v === undefined || v === null || v === "") return [];
  return Array.isArray(v) ? v : [v];
}

/** Legacy booleans are written `true` / `false`. */
export function xmlBool(b: boolean): string {
  return b ? "true" : "false";
}

/** Legacy money is decimal text with (at least) two decimals. */
export function xmlMoney(m: MoneyMinor): string {
  return formatMajor(m, 2);
}
