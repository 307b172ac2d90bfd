import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../extensions/print-connect-theme");
const LANGUAGES = ["en.default", "nl", "de", "fr"];
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const json = (file: string) => JSON.parse(read(file)) as Record<string, unknown>;

function lookup(obj: unknown, key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>(
      (o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined),
      obj,
    );
}
function leaves(obj: unknown, prefix = ""): string[] {
  if (!obj || typeof obj !== "object") return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

const blocks = readdirSync(path.join(root, "blocks")).filter((f) => f.endsWith(".liquid"));
const schemaOf = (file: string) => {
  const match = read(`blocks/${file}`).match(/{% schema %}([\s\S]*?){% endschema %}/);
  return JSON.parse(match![1]!) as {
    name: string;
    target: string;
    javascript?: string;
    stylesheet?: string;
    settings: unknown[];
  };
};

describe("theme app extension", () => {
  it("is a theme extension with the two product-page blocks", () => {
    expect(read("shopify.extension.toml")).toMatch(/type = "theme"/);
    expect(blocks.sort()).toEqual(["print-specs.liquid", "printed-copy.liquid"]);
  });

  it("has block schemas that parse, reference existing assets, and translate every editor string in every language", () => {
    for (const file of blocks) {
      const schema = schemaOf(file);
      expect(schema.target).toBe("section");
      for (const asset of [schema.javascript, schema.stylesheet].filter(Boolean)) {
        expect(existsSync(path.join(root, "assets", asset!))).toBe(true);
      }
      const keys = [...JSON.stringify(schema).matchAll(/"t:([\w.]+)"/g)].map((m) => m[1]!);
      expect(keys.length).toBeGreaterThan(5);
      for (const language of LANGUAGES) {
        const locale = json(`locales/${language}.schema.json`);
        for (const key of keys)
          expect(lookup(locale, key), `${language}: ${key}`).toEqual(expect.any(String));
        expect(String(lookup(locale, schema.name.slice(2))).length).toBeLessThanOrEqual(25);
      }
    }
  });

  it("translates every storefront string in en, nl, de and fr, with the same placeholders", () => {
    const used = blocks.flatMap((f) =>
      [...read(`blocks/${f}`).matchAll(/'(print_connect\.[\w.]+)' \| t/g)].map((m) => m[1]!),
    );
    expect(used.length).toBeGreaterThan(8);
    const english = json("locales/en.default.json");
    for (const language of LANGUAGES) {
      const locale = json(`locales/${language}.json`);
      expect(leaves(locale).sort()).toEqual(leaves(english).sort());
      for (const key of used)
        expect(lookup(locale, key), `${language}: ${key}`).toEqual(expect.any(String));
      for (const key of leaves(english)) {
        const placeholders = (s: unknown) =>
          [...String(s).matchAll(/\[(\w+)\]/g)].map((m) => m[1]).sort();
        expect(placeholders(lookup(locale, key)), `${language}: ${key}`).toEqual(
          placeholders(lookup(english, key)),
        );
      }
    }
  });

  it("calls only this app's proxy paths, and its markup is accessible", () => {
    const specs = read("blocks/print-specs.liquid");
    expect(specs).toContain('data-endpoint="/apps/print-connect/product-info"');
    expect(specs).toMatch(/aria-labelledby="pc-specs-title-{{ block.id }}"/);
    expect(specs).toMatch(/aria-live="polite"/);
    expect(specs).toMatch(/aria-busy="true"/);
    const copy = read("blocks/printed-copy.liquid");
    expect(copy).toContain("/apps/print-connect/publication?");
    expect(copy).toContain("redirect=1");
    expect(read("assets/print-connect.css")).toMatch(/min-height/);
  });
});
