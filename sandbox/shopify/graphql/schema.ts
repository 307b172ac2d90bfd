/** The fake's Admin schema, built once from the SDL subset. */
import { buildSchema, type GraphQLSchema } from "graphql";
import { SCHEMA_SDL } from "../schema-sdl";

export const adminSchema: GraphQLSchema = buildSchema(SCHEMA_SDL);
