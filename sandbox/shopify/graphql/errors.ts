/** graphql-js errors rewritten into the shapes and words of graphql-ruby, which Shopify returns. */
import {
  GraphQLError,
  Kind,
  visit,
  type ASTNode,
  type DocumentNode,
  type OperationDefinitionNode,
  type TypeNode,
} from "graphql";

export interface ShopifyGraphqlError {
  message: string;
  locations?: Array<{ line: number; column: number }>;
  path?: Array<string | number>;
  extensions?: Record<string, unknown>;
}

/** Paths like graphql-ruby reports for static errors: ["query Name", "field", ...]. */
export function staticPaths(document: DocumentNode): Map<ASTNode, string[]> {
  const map = new Map<ASTNode, string[]>();
  const stack: string[] = [];
  visit(document, {
    OperationDefinition: {
      enter(node) {
        stack.push(node.name ? `${node.operation} ${node.name.value}` : node.operation);
        map.set(node, [...stack]);
      },
      leave() {
        stack.pop();
      },
    },
    FragmentDefinition: {
      enter(node) {
        stack.push(`fragment ${node.name.value}`);
        map.set(node, [...stack]);
      },
      leave() {
        stack.pop();
      },
    },
    Field: {
      enter(node) {
        stack.push(node.alias?.value ?? node.name.value);
        map.set(node, [...stack]);
      },
      leave() {
        stack.pop();
      },
    },
    Argument: {
      enter(node) {
        map.set(node, [...stack, node.name.value]);
      },
    },
    VariableDefinition: {
      enter(node) {
        map.set(node, [...stack, `$${node.variable.name.value}`]);
      },
    },
  });
  return map;
}

export function locations(err: GraphQLError): Array<{ line: number; column: number }> | undefined {
  return err.locations?.map((l) => ({ line: l.line, column: l.column }));
}

/** Rewrites graphql-js validation messages into graphql-ruby's (what Shopify returns). */
export function validationError(
  err: GraphQLError,
  paths: Map<ASTNode, string[]>,
): ShopifyGraphqlError {
  const node = err.nodes?.[0];
  const path = node ? paths.get(node) : undefined;
  const base = { locations: locations(err), ...(path ? { path } : {}) };
  let m: RegExpExecArray | null;
  if ((m = /^Cannot query field "(.+?)" on type "(.+?)"\./.exec(err.message))) {
    return {
      message: `Field '${m[1]}' doesn't exist on type '${m[2]}'`,
      ...base,
      extensions: { code: "undefinedField", typeName: m[2], fieldName: m[1] },
    };
  }
  if ((m = /^Unknown argument "(.+?)" on field "(.+?)\.(.+?)"\./.exec(err.message))) {
    return {
      message: `Field '${m[3]}' doesn't accept argument '${m[1]}'`,
      ...base,
      extensions: {
        code: "argumentNotAccepted",
        name: m[3],
        typeName: "Field",
        argumentName: m[1],
      },
    };
  }
  if (
    (m =
      /^Field "(.+?)" argument "(.+?)" of type "(.+?)" is required, but it was not provided\./.exec(
        err.message,
      ))
  ) {
    const field = m[1]!.split(".").pop()!;
    return {
      message: `Field '${field}' is missing required arguments: ${m[2]}`,
      ...base,
      extensions: {
        code: "missingRequiredArguments",
        className: "Field",
        name: field,
        arguments: m[2],
      },
    };
  }
  if ((m = /^Field "(.+?)" of type "(.+?)" must have a selection of subfields/.exec(err.message))) {
    const typeName = m[2]!.replace(/[[\]!]/g, "");
    return {
      message: `Field must have selections (field '${m[1]}' returns ${typeName} but has no selections. Did you mean '${m[1]} { ... }'?)`,
      ...base,
      extensions: { code: "selectionMismatch", nodeName: `field '${m[1]}'`, typeName },
    };
  }
  if (
    (m = /^Field "(.+?)" must not have a selection since type "(.+?)" has no subfields\./.exec(
      err.message,
    ))
  ) {
    return {
      message: `Selections can't be made on scalars (field '${m[1]}' returns ${m[2]!.replace(/[[\]!]/g, "")} but has selections [...])`,
      ...base,
      extensions: { code: "selectionMismatch", nodeName: `field '${m[1]}'`, typeName: m[2] },
    };
  }
  if ((m = /^Variable "\$(.+?)" is never used/.exec(err.message))) {
    return {
      message: `Variable $${m[1]} is declared by anonymous query but not used`,
      ...base,
      extensions: { code: "variableNotUsed", variableName: m[1] },
    };
  }
  if ((m = /^Variable "\$(.+?)" is not defined/.exec(err.message))) {
    return {
      message: `Variable $${m[1]} is used by anonymous query but not declared`,
      ...base,
      extensions: { code: "variableNotDefined", variableName: m[1] },
    };
  }
  if ((m = /^Unknown type "(.+?)"\./.exec(err.message))) {
    return {
      message: `No such type ${m[1]}, so it can't be a fragment condition`,
      ...base,
      extensions: { code: "undefinedType", typeName: m[1] },
    };
  }
  return { message: err.message, ...base };
}

export function syntaxError(err: GraphQLError): ShopifyGraphqlError {
  const detail = err.message.replace(/^Syntax Error: /, "");
  const loc = err.locations?.[0];
  const at = loc ? ` at [${loc.line}, ${loc.column}]` : "";
  const m = /found (.+?)\.?$/.exec(detail);
  const token = m?.[1] === "<EOF>" ? "end of file" : (m?.[1] ?? detail);
  return { message: `syntax error, unexpected ${token}${at}`, locations: locations(err) };
}

export function variableError(
  err: GraphQLError,
  operation: OperationDefinitionNode,
): ShopifyGraphqlError | null {
  const m =
    /^Variable "\$(.+?)" (?:of required type "(.+?)" was not provided|of non-null type "(.+?)" must not be null|got invalid value (.*?); (.*))/s.exec(
      err.message,
    );
  if (!m) return null;
  const name = m[1]!;
  const def = operation.variableDefinitions?.find((d) => d.variable.name.value === name);
  const typeText = def ? printType(def.type) : (m[2] ?? m[3] ?? "");
  const explanation = m[5] ?? "Expected value to not be null";
  return {
    message: `Variable $${name} of type ${typeText} was provided invalid value`,
    locations: locations(err),
    extensions: {
      code: "INVALID_VARIABLE",
      value: m[4] !== undefined ? safeJson(m[4]) : null,
      problems: [{ path: [], explanation }],
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function printType(node: TypeNode): string {
  if (node.kind === Kind.NON_NULL_TYPE) return `${printType(node.type)}!`;
  if (node.kind === Kind.LIST_TYPE) return `[${printType(node.type)}]`;
  return node.name.value;
}
