import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * shopify.app.toml holds only keys the Shopify CLI (4.8) still takes: `shopify app deploy`
 * rewrites a file with a retired key (it removed `build.include_config_on_deploy`, since every
 * app now deploys its configuration), leaving the repository out of step with what is live.
 */
const toml = readFileSync(new URL("../../shopify.app.toml", import.meta.url), "utf8");

/** The keys set directly in each `[table]` (top level as ""), array tables left out. */
function keysByTable(text: string): Map<string, string[]> {
  const tables = new Map<string, string[]>([["", []]]);
  let current: string | null = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    if (line.startsWith("[[")) current = null;
    else if (line.startsWith("[")) {
      current = line.slice(1, line.indexOf("]")).trim();
      tables.set(current, tables.get(current) ?? []);
    } else if (current !== null && /^[A-Za-z0-9_-]+\s*=/.test(line))
      tables.get(current)!.push(line.slice(0, line.indexOf("=")).trim());
  }
  return tables;
}

describe("the app configuration", () => {
  const tables = keysByTable(toml);

  it("uses only the build options the Shopify CLI still takes", () => {
    // The CLI's schema: automatically_update_urls_on_dev and dev_store_url (include_config_on_deploy is retired).
    for (const key of tables.get("build") ?? [])
      expect(["automatically_update_urls_on_dev", "dev_store_url"]).toContain(key);
  });

  it("names the app and its address at the top, as the CLI's template does", () => {
    expect(tables.get("")).toEqual(
      expect.arrayContaining(["client_id", "name", "application_url", "embedded"]),
    );
    for (const key of tables.get("")!)
      expect([
        "client_id",
        "name",
        "handle",
        "application_url",
        "embedded",
        "extension_directories",
        "web_directories",
      ]).toContain(key);
  });
});

describe("the web process's Node flags", () => {
  it("are the same in `npm start` as in server/node-flags.js (`npm run up`, bench:ingest)", async () => {
    const { WEB_NODE_FLAGS } = (await import("../../server/node-flags.js")) as {
      WEB_NODE_FLAGS: string[];
    };
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    const start = (pkg.scripts.start as string).split(/\s+/);
    expect(start.slice(1, 1 + WEB_NODE_FLAGS.length)).toEqual(WEB_NODE_FLAGS);
  });
});
