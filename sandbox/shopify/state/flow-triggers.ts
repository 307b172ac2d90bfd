/**
 * Shopify Flow's side of the app's triggers: the app deploys `flow_trigger` extensions, and
 * `flowTriggerReceive` starts the workflows of a trigger with a payload that must carry every
 * field the extension declares, nothing else, each of its type (a reference field by its
 * resource id, `order_id`), in under 50,000 bytes. The stand-in reads the declarations from
 * the app's own extensions/ (as `shopify app deploy` would send them) and keeps every run it
 * accepted, for the tests and the sandbox's pages.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";

export interface FlowTriggerField {
  type: string;
  key?: string;
}

export interface FlowTriggerDefinition {
  handle: string;
  name: string;
  fields: FlowTriggerField[];
}

export interface FlowTriggerRun {
  shop: string;
  handle: string;
  payload: Record<string, unknown>;
  receivedAt: number;
}

// From the working directory, the project's root in every way the stand-in runs (tests, `npm
// run up`, the built server, where this module is bundled and its own path says nothing).
const EXTENSIONS_DIR = path.resolve(process.cwd(), "extensions");

/** Flow's payload limit. */
export const FLOW_PAYLOAD_MAX_BYTES = 50_000;

let loaded: Map<string, FlowTriggerDefinition> | undefined;

/** The app's flow_trigger extensions by handle, read once. */
export function appFlowTriggers(dir = EXTENSIONS_DIR): Map<string, FlowTriggerDefinition> {
  if (loaded && dir === EXTENSIONS_DIR) return loaded;
  const found = new Map<string, FlowTriggerDefinition>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    let text: string;
    try {
      text = readFileSync(path.join(dir, entry.name, "shopify.extension.toml"), "utf8");
    } catch {
      continue;
    }
    const toml = parse(text) as {
      extensions?: { type?: string; handle?: string; name?: string }[];
      settings?: { fields?: FlowTriggerField[] };
    };
    for (const extension of toml.extensions ?? []) {
      if (extension.type !== "flow_trigger" || !extension.handle) continue;
      found.set(extension.handle, {
        handle: extension.handle,
        name: extension.name ?? extension.handle,
        fields: toml.settings?.fields ?? [],
      });
    }
  }
  if (dir === EXTENSIONS_DIR) loaded = found;
  return found;
}

/** The payload key of a field: a reference's resource id, or the custom field's key. */
function payloadKey(field: FlowTriggerField): string {
  return field.type.endsWith("_reference")
    ? `${field.type.slice(0, -"_reference".length)}_id`
    : field.key!;
}

function wrongType(field: FlowTriggerField, value: unknown): boolean {
  if (field.type.endsWith("_reference"))
    return !(typeof value === "number" && Number.isSafeInteger(value) && value > 0);
  if (field.type === "url") {
    if (typeof value !== "string") return true;
    try {
      return !/^https?:$/.test(new URL(value).protocol);
    } catch {
      return true;
    }
  }
  if (field.type === "single_line_text_field")
    return typeof value !== "string" || /[\r\n]/.test(value);
  if (field.type === "multi_line_text_field" || field.type === "email")
    return typeof value !== "string";
  if (field.type === "boolean") return typeof value !== "boolean";
  if (field.type.startsWith("number_")) return typeof value !== "number";
  return false;
}

/** What Flow refuses in a trigger call, one message per problem; empty when it is taken. */
export function flowTriggerProblems(
  definitions: Map<string, FlowTriggerDefinition>,
  handle: string,
  payload: unknown,
): string[] {
  const definition = definitions.get(handle);
  if (!definition) return [`Trigger with handle '${handle}' was not found for this app`];
  if (payload === null || typeof payload !== "object" || Array.isArray(payload))
    return ["Payload must be a JSON object"];
  if (Buffer.byteLength(JSON.stringify(payload)) >= FLOW_PAYLOAD_MAX_BYTES)
    return [`Payload must be under ${FLOW_PAYLOAD_MAX_BYTES} bytes`];
  const given = payload as Record<string, unknown>;
  const problems: string[] = [];
  const declared = new Set<string>();
  for (const field of definition.fields) {
    const key = payloadKey(field);
    declared.add(key);
    if (!(key in given)) problems.push(`Missing required field: ${key}`);
    else if (wrongType(field, given[key]))
      problems.push(`Field '${key}' is not a valid ${field.type}`);
  }
  for (const key of Object.keys(given)) {
    if (!declared.has(key)) problems.push(`Unknown field: ${key}`);
  }
  return problems;
}
