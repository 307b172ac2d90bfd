import { STATUS_GROUPS } from "./machine";

/**
 * Filter tabs of the orders list: all, then the state machine's status groups;
 * each maps to statuses served by the (shop, status, createdAt) index. Not a
 * .server module: the orders page's view reads the labels.
 */
export const ORDER_VIEWS = {
  all: { label: "All", statuses: null },
  ...STATUS_GROUPS,
} as const;

export type OrderView = keyof typeof ORDER_VIEWS;

export function isOrderView(v: string): v is OrderView {
  return Object.hasOwn(ORDER_VIEWS, v);
}
