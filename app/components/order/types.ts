import type { SerializeFrom } from "@remix-run/node";
import type { OrderDetailView } from "../../pages/order-detail/view.server";

/** A print order's detail as the order page's loader sends it. */
export type OrderDetail = SerializeFrom<OrderDetailView>;

export type OrderDetailItem = OrderDetail["items"][number];
