// Writing the legacy interface's XML: elements, replies and the error shape.

import type { Reply } from "../context";

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

export function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) =>
    c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === "&" ? "&amp;" : c === '"' ? "&quot;" : "&apos;",
  );
}

export const el = (name: string, value: string | number | boolean): string =>
  `<${name}>${escapeXml(String(value))}</${name}>`;

export const xml = (status: number, body: string): Reply => ({
  status,
  body: XML_HEAD + body,
  contentType: "application/xml",
});

export function legacyErrorXml(code: string | undefined, message: string): string {
  return `${XML_HEAD}<error>${el("code", code ?? "ERROR")}${el("message", message)}</error>`;
}
