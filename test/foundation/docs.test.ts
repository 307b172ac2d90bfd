/**
 * The README is what a newcomer needs (what the app is, the two commands, where to read on);
 * the rest lives under docs/. Every link between them, and from them into the code, leads
 * somewhere.
 */
import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import path from "node:path";
import { isbot } from "isbot";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

function markdownUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(path.join(root, file)).isDirectory()) return markdownUnder(file);
    return name.endsWith(".md") ? [file] : [];
  });
}

/** Relative links of a Markdown file, without their #fragment. */
function relativeLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^(https?:|mailto:|#)/.test(target))
    .map((target) => target.split("#")[0]!);
}

describe("the README", () => {
  const readme = read("README.md");

  it("is short: what the app is, the two commands and where to read on", () => {
    expect(readme.length).toBeLessThan(8_000);
    expect(readme).toMatch(/^npm run up +# .+$/m);
    expect(readme).toMatch(/^npm test +# .+$/m);
    const longestLine = Math.max(...readme.split("\n").map((line) => line.length));
    expect(longestLine).toBeLessThan(300);
    for (const doc of ["docs/development.md", "docs/going-live.md", "docs/features.md"]) {
      expect(readme).toContain(`](${doc})`);
    }
  });
});

describe("links in the README and docs/", () => {
  it("each leads to a file or folder of the project", () => {
    const broken: string[] = [];
    for (const file of ["README.md", ...markdownUnder("docs")]) {
      for (const target of relativeLinks(read(file))) {
        if (!existsSync(path.join(root, path.dirname(file), decodeURI(target)))) {
          broken.push(`${file} -> ${target}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});

describe("curl examples in the README and docs/", () => {
  it("give a user agent the Shopify library lets through to admin pages (it answers bots 410)", () => {
    const agents = ["README.md", ...markdownUnder("docs")].flatMap((file) =>
      [...read(file).matchAll(/curl -A "([^"]+)"/g)].map((m) => ({ file, agent: m[1]! })),
    );
    expect(agents.length).toBeGreaterThan(0);
    // The same check shopify-app-remix makes (reject-bot-request): isbot.
    expect(agents.filter(({ agent }) => isbot(agent))).toEqual([]);
  });
});
