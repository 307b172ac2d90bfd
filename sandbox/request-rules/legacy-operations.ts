// What the legacy XML interface (/rest) refuses: per operation, the parameters and their rules.

import {
  bool,
  country,
  currency,
  currencyList,
  email,
  integer,
  knownOffering,
  locale,
  oneOf,
  positiveNumber,
  required,
  url,
  type OperationRules,
} from "./rules";

export const LEGACY_REQUEST_RULES: Readonly<Record<string, OperationRules>> = {
  "legacy.offering.list": {
    endpoint: "GET /rest/offering/list",
    source: "params",
    fields: [["currencies", currencyList]],
  },
  "legacy.offering.details": {
    endpoint: "GET /rest/offering/details",
    source: "params",
    fields: [
      ["offeringId", required, integer(1), knownOffering],
      ["currencies", currencyList],
    ],
  },
  "legacy.quote": {
    endpoint: "GET /rest/offering/quote",
    source: "params",
    fields: [
      ["offeringId", required, integer(1), knownOffering],
      ["currency", required, currency],
      ["countryCode", required, country],
      ["numberOfPages", required, integer(0)],
      ["quantity", required, integer(1)],
      ["useMerchantSecret", bool],
    ],
  },
  "legacy.order.create": {
    endpoint: "POST /rest/order",
    source: "params",
    fields: [
      ["offeringId", required, integer(1), knownOffering],
      ["apiVersion", integer(0)],
      ["emailAddress", email],
      ["locale", locale],
    ],
  },
  "legacy.order.createFromCheckoutUrl": {
    endpoint: "POST /rest/order/create_from_checkout_url",
    source: "params",
    fields: [
      ["offeringId", required, integer(1), knownOffering],
      ["numberOfPages", required, integer(0)],
      ["sourceUrl", required, url],
      ["filetype", oneOf(["pdf", "image"])],
      ["sourceWidth", required, positiveNumber],
      ["sourceHeight", required, positiveNumber],
      ["locale", locale],
    ],
  },
  "legacy.order.details": {
    endpoint: "POST /rest/order/details",
    source: "params",
    xml: [{ field: "shippingAddressXml", root: "address" }],
    fields: [
      ["externalOrderId", required],
      ["shippingAddressXml", required],
      ["shippingAddressXml.addressLine1", required],
      ["shippingAddressXml.city", required],
      ["shippingAddressXml.countryCode", required, country],
      ["emailAddress", required, email],
      ["quantity", required, integer(1)],
    ],
  },
  "legacy.order.setPaid": {
    endpoint: "GET /rest/order/set_paid",
    source: "params",
    fields: [
      ["externalOrderId", required],
      ["secret", required],
    ],
  },
  "legacy.order.setQuoteAndPaid": {
    endpoint: "POST /rest/order/set_quote_and_paid",
    source: "params",
    xml: [{ field: "quoteXml", root: "quote" }],
    fields: [
      ["externalOrderId", required],
      ["secret", required],
      ["quoteXml", required],
      ["quoteXml.offering-id", required, integer(1)],
      ["quoteXml.number-of-pages", required, integer(0)],
      ["quoteXml.quantity", required, integer(1)],
      ["quoteXml.currency", required, currency],
      ["useMerchantSecret", bool],
    ],
  },
  "legacy.order.status": {
    endpoint: "GET /rest/order/status",
    source: "params",
    fields: [["paymentReference", required]],
  },
};
