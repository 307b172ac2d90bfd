#!/usr/bin/env node
// Fetches Shopify's introspection files again from the npm registry (they ship
// in @shopify/dev-mcp) into test/fixtures/shopify-schemas/, for when the API
// version moves. Why they are vendored: docs/decisions/0020-shopify-schemas-offline.md.
//
//   node scripts/refresh-shopify-schemas.mjs <dev-mcp version> [api version]
//
// The API version defaults to the app's (shopify.app.toml). It copies
// admin_<api>.json.gz and functions_cart_checkout_validation_<api>.json.gz
// (the package's files, still gzipped) and its LICENSE, then prints the
// sha256 lines for the folder's README. Nothing is installed: `npm pack`
// downloads the tarball only, and no package script runs.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const target = path.join(root, "test/fixtures/shopify-schemas");

const [version, apiArgument] = process.argv.slice(2);
if (!version || !/^\d+\.\d+\.\d+$/.test(version)) {
  console.error(
    "usage: node scripts/refresh-shopify-schemas.mjs <dev-mcp version, e.g. 1.16.0> [api version]",
  );
  process.exit(2);
}
const appToml = readFileSync(path.join(root, "shopify.app.toml"), "utf8");
const api = apiArgument ?? /^\s*api_version\s*=\s*"([^"]+)"/m.exec(appToml)?.[1];
if (!api || !/^\d{4}-\d{2}$/.test(api)) {
  console.error(`no API version to fetch (got ${JSON.stringify(api)})`);
  process.exit(2);
}

const files = [`admin_${api}.json.gz`, `functions_cart_checkout_validation_${api}.json.gz`];
const work = mkdtempSync(path.join(tmpdir(), "shopify-schemas-"));
try {
  const packed = execFileSync(
    "npm",
    [
      "pack",
      `@shopify/dev-mcp@${version}`,
      "--pack-destination",
      work,
      "--ignore-scripts",
      "--json",
    ],
    { cwd: work, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  const tarball = path.join(work, JSON.parse(packed)[0].filename);
  execFileSync("tar", ["-xzf", tarball, "-C", work]);
  const data = path.join(work, "package/dist/data");
  for (const file of files) {
    if (!existsSync(path.join(data, file))) {
      throw new Error(`@shopify/dev-mcp@${version} has no dist/data/${file}`);
    }
  }
  for (const file of files) copyFileSync(path.join(data, file), path.join(target, file));
  copyFileSync(path.join(work, "package/LICENSE"), path.join(target, "LICENSE"));
  console.log(
    `@shopify/dev-mcp@${version}, API ${api}, copied to ${path.relative(root, target)}/:`,
  );
  for (const file of files) {
    const sha256 = createHash("sha256")
      .update(readFileSync(path.join(target, file)))
      .digest("hex");
    console.log(`${sha256}  ${file}`);
  }
  console.log(
    "Put these lines and the version in the README there; set api_version in the TOML files; remove the old files.",
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
