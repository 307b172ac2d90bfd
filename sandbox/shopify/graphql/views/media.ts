/**
 * Product media: the MediaImage view of a product image made by productSet,
 * and the seeded demo image shown the same way.
 */
import { gid, type MediaRecord, type ProductRecord } from "../../state";
import { iso, type GraphqlContext, type View } from "../context";

/** Where the stand-in serves a READY image (its own origin, like cdn.shopify.com). */
export function mediaUrl(ctx: Pick<GraphqlContext, "fileOrigin">, m: MediaRecord): string {
  return `${ctx.fileOrigin ?? ""}/cdn/shop/files/${m.fileKey}`;
}

export function mediaImageView(ctx: GraphqlContext, m: MediaRecord): View {
  const image =
    m.status === "READY"
      ? {
          id: gid("ImageSource", m.id),
          altText: m.alt,
          url: () => mediaUrl(ctx, m),
          width: m.width,
          height: m.height,
        }
      : null;
  const previewStatus = m.status;
  return {
    __typename: "MediaImage",
    id: gid("MediaImage", m.id),
    alt: m.alt,
    mediaContentType: "IMAGE",
    mediaErrors: m.error ? [m.error] : [],
    status: m.status,
    preview: { image, status: previewStatus },
    image,
    mimeType: m.mimeType,
    createdAt: iso(m.createdAt),
  };
}

/** A product's media records, in order. */
export function productMediaRecords(ctx: GraphqlContext, p: ProductRecord): MediaRecord[] {
  return (p.mediaIds ?? [])
    .map((id) => ctx.state.media.get(id))
    .filter((m): m is MediaRecord => !!m);
}
