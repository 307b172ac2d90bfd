/**
 * Every GraphQL document the app sends to Shopify, collected from the source
 * under app/: template literals tagged `#graphql` or starting with an
 * operation. Checked against the stand-in's schema
 * (test/shopify-fake/app-documents.test.ts) and against Shopify's own
 * (test/shopify-schemas/).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const APP = path.resolve(import.meta.dirname, "../../app");

export interface AppDocument {
  /** Where the document is written, as `path/under/app.ts:line`. */
  where: string;
  text: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

function documentsIn(file: string): AppDocument[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: AppDocument[] = [];
  const visit = (node: ts.Node) => {
    let text: string | null = null;
    if (ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) {
      // An interpolation inside a document is a number here (a page size); 1 keeps it valid.
      text = node.head.text + node.templateSpans.map((span) => `1${span.literal.text}`).join("");
    }
    if (text !== null) {
      const body = text.replace(/^\s*#graphql\b/, "");
      if (/#graphql\b/.test(text.slice(0, 40)) || /^\s*(query|mutation|fragment)\b/.test(body)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push({ where: `${path.relative(APP, file)}:${line + 1}`, text: body });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The documents, read from the source as it is now. */
export function appDocuments(): AppDocument[] {
  return sourceFiles(APP).flatMap(documentsIn);
}
