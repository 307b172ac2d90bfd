/** Admin schema subset: orders, with money, addresses, customers and line items. */
import { connection, PAGING, deprecated, LOCALIZED_FIELD_KEYS } from "./helpers";

export const ORDERS_SDL = `
type MoneyV2 {
  amount: Decimal!
  currencyCode: CurrencyCode!
}

type MoneyBag {
  shopMoney: MoneyV2!
  presentmentMoney: MoneyV2!
}

type MailingAddress implements Node {
  id: ID!
  firstName: String
  lastName: String
  name: String
  company: String
  address1: String
  address2: String
  city: String
  province: String
  provinceCode: String
  country: String
  countryCodeV2: CountryCode
  zip: String
  phone: String
  formatted(withName: Boolean = false, withCompany: Boolean = true): [String!]!
}

type Customer implements Node & LegacyInteroperability {
  id: ID!
  legacyResourceId: UnsignedInt64!
  email: String ${deprecated("Use `defaultEmailAddress.emailAddress` instead.")}
  firstName: String
  lastName: String
  displayName: String!
  phone: String ${deprecated("Use `defaultPhoneNumber.phoneNumber` instead.")}
}

type Attribute {
  key: String!
  value: String
}

type LineItem implements Node {
  id: ID!
  name: String!
  title: String!
  variantTitle: String
  sku: String
  vendor: String
  quantity: Int!
  currentQuantity: Int!
  unfulfilledQuantity: Int!
  requiresShipping: Boolean!
  customAttributes: [Attribute!]!
  variant: ProductVariant
  product: Product
  image: Image
  originalUnitPriceSet: MoneyBag!
  originalTotalSet: MoneyBag!
}
${connection("LineItem")}

type Order implements Node & LegacyInteroperability {
  id: ID!
  legacyResourceId: UnsignedInt64!
  name: String!
  email: String
  phone: String
  note: String
  tags: [String!]!
  test: Boolean!
  confirmed: Boolean!
  confirmationNumber: String
  closed: Boolean!
  closedAt: DateTime
  cancelledAt: DateTime
  cancelReason: OrderCancelReason
  createdAt: DateTime!
  updatedAt: DateTime!
  processedAt: DateTime!
  currencyCode: CurrencyCode!
  presentmentCurrencyCode: CurrencyCode!
  displayFinancialStatus: OrderDisplayFinancialStatus
  displayFulfillmentStatus: OrderDisplayFulfillmentStatus!
  fullyPaid: Boolean!
  unpaid: Boolean!
  canMarkAsPaid: Boolean!
  totalPriceSet: MoneyBag!
  subtotalPriceSet: MoneyBag
  totalShippingPriceSet: MoneyBag!
  currentTotalPriceSet: MoneyBag!
  shippingAddress: MailingAddress
  billingAddress: MailingAddress
  customer: Customer
  customAttributes: [Attribute!]!
  lineItems(${PAGING}): LineItemConnection!
  fulfillmentOrders(${PAGING}, displayable: Boolean = false, query: String): FulfillmentOrderConnection!
  fulfillments(first: Int): [Fulfillment!]!
  localizedFields(${PAGING}, countryCodes: [CountryCode!], purposes: [LocalizedFieldPurpose!]): LocalizedFieldConnection!
}
${connection("Order")}

"""What checkout asked the buyer for in some countries (Brazil's CPF/CNPJ, Mexico's RFC, ...)."""
type LocalizedField {
  countryCode: CountryCode!
  key: LocalizedFieldKey!
  purpose: LocalizedFieldPurpose!
  title: String!
  value: String!
}
enum LocalizedFieldKey { ${LOCALIZED_FIELD_KEYS} }

input LocalizedFieldInput {
  key: LocalizedFieldKey!
  value: String!
}

input MailingAddressInput {
  address1: String
  address2: String
  city: String
  company: String
  countryCode: CountryCode
  firstName: String
  lastName: String
  phone: String
  provinceCode: String
  zip: String
}

"""The fields of an order the app changes: its shipping address and localized fields."""
input OrderInput {
  id: ID!
  shippingAddress: MailingAddressInput
  localizedFields: [LocalizedFieldInput!]
}

type OrderUpdatePayload {
  order: Order
  userErrors: [UserError!]!
}
enum LocalizedFieldPurpose { SHIPPING TAX }
${connection("LocalizedField")}`;
