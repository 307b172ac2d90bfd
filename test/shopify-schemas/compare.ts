/**
 * Comparing the Shopify stand-in's schema (sandbox/shopify) with Shopify's
 * own: what the app's documents use (walked with TypeInfo), and every type the
 * stand-in declares that Shopify's schema also has. Each finding is one line
 * naming the coordinate and both sides, so a failure says what to fix.
 */
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isNonNullType,
  isObjectType,
  isUnionType,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type TypeNode,
} from "graphql";

/** The kind of a named type, as introspection names it. */
function kindOf(type: GraphQLNamedType): string {
  if (isObjectType(type)) return "OBJECT";
  if (isInterfaceType(type)) return "INTERFACE";
  if (isUnionType(type)) return "UNION";
  if (isEnumType(type)) return "ENUM";
  if (isInputObjectType(type)) return "INPUT_OBJECT";
  return "SCALAR";
}

type FieldLike = GraphQLField<unknown, unknown> | GraphQLInputField;

function fieldsOf(type: GraphQLNamedType | undefined | null): Record<string, FieldLike> | null {
  if (!type) return null;
  if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
    return type.getFields();
  }
  return null;
}

/**
 * One field of one type in both schemas: it exists in each with the same type
 * (list and non-null wrappers included).
 */
function compareField(
  typeName: string,
  fieldName: string,
  standIn: GraphQLSchema,
  real: GraphQLSchema,
  findings: Set<string>,
): { standIn: FieldLike; real: FieldLike } | null {
  const ours = fieldsOf(standIn.getType(typeName))?.[fieldName];
  const theirs = fieldsOf(real.getType(typeName))?.[fieldName];
  const coordinate = `${typeName}.${fieldName}`;
  if (!ours || !theirs) {
    findings.add(
      `${coordinate}: stand-in ${ours ? String(ours.type) : "has none"}, Shopify ${theirs ? String(theirs.type) : "has none"}`,
    );
    return null;
  }
  if (String(ours.type) !== String(theirs.type)) {
    findings.add(`${coordinate}: stand-in ${String(ours.type)}, Shopify ${String(theirs.type)}`);
  }
  return { standIn: ours, real: theirs };
}

function argumentOf(field: FieldLike, name: string): GraphQLArgument | undefined {
  return "args" in field ? field.args.find((a) => a.name === name) : undefined;
}

function compareArgument(
  coordinate: string,
  pair: { standIn: FieldLike; real: FieldLike },
  name: string,
  findings: Set<string>,
) {
  const ours = argumentOf(pair.standIn, name);
  const theirs = argumentOf(pair.real, name);
  if (!ours || !theirs || String(ours.type) !== String(theirs.type)) {
    findings.add(
      `${coordinate}(${name}:): stand-in ${ours ? String(ours.type) : "has none"}, Shopify ${theirs ? String(theirs.type) : "has none"}`,
    );
  }
}

function compareEnumValue(
  typeName: string,
  value: string,
  standIn: GraphQLSchema,
  real: GraphQLSchema,
  findings: Set<string>,
) {
  const has = (schema: GraphQLSchema) => {
    const type = schema.getType(typeName);
    return isEnumType(type) && type.getValue(value) !== undefined;
  };
  if (!has(standIn) || !has(real)) {
    findings.add(
      `${typeName}.${value}: stand-in ${has(standIn) ? "has it" : "has none"}, Shopify ${has(real) ? "has it" : "has none"}`,
    );
  }
}

/**
 * What one document uses, compared: each field selected (on the type it is
 * selected on), each argument passed, each input field written in the
 * document, each enum value written, each type named in a fragment or a
 * variable. The document is walked against the stand-in's schema (it
 * validates there: test/shopify-fake/app-documents.test.ts).
 */
export function compareDocumentUse(
  document: DocumentNode,
  standIn: GraphQLSchema,
  real: GraphQLSchema,
): string[] {
  const findings = new Set<string>();
  const typeInfo = new TypeInfo(standIn);
  const namedType = (name: string) => {
    const ours = standIn.getType(name);
    const theirs = real.getType(name);
    if (!ours || !theirs || kindOf(ours) !== kindOf(theirs)) {
      findings.add(
        `type ${name}: stand-in ${ours ? kindOf(ours) : "has none"}, Shopify ${theirs ? kindOf(theirs) : "has none"}`,
      );
    }
  };
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        if (node.name.value.startsWith("__")) return;
        const parent = typeInfo.getParentType();
        if (!parent) return;
        const pair = compareField(parent.name, node.name.value, standIn, real, findings);
        if (!pair) return;
        for (const argument of node.arguments ?? []) {
          compareArgument(`${parent.name}.${node.name.value}`, pair, argument.name.value, findings);
        }
      },
      ObjectField(node) {
        const parent = typeInfo.getParentInputType();
        const named = parent ? getNamedType(parent) : null;
        if (!named || !isInputObjectType(named)) return;
        compareField(named.name, node.name.value, standIn, real, findings);
      },
      EnumValue(node) {
        const type = typeInfo.getInputType();
        const named = type ? getNamedType(type) : null;
        if (named) compareEnumValue(named.name, node.value, standIn, real, findings);
      },
      NamedType(node) {
        namedType(node.name.value);
      },
    }),
  );
  // Input types reached through variables are not written in the document: compare them whole.
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    for (const variable of definition.variableDefinitions ?? []) {
      const ours = standIn.getType(namedTypeName(variable.type));
      if (ours) compareInputTree(ours, standIn, real, findings, new Set());
    }
  }
  return [...findings].sort();
}

function namedTypeName(node: TypeNode): string {
  return node.kind === Kind.NAMED_TYPE ? node.name.value : namedTypeName(node.type);
}

function compareInputTree(
  type: GraphQLNamedType,
  standIn: GraphQLSchema,
  real: GraphQLSchema,
  findings: Set<string>,
  seen: Set<string>,
) {
  if (seen.has(type.name)) return;
  seen.add(type.name);
  for (const finding of compareType(type, real, { deprecations: false })) findings.add(finding);
  if (!isInputObjectType(type)) return;
  for (const field of Object.values(type.getFields())) {
    compareInputTree(getNamedType(field.type), standIn, real, findings, seen);
  }
}

/**
 * One type the stand-in declares, against Shopify's type of the same name:
 * same kind; each field, argument, enum value, union member and interface of
 * the stand-in's is Shopify's too, with the same type; an input field or
 * argument Shopify requires is not left out; Shopify's deprecations are the
 * stand-in's, with the same reason.
 */
export function compareType(
  ours: GraphQLNamedType,
  real: GraphQLSchema,
  { deprecations = true } = {},
): string[] {
  const findings: string[] = [];
  const theirs = real.getType(ours.name);
  if (!theirs) return [`type ${ours.name}: stand-in ${kindOf(ours)}, Shopify has none`];
  if (kindOf(ours) !== kindOf(theirs)) {
    return [`type ${ours.name}: stand-in ${kindOf(ours)}, Shopify ${kindOf(theirs)}`];
  }
  if (isEnumType(ours) && isEnumType(theirs)) {
    for (const value of ours.getValues()) {
      const match = theirs.getValue(value.name);
      if (!match) findings.push(`${ours.name}.${value.name}: stand-in has it, Shopify has none`);
      else if (
        deprecations &&
        (value.deprecationReason ?? null) !== (match.deprecationReason ?? null)
      ) {
        findings.push(
          `${ours.name}.${value.name} deprecation: stand-in ${JSON.stringify(value.deprecationReason ?? null)}, Shopify ${JSON.stringify(match.deprecationReason ?? null)}`,
        );
      }
    }
  }
  if (isUnionType(ours) && isUnionType(theirs)) {
    const members = new Set(theirs.getTypes().map((t) => t.name));
    for (const member of ours.getTypes()) {
      if (!members.has(member.name)) {
        findings.push(`${ours.name} member ${member.name}: stand-in has it, Shopify has none`);
      }
    }
  }
  if (
    (isObjectType(ours) || isInterfaceType(ours)) &&
    (isObjectType(theirs) || isInterfaceType(theirs))
  ) {
    const interfaces = new Set(theirs.getInterfaces().map((t) => t.name));
    for (const implemented of ours.getInterfaces()) {
      if (!interfaces.has(implemented.name)) {
        findings.push(
          `${ours.name} implements ${implemented.name}: stand-in does, Shopify does not`,
        );
      }
    }
  }
  const ourFields = fieldsOf(ours);
  const theirFields = fieldsOf(theirs);
  if (ourFields && theirFields) {
    for (const [name, field] of Object.entries(ourFields)) {
      const coordinate = `${ours.name}.${name}`;
      const match = theirFields[name];
      if (!match) {
        findings.push(`${coordinate}: stand-in ${String(field.type)}, Shopify has none`);
        continue;
      }
      if (String(field.type) !== String(match.type)) {
        findings.push(
          `${coordinate}: stand-in ${String(field.type)}, Shopify ${String(match.type)}`,
        );
      }
      if (deprecations && (field.deprecationReason ?? null) !== (match.deprecationReason ?? null)) {
        findings.push(
          `${coordinate} deprecation: stand-in ${JSON.stringify(field.deprecationReason ?? null)}, Shopify ${JSON.stringify(match.deprecationReason ?? null)}`,
        );
      }
      if ("args" in field && "args" in match) {
        for (const argument of field.args) {
          const other = match.args.find((a) => a.name === argument.name);
          if (!other || String(other.type) !== String(argument.type)) {
            findings.push(
              `${coordinate}(${argument.name}:): stand-in ${String(argument.type)}, Shopify ${other ? String(other.type) : "has none"}`,
            );
          }
        }
        for (const other of match.args) {
          if (
            isNonNullType(other.type) &&
            other.defaultValue === undefined &&
            !field.args.some((a) => a.name === other.name)
          ) {
            findings.push(
              `${coordinate}(${other.name}:): stand-in has none, Shopify ${String(other.type)}`,
            );
          }
        }
      }
    }
    if (isInputObjectType(ours) && isInputObjectType(theirs)) {
      for (const [name, other] of Object.entries(theirFields)) {
        if (
          isNonNullType(other.type) &&
          (other as GraphQLInputField).defaultValue === undefined &&
          !ourFields[name]
        ) {
          findings.push(`${ours.name}.${name}: stand-in has none, Shopify ${String(other.type)}`);
        }
      }
    }
  }
  return findings;
}

/** Every type the stand-in declares (not graphql's own), compared; and those Shopify has not. */
export function compareSchemas(standIn: GraphQLSchema, real: GraphQLSchema): string[] {
  return Object.values(standIn.getTypeMap())
    .filter(
      (type) =>
        !type.name.startsWith("__") &&
        !["String", "Int", "Float", "Boolean", "ID"].includes(type.name),
    )
    .flatMap((type) => compareType(type, real))
    .sort();
}
