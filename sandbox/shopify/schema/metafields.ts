/** Admin schema subset: metafields on products and variants, metafieldsSet and metafieldsDelete. */
import { connection } from "./helpers";

export const METAFIELDS_SDL = `
enum MetafieldOwnerType { PRODUCT PRODUCTVARIANT }
enum MetafieldsSetUserErrorCode { APP_NOT_AUTHORIZED BLANK CAPABILITY_VIOLATION INCLUSION INTERNAL_ERROR INVALID INVALID_COMPARE_DIGEST INVALID_TYPE INVALID_VALUE LESS_THAN_OR_EQUAL_TO PRESENT STALE_OBJECT TAKEN TOO_LONG TOO_SHORT }

type Metafield implements Node & LegacyInteroperability {
  id: ID!
  legacyResourceId: UnsignedInt64!
  namespace: String!
  key: String!
  type: String!
  value: String!
  jsonValue: JSON!
  ownerType: MetafieldOwnerType!
  createdAt: DateTime!
  updatedAt: DateTime!
}
${connection("Metafield")}

type MetafieldIdentifier {
  ownerId: ID!
  namespace: String!
  key: String!
}

input MetafieldsSetInput {
  ownerId: ID!
  namespace: String
  key: String!
  value: String!
  type: String
}

input MetafieldIdentifierInput {
  ownerId: ID!
  namespace: String!
  key: String!
}

type MetafieldsSetUserError implements DisplayableError {
  code: MetafieldsSetUserErrorCode
  elementIndex: Int
  field: [String!]
  message: String!
}

type MetafieldsSetPayload {
  metafields: [Metafield!]
  userErrors: [MetafieldsSetUserError!]!
}

type MetafieldsDeletePayload {
  deletedMetafields: [MetafieldIdentifier]
  userErrors: [UserError!]!
}`;

/** The metafield fields of an owner type (Product, ProductVariant). */
export const HAS_METAFIELDS_FIELDS = `
  metafield(namespace: String, key: String!): Metafield
  metafields(first: Int, after: String, last: Int, before: String, reverse: Boolean = false, namespace: String, keys: [String!]): MetafieldConnection!`;
