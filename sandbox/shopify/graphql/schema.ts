/** The fake's Admin schema, built once from the SDL subset. */
import { buildSchema, GraphQLError, Kind, type GraphQLSchema, type ValueNode } from "graphql";
import { SCHEMA_SDL } from "../schema-sdl";

export const adminSchema: GraphQLSchema = buildSchema(SCHEMA_SDL);

/**
 * Money and Decimal inputs take a decimal string or a number, as Shopify's
 * scalars do ("34.99", 34.99, "-1"); anything else ("12,50", "abc") is a
 * coercion error of the request, before anything runs.
 */
const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

function coerceDecimal(name: string, value: unknown): string {
  const text = typeof value === "number" && Number.isFinite(value) ? String(value) : value;
  if (typeof text === "string" && DECIMAL.test(text.trim())) return text.trim();
  throw new GraphQLError(`invalid ${name} value ${JSON.stringify(value)}`);
}

for (const name of ["Money", "Decimal"]) {
  const scalar = adminSchema.getType(name);
  if (!scalar || !("parseValue" in scalar)) continue;
  Object.assign(scalar, {
    parseValue: (value: unknown) => coerceDecimal(name, value),
    parseLiteral: (node: ValueNode) => {
      if (node.kind === Kind.STRING || node.kind === Kind.INT || node.kind === Kind.FLOAT) {
        return coerceDecimal(name, node.value);
      }
      throw new GraphQLError(`invalid ${name} value`);
    },
  });
}
