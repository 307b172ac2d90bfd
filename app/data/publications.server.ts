import prisma from "../db.server";
import { decodeCursor, encodeCursor } from "../services/keyset-cursor";

/** Listings at the print service's hosted checkout, kept in the Publication table. Every function is keyed by shop. */

export const PUBLICATIONS_PAGE_SIZE = 25;

/** The columns of a listing the print service made (lib/publications.server.ts). */
export interface PublicationColumns {
  variantId: string | null;
  title: string;
  currency: string;
  locale: string;
  checkoutUrl: string;
  publicationId: number | null;
  securePublicationId: string | null;
  checkoutToken: string | null;
  offeringId: number | null;
  categoryCode: string | null;
  fileUrl: string;
  pages: number;
  width: number;
  height: number;
  thumbnailUrl: string | null;
}

export async function createPublicationRow({
  shop,
  columns,
}: {
  shop: string;
  columns: PublicationColumns;
}) {
  return prisma.publication.create({ data: { shop, ...columns } });
}

export async function findPublication({ shop, id }: { shop: string; id: string }) {
  return prisma.publication.findFirst({ where: { shop, id } });
}

/** Points the row at a new listing; false when the row is gone. */
export async function updatePublicationRow({
  shop,
  id,
  columns,
}: {
  shop: string;
  id: string;
  columns: PublicationColumns;
}): Promise<boolean> {
  const { count } = await prisma.publication.updateMany({
    where: { shop, id },
    data: { ...columns, updatedAt: new Date() },
  });
  return count > 0;
}

export async function deletePublication({ shop, id }: { shop: string; id: string }) {
  await prisma.publication.deleteMany({ where: { shop, id } });
}

export interface PublicationRow {
  id: string;
  title: string;
  variantId: string | null;
  publicationId: number | null;
  secure: boolean;
  checkoutUrl: string;
  currency: string;
  locale: string;
  createdAt: string;
  /** Changed with "Edit" (a new listing at the print service); null when never edited. */
  updatedAt: string | null;
  /** What it sells; null for rows made before this was kept (then the mapping's offering). */
  offeringId: number | null;
  categoryCode: string | null;
  fileUrl: string | null;
  pages: number | null;
  width: number | null;
  height: number | null;
  thumbnailUrl: string | null;
}

/** Newest first, keyset on the (shop, createdAt) index. */
export async function listPublications({
  shop,
  after,
  pageSize = PUBLICATIONS_PAGE_SIZE,
}: {
  shop: string;
  after?: string | null | undefined;
  pageSize?: number;
}): Promise<{ rows: PublicationRow[]; nextCursor: string | null }> {
  const cursor = after ? decodeCursor(after) : null;
  const found = await prisma.publication.findMany({
    where: cursor
      ? {
          shop,
          OR: [
            { createdAt: { lt: cursor.createdAt } },
            { createdAt: cursor.createdAt, id: { lt: cursor.id } },
          ],
        }
      : { shop },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: pageSize + 1,
  });
  const page = found.slice(0, pageSize);
  const last = page[page.length - 1];
  return {
    rows: page.map((p) => ({
      id: p.id,
      title: p.title,
      variantId: p.variantId,
      publicationId: p.publicationId,
      secure: p.securePublicationId !== null,
      checkoutUrl: p.checkoutUrl,
      currency: p.currency,
      locale: p.locale,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt?.toISOString() ?? null,
      offeringId: p.offeringId,
      categoryCode: p.categoryCode,
      fileUrl: p.fileUrl,
      pages: p.pages,
      width: p.width,
      height: p.height,
      thumbnailUrl: p.thumbnailUrl,
    })),
    nextCursor: found.length > pageSize && last ? encodeCursor(last) : null,
  };
}
