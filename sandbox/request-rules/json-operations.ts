// What the JSON interface (/rest/v3) refuses: per operation, the request fields and their rules.

import {
  colour,
  country,
  currency,
  email,
  font,
  integer,
  knownBillingEntity,
  knownOffering,
  knownParentEntity,
  list,
  locale,
  hex,
  object,
  onlyOneOf,
  positiveNumber,
  required,
  requiredWhen,
  text,
  url,
  type FieldRules,
  type OperationRules,
} from "./rules";
import { isAbsent, isObject } from "./values";

/** Empty file_details (rule 2 of the interface): nothing in it is given. */
function hasContent(v: unknown): boolean {
  if (isAbsent(v)) return false;
  if (isObject(v)) return Object.values(v).some(hasContent);
  return true;
}

function addressFields(at: string): FieldRules[] {
  return [
    [at, object],
    [`${at}.first_name`, required, text],
    [`${at}.last_name`, required, text],
    [`${at}.address_line_1`, required, text],
    [`${at}.address_line_2`, text],
    [`${at}.zip_code`, text],
    [`${at}.city`, required, text],
    [`${at}.country_code`, required, country],
    [`${at}.state`, text],
    [`${at}.phone_number`, text],
    [`${at}.company_name`, text],
    [`${at}.vat_number`, text],
    [`${at}.vat_country_code`, country],
  ];
}

function addressDetailsFields(at: string): FieldRules[] {
  return [
    [`${at}.email_address`, email],
    ...addressFields(`${at}.shipping_address`),
    ...addressFields(`${at}.billing_address`),
  ];
}

const fileGiven = requiredWhen("once file_details is not empty", hasContent);

function fileFields(at: string): FieldRules[] {
  const spine = `${at}.spine_details`;
  const dyn = `${spine}.dynamic_spine_details`;
  return [
    [at, object],
    [`${at}.content_url`, fileGiven, url],
    [`${at}.content_width`, positiveNumber],
    [`${at}.content_height`, positiveNumber],
    [`${at}.number_of_pages`, fileGiven, integer(0)],
    [`${at}.cover_url`, url],
    [spine, object, onlyOneOf(["dynamic_spine_details", "custom_spine_url"])],
    [`${spine}.custom_spine_url`, url],
    [dyn, object],
    [`${dyn}.text_font`, font],
    [`${dyn}.text_size`, positiveNumber],
    [`${dyn}.text_colour`, colour],
    [`${dyn}.background_colour`, colour],
    [`${dyn}.text_top`, text],
    [`${dyn}.text_center`, text],
    [`${dyn}.text_bottom`, text],
  ];
}

const orderId: FieldRules = ["order_id", required, integer(1)];

export const JSON_REQUEST_RULES: Readonly<Record<string, OperationRules>> = {
  "offering.list": {
    endpoint: "GET /offering/list",
    source: "query",
    fields: [
      ["countryIsoCode2", country],
      ["currency", currency],
    ],
  },
  "offering.spine": {
    endpoint: "GET /offering/spine",
    source: "query",
    fields: [
      ["offeringId", required, integer(1), knownOffering],
      ["numberOfPages", required, integer(1)],
    ],
  },
  quote: {
    endpoint: "POST /quote",
    source: "body",
    fields: [
      ["countryCode", required, country],
      ["state", text],
      ["currency", currency],
      ["items", required, list(1)],
      ["items[]", object],
      ["items[].offeringId", required, integer(1), knownOffering],
      ["items[].numberOfPages", integer(0)],
      ["items[].quantity", required, integer(1)],
    ],
  },
  "order.create": {
    endpoint: "POST /order/",
    source: "body",
    fields: [
      ["currency", currency],
      ["purchase_order", text],
      ["order_reference", text],
      ["billing_entity_id", integer(1), knownBillingEntity],
      ["cost_centre", text],
      ["item_details", required, list(1)],
      ["item_details[]", object],
      ["item_details[].item_reference", text],
      ["item_details[].offering_id", required, integer(1), knownOffering],
      ["item_details[].quantity", required, integer(1)],
      ["item_details[].title", text],
      ...fileFields("item_details[].file_details"),
      ["address_details", object],
      ...addressDetailsFields("address_details"),
    ],
  },
  "order.details": {
    endpoint: "GET /order/details",
    source: "query",
    fields: [
      [
        "orderId",
        requiredWhen("unless orderReference is given", (q) => isAbsent(q.orderReference)),
        integer(1),
      ],
      ["orderReference", text],
    ],
  },
  "order.address": {
    endpoint: "POST /order/address",
    source: "body",
    fields: [orderId, ["address_details", required], ...addressDetailsFields("address_details")],
  },
  "order.payment": {
    endpoint: "POST /order/payment",
    source: "body",
    fields: [orderId, ["secret", required, hex]],
  },
  "order.files": {
    endpoint: "POST /order/files",
    source: "body",
    fields: [
      orderId,
      ["item_reference", text],
      ["file_details", required, object],
      // The interface's own request has none (sandbox/README.md: the item then waits for it).
      ["file_details.content_url", url],
      ["file_details.content_width", positiveNumber],
      ["file_details.content_height", positiveNumber],
      ["file_details.number_of_pages", required, integer(0)],
      ["file_details.cover_url", url],
    ],
  },
  "order.cancel": { endpoint: "POST /order/cancel", source: "body", fields: [orderId] },
  "order.spine": {
    endpoint: "GET /order/spine",
    source: "query",
    fields: [
      ["orderId", required, integer(1)],
      ["itemReference", required, text],
    ],
  },
  "publication.create": {
    endpoint: "POST /publication/create",
    source: "body",
    fields: [
      ["currency", currency],
      ["locale", locale],
      ["order", required, object],
      ["order.reference", text],
      ["order.product", required, object],
      ["order.product.title", text],
      ["order.product.source", required, object],
      ["order.product.source.file", required, object],
      ["order.product.source.file.src", required, url],
      ["order.product.source.file.pages", required, integer(0)],
      ["order.product.source.file.dimensions", object],
      ["order.product.source.file.dimensions.height", required, positiveNumber],
      ["order.product.source.file.dimensions.width", required, positiveNumber],
      ["order.product.thumbnail", object],
      ["order.product.thumbnail.src", required, url],
    ],
  },
  "billingEntity.create": {
    endpoint: "POST /billing-entity",
    source: "body",
    fields: [
      ["parentEntityId", integer(0), knownParentEntity],
      ["firstName", text],
      ["lastName", text],
      ["companyName", text],
      ["addressLine1", text],
      ["addressLine2", text],
      ["zipCode", text],
      ["city", text],
      ["state", text],
      ["countryCode", country],
      ["vatNumber", text],
      ["chamberOfCommerce", text],
      ["emailAddresses", list(0)],
      ["emailAddresses[]", required, email],
      ["phoneNumber", text],
    ],
  },
};
