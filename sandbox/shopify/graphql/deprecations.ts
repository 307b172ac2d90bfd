/** Deprecated fields and enum values a request uses (named in a header, or refused). */
import {
  TypeInfo,
  getNamedType,
  isEnumType,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLSchema,
} from "graphql";
import { adminSchema } from "./schema";

/** Deprecated fields and enum values a document uses, with Shopify's reasons. */
export function deprecatedUses(
  document: DocumentNode,
  schema: GraphQLSchema = adminSchema,
): { coordinate: string; reason: string }[] {
  const found = new Map<string, string>();
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field() {
        const field = typeInfo.getFieldDef();
        const parent = typeInfo.getParentType();
        if (field?.deprecationReason && parent)
          found.set(`${parent.name}.${field.name}`, field.deprecationReason);
      },
      EnumValue(node) {
        const type = getNamedType(typeInfo.getInputType() ?? undefined);
        const value = type && isEnumType(type) ? type.getValue(node.value) : undefined;
        if (type && value?.deprecationReason)
          found.set(`${type.name}.${value.name}`, value.deprecationReason);
      },
    }),
  );
  return [...found].map(([coordinate, reason]) => ({ coordinate, reason }));
}
