import { productImageFromUrl, type ProductImageSource } from "../image-source";
import type { CreationPorts } from "../ports";
import type { Prepared } from "../prepare";

/**
 * Step "image": the product image, from the interior PDF's first page or the merchant's
 * address. No undo: a staged upload that no product uses is dropped by Shopify.
 */
export async function productImage(
  ports: CreationPorts,
  p: Prepared,
): Promise<ProductImageSource | null> {
  const { imageSource, imageUrl, contentUrl, title } = p.posted;
  try {
    if (imageSource === "pdf") return await ports.pdfImage({ pdfUrl: contentUrl, title });
    if (imageSource === "url") return productImageFromUrl(imageUrl, title);
    return null;
  } catch (error) {
    // Even Shopify refusing the upload only costs the image; productSet meets any sign-in problem.
    ports.log.warn({ err: error }, "product image failed");
    return { status: "failed", reason: "The product image could not be made." };
  }
}
