// Fails when a module of app/ or sandbox/ reaches itself again through its
// imports: `npm run lint` runs it after ESLint (decision 0017, layers; the
// lint's own cycle rule, import/no-cycle, re-parsed the whole graph for every
// file and was most of the lint's time: docs/decisions/0010-test-run.md).
//
//   node scripts/check-import-cycles.mjs [root]
//
// What counts as an import is what runs: `import`, `export ... from`, a bare
// `import "x"` and `import("x")` with a literal name. Type-only imports and
// exports (`import type`, or every name marked `type`) are erased by the
// compiler and do not count. Names are resolved as the compiler resolves them
// (tsconfig.json); packages are not followed.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, ".."));
const SCOPES = ["app", "sandbox"].map((dir) => path.join(root, dir) + path.sep);
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

const configFile = ts.findConfigFile(root, ts.sys.fileExists, "tsconfig.json");
if (!configFile) throw new Error(`no tsconfig.json in ${root}`);
const parsed = ts.parseJsonConfigFileContent(
  ts.readConfigFile(configFile, ts.sys.readFile).config,
  ts.sys,
  path.dirname(configFile),
);
const options = parsed.options;
const host = ts.createCompilerHost(options);
const inScope = (file) => SCOPES.some((dir) => file.startsWith(dir));

/** The names a file imports at run time, with the line of each. */
function runtimeImports(file) {
  const text = readFileSync(file, "utf8");
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found = [];
  const add = (literal) =>
    found.push({
      name: literal.text,
      line: source.getLineAndCharacterOfPosition(literal.getStart(source)).line + 1,
    });
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) add(node.moduleSpecifier);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const clause = node.exportClause;
      const typeOnly =
        node.isTypeOnly ||
        (clause !== undefined &&
          ts.isNamedExports(clause) &&
          clause.elements.length > 0 &&
          clause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) add(node.moduleSpecifier);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** file -> [{ to, line }] for the project's own files reachable from app/ and sandbox/. */
const graph = new Map();
const pending = ts.sys
  .readDirectory(
    root,
    [".ts", ".tsx", ".mts", ".js", ".mjs"],
    ["node_modules"],
    ["app/**/*", "sandbox/**/*"],
  )
  .map((f) => path.resolve(f));
while (pending.length > 0) {
  const file = pending.pop();
  if (graph.has(file)) continue;
  const edges = [];
  graph.set(file, edges);
  for (const { name, line } of runtimeImports(file)) {
    const resolved = ts.resolveModuleName(name, file, options, host).resolvedModule;
    if (!resolved || resolved.isExternalLibraryImport) continue;
    const to = path.resolve(resolved.resolvedFileName);
    if (to.includes(`${path.sep}node_modules${path.sep}`) || !SOURCE.test(to)) continue;
    if (to.endsWith(".d.ts")) continue;
    edges.push({ to, line });
    if (!graph.has(to)) pending.push(to);
  }
}

// Strongly connected components (Tarjan, iterative): every component of more than
// one module, or a module importing itself, is a cycle.
const index = new Map();
const low = new Map();
const onStack = new Set();
const stack = [];
const components = [];
let counter = 0;
for (const start of graph.keys()) {
  if (index.has(start)) continue;
  const work = [{ node: start, next: 0 }];
  index.set(start, counter);
  low.set(start, counter++);
  stack.push(start);
  onStack.add(start);
  while (work.length > 0) {
    const frame = work[work.length - 1];
    const edges = graph.get(frame.node) ?? [];
    if (frame.next < edges.length) {
      const { to } = edges[frame.next++];
      if (!index.has(to)) {
        index.set(to, counter);
        low.set(to, counter++);
        stack.push(to);
        onStack.add(to);
        work.push({ node: to, next: 0 });
      } else if (onStack.has(to)) {
        low.set(frame.node, Math.min(low.get(frame.node), index.get(to)));
      }
      continue;
    }
    work.pop();
    if (work.length > 0) {
      const parent = work[work.length - 1].node;
      low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
    }
    if (low.get(frame.node) === index.get(frame.node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const selfLoop = (graph.get(frame.node) ?? []).some((e) => e.to === frame.node);
      if (component.length > 1 || selfLoop) components.push(component);
    }
  }
}

/** One way around the component, from its first module back to it (breadth first: shortest). */
function cycleThrough(component) {
  const members = new Set(component);
  const [first] = [...component].sort();
  const cameFrom = new Map();
  const queue = [first];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const edge of graph.get(node) ?? []) {
      if (!members.has(edge.to)) continue;
      if (edge.to === first) {
        const steps = [{ from: node, line: edge.line }];
        for (let at = node; at !== first;) {
          const previous = cameFrom.get(at);
          steps.unshift(previous);
          at = previous.from;
        }
        return steps;
      }
      if (!cameFrom.has(edge.to)) {
        cameFrom.set(edge.to, { from: node, line: edge.line });
        queue.push(edge.to);
      }
    }
  }
  return [];
}

const relevant = components.filter((c) => c.some(inScope));
if (relevant.length === 0) {
  console.log(`Import cycles: none in ${graph.size} modules.`);
  process.exit(0);
}
for (const component of relevant) {
  const steps = cycleThrough(component);
  console.error(`Dependency cycle (${component.length} modules):`);
  for (const { from, line } of steps) {
    console.error(`  ${path.relative(root, from)}:${line} imports`);
  }
  console.error(`  ${path.relative(root, steps[0]?.from ?? component[0])}`);
}
console.error(
  `\n${relevant.length} import cycle${relevant.length === 1 ? "" : "s"}: a module must not reach itself again through its imports (docs/decisions/0017-layers.md).`,
);
process.exit(1);
