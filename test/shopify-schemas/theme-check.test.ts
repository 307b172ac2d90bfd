/**
 * Shopify's Theme Check over the theme app extension (extensions/print-connect-theme),
 * with its theme-app-extension config, as `shopify theme check` runs it: no offence.
 *
 * Offline: Theme Check's docs updater would download the Liquid docs from
 * GitHub before every run. SHOPIFY_TLD_ROOT points it at an empty folder
 * (a `file:` source that has nothing, so it downloads nothing) and
 * XDG_CACHE_HOME at an empty cache, so it reads the docs it ships with. Any
 * TCP connection outside loopback is refused and fails the test.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

type ThemeCheck = typeof import("@shopify/theme-check-node");

const THEME = path.resolve(import.meta.dirname, "../../extensions/print-connect-theme");
const CONFIG = "theme-check:theme-app-extension";

/** Hosts a test may connect to. */
const isLoopback = (host: string) =>
  host === "localhost" || /^127\./.test(host) || host === "::1" || host === "[::1]";

const refused: string[] = [];
const connect = net.Socket.prototype.connect;
const saved = { tld: process.env.SHOPIFY_TLD_ROOT, cache: process.env.XDG_CACHE_HOME };
let work = "";
let themeCheck: ThemeCheck;

beforeAll(async () => {
  // Every TCP client (node:http, node-fetch, undici's fetch) connects through this.
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
    const options =
      typeof first === "object" && first !== null
        ? (first as net.TcpNetConnectOpts & { path?: string })
        : null;
    const isPipe = typeof first === "string" || Boolean(options?.path);
    const host = options
      ? (options.host ?? "localhost")
      : typeof args[1] === "string"
        ? args[1]
        : "localhost";
    const port = options ? options.port : first;
    if (isPipe || isLoopback(host)) return connect.apply(this, args as never);
    refused.push(`${host}:${String(port)}`);
    process.nextTick(() => this.destroy(new Error(`refused: ${host} is outside loopback`)));
    return this;
  } as typeof connect;
  work = mkdtempSync(path.join(tmpdir(), "theme-check-"));
  process.env.SHOPIFY_TLD_ROOT = path.join(work, "no-docs");
  process.env.XDG_CACHE_HOME = path.join(work, "cache");
  // Loaded now: the docs updater fixes its cache folder when it loads.
  themeCheck = await import("@shopify/theme-check-node");
});

afterAll(() => {
  net.Socket.prototype.connect = connect;
  for (const [name, value] of [
    ["SHOPIFY_TLD_ROOT", saved.tld],
    ["XDG_CACHE_HOME", saved.cache],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  rmSync(work, { recursive: true, force: true });
});

async function run(root: string) {
  const log: string[] = [];
  const { offenses } = await themeCheck.themeCheckRun(root, CONFIG, (line) => log.push(line));
  return {
    log,
    offences: offenses.map(
      (o) =>
        `${o.check} ${path.relative(root, new URL(o.uri).pathname)}:${o.start.line + 1} ${o.message}`,
    ),
  };
}

describe("Theme Check over the theme app extension", () => {
  it("reports no offence, offline, from the Liquid docs it ships with", async () => {
    const { offences, log } = await run(THEME);
    expect(offences).toEqual([]);
    expect(refused).toEqual([]);
    expect(log.join("\n")).toMatch(/Loaded fallback resource\s+filters/);
    expect(log.join("\n")).not.toMatch(/Successfully downloaded/);
  }, 30_000);

  it("reports an offence in a copy with an unknown filter and a block without its schema", async () => {
    const copy = path.join(work, "theme");
    cpSync(THEME, copy, { recursive: true });
    writeFileSync(
      path.join(copy, "blocks/broken.liquid"),
      "<p>{{ 'print_connect.specs.title' | t | no_such_filter }}</p>\n",
    );
    const { offences } = await run(copy);
    expect(offences).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^UnknownFilter blocks\/broken\.liquid:1 /),
        expect.stringMatching(/^AppBlockMissingSchema blocks\/broken\.liquid:1 /),
      ]),
    );
    expect(refused).toEqual([]);
  }, 30_000);

  it("would refuse a connection outside loopback, by fetch or node:https (the guard itself)", async () => {
    const url = "https://raw.githubusercontent.com/Shopify/theme-liquid-docs/main/data/latest.json";
    await expect(fetch(url)).rejects.toThrow();
    const viaHttps = await new Promise<string>((resolve) => {
      https.get(url, () => resolve("answered")).on("error", (error) => resolve(error.message));
    });
    expect(viaHttps).toBe("refused: raw.githubusercontent.com is outside loopback");
    expect(refused).toEqual(["raw.githubusercontent.com:443", "raw.githubusercontent.com:443"]);
    refused.length = 0;
  });
});
