/**
 * The two pages of the shop's admin an app links merchants to, as small HTML pages: a product
 * (`/admin/products/<id>`, where "Open in Shopify" goes) and the theme editor's app-block deep
 * link (`/admin/themes/current/editor?template=product&addAppBlockId=<api key>/<block>`),
 * where "Add block" puts the app's block into the published theme's product template, as a
 * merchant does in Shopify's editor and then saves. Nothing else of the admin is drawn.
 */
import { randomUUID } from "node:crypto";
import type { ProductRecord, ThemeRecord } from "../state";
import { shopOf, type FakeServerState } from "./context";
import { HttpReply } from "./reply";

/** The handle Shopify shows for the app in block types (`shopify://apps/<handle>/blocks/...`). */
const APP_HANDLE = "print-connect";

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** Where "Back to the app" goes: the app's admin home, when the stand-in knows the app's URL. */
function backToApp(fake: FakeServerState): string | null {
  return fake.appUrl ? `${fake.appUrl}/app` : null;
}

function page(fake: FakeServerState, title: string, body: string, status = 200): HttpReply {
  const back = backToApp(fake);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body{font-family:Inter,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f1f1f1;color:#303030}
header{background:#1a1a1a;color:#fff;padding:10px 16px;font-size:13px}
main{max-width:760px;margin:16px auto;padding:0 16px}
section{background:#fff;border-radius:12px;padding:16px;margin-bottom:16px;box-shadow:0 1px 0 rgba(0,0,0,.07)}
h1{font-size:20px;margin:0 0 8px}h2{font-size:14px;margin:0 0 8px}
table{border-collapse:collapse;width:100%;font-size:13px}td,th{text-align:left;padding:6px 4px;border-top:1px solid #ebebeb}
.badge{display:inline-block;border-radius:8px;padding:2px 8px;font-size:12px;background:#e3e3e3}
.ok{background:#cdfee1}button{background:#303030;color:#fff;border:0;border-radius:8px;padding:8px 12px;font-size:13px;cursor:pointer}
p{font-size:13px;line-height:1.5}code{font-size:12px}
</style></head><body>
<header>Shopify admin (stand-in): only the pages apps link to${back ? ` · <a style="color:#fff" href="${escape(back)}">Back to the app</a>` : ""}</header>
<main>${body}</main></body></html>`;
  return new HttpReply(status, Buffer.from(html, "utf8"), {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
  });
}

function productPage(fake: FakeServerState, shop: string, product: ProductRecord): HttpReply {
  const variants = product.variantIds
    .map((id) => fake.state.variants.get(id))
    .filter((v) => v !== undefined);
  const rows = variants
    .map(
      (v) =>
        `<tr><td>${escape(v.title)}</td><td>${escape(v.sku || "—")}</td><td>${escape(v.barcode ?? "—")}</td><td>${escape(v.price)}</td></tr>`,
    )
    .join("");
  const status =
    product.status === "ACTIVE" ? "Active" : product.status === "DRAFT" ? "Draft" : product.status;
  return page(
    fake,
    product.title,
    `<section><h1>${escape(product.title)} <span class="badge${product.status === "ACTIVE" ? " ok" : ""}">${escape(status)}</span></h1>
<p>${escape(product.productType || "No product type")} · ${escape(product.vendor || "No vendor")} · ${escape(shop)}</p></section>
<section><h2>Variants</h2><table><thead><tr><th>Variant</th><th>SKU</th><th>Barcode</th><th>Price</th></tr></thead><tbody>${rows}</tbody></table></section>`,
  );
}

function mainTheme(fake: FakeServerState, shop: string): ThemeRecord | undefined {
  return [...fake.state.themes.values()].find((t) => t.shop === shop && t.role === "MAIN");
}

const COMMENT = /^\s*\/\*[\s\S]*?\*\/\s*/;

interface Template {
  sections: Record<string, { blocks?: Record<string, { type: string }>; block_order?: string[] }>;
}

function readTemplate(content: string): { comment: string; template: Template } | null {
  const comment = COMMENT.exec(content)?.[0] ?? "";
  try {
    return { comment, template: JSON.parse(content.slice(comment.length)) as Template };
  } catch {
    return null;
  }
}

function editorPage(
  fake: FakeServerState,
  shop: string,
  url: URL,
  appBlock: { blockHandle: string } | null,
): HttpReply {
  const theme = mainTheme(fake, shop);
  const file = theme?.files.get("templates/product.json");
  const parsed = file ? readTemplate(file.content) : null;
  if (!theme || !parsed)
    return page(fake, "Theme editor", "<section><h1>No product template</h1></section>", 404);
  const main = parsed.template.sections.main;
  const blocks = (main?.block_order ?? []).map((key) => main?.blocks?.[key]?.type ?? key);
  const list = blocks.map((type) => `<li><code>${escape(type)}</code></li>`).join("");
  const has = appBlock
    ? blocks.some((t) =>
        t.startsWith(`shopify://apps/${APP_HANDLE}/blocks/${appBlock.blockHandle}/`),
      )
    : false;
  const added = url.searchParams.get("added") === "1";
  const action = appBlock
    ? has
      ? `<p>${added ? "Block added and saved." : "The app's block is in this template."}</p>`
      : `<form method="post"><input type="hidden" name="addAppBlockId" value="${escape(url.searchParams.get("addAppBlockId") ?? "")}">
<p>Add the app block <strong>${escape(appBlock.blockHandle)}</strong> to the product page, then save the theme.</p>
<button type="submit">Add block and save</button></form>`
    : "";
  return page(
    fake,
    `Theme editor: ${theme.name}`,
    `<section><h1>${escape(theme.name)}: product template</h1><p>Blocks of the main section, in order:</p><ul>${list}</ul>${action}</section>`,
  );
}

/** The app block an `addAppBlockId` names (`<api key>/<block handle>`), if it is this app's. */
function appBlockOf(fake: FakeServerState, value: string | null): { blockHandle: string } | null {
  const match = /^([^/]+)\/([a-z0-9_-]{1,64})$/i.exec(value ?? "");
  if (!match || match[1] !== fake.options.apiKey) return null;
  return { blockHandle: match[2]! };
}

/** Puts the app's block at the end of the product template's main section; once. */
function addAppBlock(fake: FakeServerState, shop: string, blockHandle: string): boolean {
  const theme = mainTheme(fake, shop);
  const file = theme?.files.get("templates/product.json");
  const parsed = file ? readTemplate(file.content) : null;
  const main = parsed?.template.sections.main;
  if (!theme || !file || !parsed || !main) return false;
  const prefix = `shopify://apps/${APP_HANDLE}/blocks/${blockHandle}/`;
  const blocks = (main.blocks ??= {});
  if (Object.values(blocks).some((b) => b.type.startsWith(prefix))) return true;
  const key = `${blockHandle.replace(/-/g, "_")}_${randomUUID().slice(0, 6)}`;
  blocks[key] = { type: `${prefix}${randomUUID()}`, settings: {} } as { type: string };
  (main.block_order ??= []).push(key);
  const now = fake.clock.now();
  theme.files.set("templates/product.json", {
    content: `${parsed.comment}${JSON.stringify(parsed.template, null, 2)}\n`,
    createdAt: file.createdAt,
    updatedAt: now,
  });
  theme.updatedAt = now;
  return true;
}

/** The admin pages; null for any other path. */
export function handleAdminPage(
  fake: FakeServerState,
  shopDomain: string,
  method: string,
  url: URL,
  params: Record<string, unknown>,
): HttpReply | null {
  const shop = shopOf(fake, shopDomain);
  const product = /^\/admin\/products\/(\d{1,20})$/.exec(url.pathname);
  if (product && method === "GET") {
    const record = fake.state.products.get(Number(product[1]));
    if (!record || record.shop !== shop.domain)
      return page(
        fake,
        "Not found",
        "<section><h1>This product does not exist</h1></section>",
        404,
      );
    return productPage(fake, shop.domain, record);
  }
  if (/^\/admin\/themes\/(current|\d{1,20})\/editor$/.test(url.pathname)) {
    if (method === "POST") {
      const block = appBlockOf(
        fake,
        typeof params.addAppBlockId === "string" ? params.addAppBlockId : null,
      );
      if (!block || !addAppBlock(fake, shop.domain, block.blockHandle))
        return page(
          fake,
          "Theme editor",
          "<section><h1>This app block does not exist</h1></section>",
          400,
        );
      const next = new URL(url);
      next.searchParams.set("added", "1");
      return new HttpReply(303, Buffer.alloc(0), { Location: next.pathname + next.search });
    }
    if (method === "GET") {
      const asked = url.searchParams.get("addAppBlockId");
      const block = asked === null ? null : appBlockOf(fake, asked);
      if (asked !== null && !block)
        return page(
          fake,
          "Theme editor",
          "<section><h1>This app block does not exist</h1></section>",
          400,
        );
      return editorPage(fake, shop.domain, url, block);
    }
  }
  return null;
}
