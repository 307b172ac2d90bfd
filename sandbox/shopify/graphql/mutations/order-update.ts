/**
 * orderUpdate, for what the app changes on an order: its shipping address and its localized
 * fields (Brazil's CPF/CNPJ). As Shopify: write_orders; an order of another shop does not
 * exist; a cancelled order's address is not changed; orders/updated follows.
 */
import { LOCALIZED_FIELD_KEY } from "../../state/create-order";
import type { AddressInput } from "../../state";
import { requireAccess } from "../access";
import { idArg, type Args, type GraphqlContext, type View } from "../context";
import { orderView } from "../views/orders";

const ADDRESS_FIELDS = [
  "firstName",
  "lastName",
  "company",
  "address1",
  "address2",
  "city",
  "province",
  "provinceCode",
  "country",
  "countryCode",
  "zip",
  "phone",
] as const;

/** Shopify's own limit on an address field; longer values are refused. */
const ADDRESS_FIELD_MAX = 255;

export function orderUpdate(ctx: GraphqlContext, args: Args): View {
  requireAccess(ctx, "orderUpdate", "write_orders");
  const input = (args.input ?? {}) as Args;
  const id = idArg(input.id, "Order");
  const order = id === null ? undefined : ctx.state.orders.get(id);
  if (!order || order.shop !== ctx.shop.domain)
    return { order: null, userErrors: [{ field: ["id"], message: "Order does not exist" }] };
  const address = input.shippingAddress as Args | null | undefined;
  if (address && order.cancelledAt)
    return {
      order: null,
      userErrors: [
        { field: ["shippingAddress"], message: "Cannot update the address of a cancelled order" },
      ],
    };
  if (address) {
    const changes: AddressInput = {};
    for (const field of ADDRESS_FIELDS) {
      const value = address[field];
      if (value === undefined) continue;
      if (value !== null && String(value).length > ADDRESS_FIELD_MAX)
        return {
          order: null,
          userErrors: [{ field: ["shippingAddress", field], message: `${field} is too long` }],
        };
      changes[field] = value === null || value === "" ? null : String(value);
    }
    ctx.state.updateShippingAddress(order, changes);
  }
  const fields = input.localizedFields as { key: string; value: string }[] | undefined;
  if (fields) {
    for (const f of fields) {
      if (!LOCALIZED_FIELD_KEY.test(f.key))
        return {
          order: null,
          userErrors: [{ field: ["localizedFields"], message: `Unknown key ${f.key}` }],
        };
    }
    const kept = (order.localizedFields ?? []).filter((f) => !fields.some((n) => n.key === f.key));
    order.localizedFields = [...kept, ...fields.map((f) => ({ key: f.key, value: f.value }))];
    order.updatedAt = ctx.state.now();
  }
  if (address || fields) ctx.onChange?.({ topics: ["orders/updated"], orderId: order.id });
  return { order: orderView(ctx, order), userErrors: [] };
}
