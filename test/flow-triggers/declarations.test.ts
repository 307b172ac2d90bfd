/**
 * The app's Flow trigger extensions against the rules the Shopify CLI checks a `flow_trigger`
 * extension by (its schema: `handle` of at most 30 letters, digits and hyphens, unique; custom
 * fields keyed by letters and spaces only; reference fields without a key; a name and a
 * description), and against what the sender sends (services/flow-triggers/triggers.ts): the
 * same fields in the same order, so a payload the stand-in accepts is one Flow accepts.
 */
import { describe, expect, it } from "vitest";
import { appFlowTriggers, flowTriggerProblems } from "../../sandbox/shopify/state/flow-triggers";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import {
  FLOW_TRIGGER_FIELDS,
  FLOW_TRIGGER_OF_EVENT,
  triggerPayload,
  type FlowTriggerHandle,
} from "~/services/flow-triggers/triggers";

const EXTENSIONS = path.resolve(import.meta.dirname, "../../extensions");
const FIELD_TYPES = new Set([
  "order_reference",
  "customer_reference",
  "product_reference",
  "single_line_text_field",
  "multi_line_text_field",
  "url",
  "email",
  "boolean",
  "number_integer",
  "number_decimal",
  "date",
  "date_time",
]);

const tomls = readdirSync(EXTENSIONS)
  .filter((dir) => dir.startsWith("print-order-"))
  .map((dir) => ({
    dir,
    toml: parse(readFileSync(path.join(EXTENSIONS, dir, "shopify.extension.toml"), "utf8")) as {
      extensions: { name: string; type: string; handle: string; description: string }[];
      settings: { fields: { type: string; key?: string; description?: string }[] };
    },
  }));

describe("the Flow trigger extensions", () => {
  it("are one per trigger the app sends", () => {
    expect(tomls.map((t) => t.toml.extensions[0]!.handle).sort()).toEqual(
      [...new Set(FLOW_TRIGGER_OF_EVENT.values())].sort(),
    );
  });

  it.each(tomls.map((t) => [t.dir, t.toml] as const))("%s follows the CLI's rules", (dir, toml) => {
    expect(toml.extensions).toHaveLength(1);
    const [extension] = toml.extensions;
    expect(extension!.type).toBe("flow_trigger");
    expect(extension!.handle).toBe(dir);
    expect(extension!.handle).toMatch(/^[a-z0-9-]{1,30}$/);
    expect(extension!.name.length).toBeGreaterThan(0);
    expect(extension!.description.length).toBeGreaterThan(0);
    // Flow's guideline: the object, then what happened, in sentence case without punctuation.
    expect(extension!.name).toMatch(/^Print order [a-z ]+$/);
    for (const field of toml.settings.fields) {
      expect(FIELD_TYPES.has(field.type), field.type).toBe(true);
      if (field.type.endsWith("_reference")) expect(field.key).toBeUndefined();
      else expect(field.key).toMatch(/^[A-Za-z\s]+$/);
    }
    const keys = toml.settings.fields.map((f) => f.key ?? f.type);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("declare exactly the fields the sender fills, in its order", () => {
    for (const { toml } of tomls) {
      const handle = toml.extensions[0]!.handle as FlowTriggerHandle;
      expect(
        toml.settings.fields.map((f) => (f.key ? { type: f.type, key: f.key } : { type: f.type })),
      ).toEqual(FLOW_TRIGGER_FIELDS[handle]);
    }
  });

  it("take every payload the sender builds, as the stand-in reads them", () => {
    const definitions = appFlowTriggers(EXTENSIONS);
    for (const handle of Object.keys(FLOW_TRIGGER_FIELDS) as FlowTriggerHandle[]) {
      const payload = triggerPayload({
        handle,
        shopifyOrderId: "5829138268251",
        orderReference: "PC-1001-1",
        eventMessage: "Line one.\nLine two.",
        eventData: JSON.stringify({ code: "ADDRESS_INVALID" }),
        trackingCode: null,
        trackingUrl: null,
        pageUrl: "https://shop.myshopify.com/admin/apps/key/app/orders/abc",
      });
      expect(flowTriggerProblems(definitions, handle, payload), handle).toEqual([]);
    }
    expect(flowTriggerProblems(definitions, "print-order-shipped", { order_id: 1 })).toContain(
      "Missing required field: Tracking number",
    );
    expect(flowTriggerProblems(definitions, "no-such-trigger", {})).toEqual([
      "Trigger with handle 'no-such-trigger' was not found for this app",
    ]);
  });
});
