/** A Shopify orders/paid payload (REST shape) for tests. */
export function paidOrderPayload(options: {
  id: number;
  name?: string;
  lines: {
    id: number;
    variantId: number | null;
    quantity: number;
    title: string;
    properties?: Record<string, string>;
  }[];
  address?: Record<string, string | null>;
  email?: string | null;
}) {
  return {
    id: options.id,
    admin_graphql_api_id: `gid://shopify/Order/${options.id}`,
    name: options.name ?? `#${options.id}`,
    email: options.email === undefined ? "anna@example.com" : options.email,
    currency: "EUR",
    financial_status: "paid",
    total_price: "49.95",
    created_at: "2026-11-22T10:00:00+01:00",
    customer: {
      id: 700 + options.id,
      email: "anna@example.com",
      first_name: "Anna",
      last_name: "Jansen",
    },
    line_items: options.lines.map((l) => ({
      id: l.id,
      admin_graphql_api_id: `gid://shopify/LineItem/${l.id}`,
      variant_id: l.variantId,
      product_id: 1,
      title: l.title,
      variant_title: null,
      sku: null,
      quantity: l.quantity,
      price: "24.95",
      properties: Object.entries(l.properties ?? {}).map(([name, value]) => ({ name, value })),
    })),
    shipping_address: {
      first_name: "Anna",
      last_name: "Jansen",
      name: "Anna Jansen",
      address1: "Keizersgracht 1",
      address2: null,
      city: "Amsterdam",
      province: null,
      province_code: null,
      country: "Netherlands",
      country_code: "NL",
      zip: "1015 CJ",
      phone: "+31 20 123 4567",
      company: null,
      ...options.address,
    },
  };
}
