/**
 * The control API's catalogue part: what a test reads back of the shop's products (seeded and
 * made by productSet), of staged uploads and of product images still being fetched.
 */
import { normalizeShopDomain } from "../session-token";
import { parseId, type ProductRecord } from "../state";
import { shopOf, type FakeServerState } from "./context";
import { productSnapshot, type ProductSnapshot } from "./product-snapshot";

export interface CatalogueControl {
  /** The shop's products (seeded and made by productSet), optionally only those with this title or handle. */
  products(shop?: string, filter?: { title?: string; handle?: string }): ProductSnapshot[];
  /** One product of the shop by GID, numeric id or handle. */
  product(idOrHandle: string | number, shop?: string): ProductSnapshot | undefined;
  /** The staged upload targets handed out, and whether something was uploaded to each. */
  stagedUploads(shop?: string): StagedUploadSummary[];
  /** Resolves when background fetches of product images (loopback URLs) are done. */
  waitForMedia(): Promise<void>;
}

export interface StagedUploadSummary {
  resourceUrl: string;
  shop: string;
  resource: string;
  filename: string;
  mimeType: string;
  fileSize: number | null;
  uploaded: boolean;
  size: number | null;
}

export function createCatalogueControl(fake: FakeServerState): CatalogueControl {
  return {
    products(shopDomain, filter = {}) {
      const shop = shopOf(fake, shopDomain);
      return [...fake.state.products.values()]
        .filter((p) => p.shop === shop.domain)
        .filter((p) => filter.title === undefined || p.title === filter.title)
        .filter((p) => filter.handle === undefined || p.handle === filter.handle)
        .map((p) => productSnapshot(fake.state, p, fake.url));
    },
    product(idOrHandle, shopDomain) {
      const shop = shopOf(fake, shopDomain);
      const id = parseId(idOrHandle, "Product");
      const found: ProductRecord | undefined =
        id !== undefined
          ? fake.state.products.get(id)
          : [...fake.state.products.values()].find(
              (p) => p.shop === shop.domain && p.handle === String(idOrHandle),
            );
      return found && found.shop === shop.domain
        ? productSnapshot(fake.state, found, fake.url)
        : undefined;
    },
    stagedUploads(shopDomain) {
      const domain = shopDomain ? normalizeShopDomain(shopDomain) : undefined;
      return [...fake.state.stagedUploads.values()]
        .filter((u) => !domain || u.shop === domain)
        .map((u) => ({
          resourceUrl: `${fake.url ?? ""}/staged-uploads/${u.key.split("/").map(encodeURIComponent).join("/")}`,
          shop: u.shop,
          resource: u.resource,
          filename: u.filename,
          mimeType: u.mimeType,
          fileSize: u.fileSize,
          uploaded: u.bytes !== null,
          size: u.bytes?.length ?? null,
        }));
    },
    async waitForMedia() {
      while (fake.mediaWork.size) await Promise.allSettled([...fake.mediaWork]);
    },
  };
}
