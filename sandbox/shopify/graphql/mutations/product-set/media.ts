/** productSet's `files`: the product's images, kept by id or made from a source URL. */
import { parseId, type ProductRecord } from "../../../state";
import { validUrl, type Args, type GraphqlContext } from "../../context";
import { createMedia } from "../media";
import type { SetUserError } from "./types";

export function checkFiles(
  fileInputs: Args[],
  existing: ProductRecord | undefined,
  errors: SetUserError[],
): void {
  const currentMedia = existing?.mediaIds ?? [];
  fileInputs.forEach((f, j) => {
    const path = ["input", "files", String(j)];
    if (f.contentType != null && f.contentType !== "IMAGE") {
      errors.push({
        field: [...path, "contentType"],
        message: "Only IMAGE files can be product media here",
        code: "INVALID_INPUT",
      });
    }
    if (f.id != null && f.originalSource == null) {
      const id = parseId(String(f.id), "MediaImage");
      if (id === undefined || !currentMedia.includes(id)) {
        errors.push({ field: [...path, "id"], message: "File does not exist", code: "NOT_FOUND" });
      }
      return;
    }
    const source = typeof f.originalSource === "string" ? f.originalSource.trim() : "";
    if (!source) {
      errors.push({
        field: [...path, "originalSource"],
        message: "Original source can't be blank",
        code: "INVALID_INPUT",
      });
    } else if (!validUrl(source)) {
      errors.push({
        field: [...path, "originalSource"],
        message: "Original source is not a valid URL",
        code: "INVALID_INPUT",
      });
    }
  });
}

/** The given list becomes the product's media; media left out are deleted. */
export function writeFiles(ctx: GraphqlContext, product: ProductRecord, fileInputs: Args[]): void {
  const before = product.mediaIds ?? [];
  product.mediaIds = fileInputs.map((f) => {
    if (f.id != null && f.originalSource == null) return parseId(String(f.id), "MediaImage")!;
    const source = String(f.originalSource).trim();
    const alt = typeof f.alt === "string" ? f.alt : null;
    // The same source again (a retry) keeps its media, as an unchanged file list does.
    const same = before
      .map((id) => ctx.state.media.get(id))
      .find((m) => m && m.originalSource === source && m.status !== "FAILED");
    if (same) {
      same.alt = alt ?? same.alt;
      return same.id;
    }
    return createMedia(ctx, product, source, alt).id;
  });
  for (const id of before) if (!product.mediaIds.includes(id)) ctx.state.media.delete(id);
}
