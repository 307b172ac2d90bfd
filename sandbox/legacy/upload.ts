// The legacy upload bucket (signedPutUrl), served under the control API.

import { text, type Ctx, type Reply } from "../context";

/**
 * The storage bucket behind signedPutUrl: any PUT/POST whose path (or form body)
 * names `orders/<externalOrderId>/` completes that order's PENDING_COMPLETION items.
 */
export function receiveUpload(ctx: Ctx, path: string, body: string): Reply {
  const m = /orders\/([A-Za-z0-9]+)\//.exec(path) ?? /orders\/([A-Za-z0-9]+)\//.exec(body);
  const order = m?.[1] ? ctx.store.orderByExternalId(m[1]) : undefined;
  if (!order) return text(404, "NoSuchKey");
  const pending = order.items.filter((it) => it.state === "PENDING_COMPLETION");
  for (const it of pending) {
    const o = ctx.catalogue.find(it.offeringId);
    // Pages and size an /order/files without content_url gave are kept; the upload is the file.
    it.files = {
      contentUrl: `${ctx.baseUrl}${path}`,
      pages: it.files?.pages ?? o?.defaultNumberOfPages ?? 1,
      width: it.files?.width ?? o?.dimensionWidth ?? 0,
      height: it.files?.height ?? o?.dimensionHeight ?? 0,
      coverUrl: it.files?.coverUrl ?? "",
      customSpineUrl: it.files?.customSpineUrl ?? "",
    };
    it.state =
      order.state === "OPEN" || order.state === "PAYMENT_ERROR"
        ? "AWAITING_PAYMENT"
        : "QUEUED_FOR_PROCESSING";
  }
  ctx.changed();
  return text(204, "");
}
