/**
 * productSet: creates a product, or updates the one its identifier names
 * (id, handle or a unique metafield), with its options, variants, metafields
 * and media, all or nothing, with Shopify's checks and ProductSetUserError
 * codes. List fields given replace what is there (variants matched by id or
 * by their option values keep their ids); fields left out stay unchanged.
 */
import { requireAccess } from "../../access";
import type { Args, GraphqlContext, View } from "../../context";
import { identifierMatchesInput, identify } from "./identifier";
import { checkFiles, writeFiles } from "./media";
import { checkMetafields, findMetafield, writeProductMetafields } from "./metafields";
import { planOptions, writeOptions } from "./options";
import { checkProductFields, writeProductFields } from "./product-fields";
import { setDone, setFailed } from "./result";
import type { SetUserError } from "./types";
import { planVariants, writeDefaultVariant, writeVariants } from "./variants";

export function productSet(ctx: GraphqlContext, args: Args): View {
  requireAccess(ctx, "productSet", "write_products");
  const input = args.input as Args;
  const identifier = args.identifier as Args | null | undefined;
  const errors: SetUserError[] = [];

  const identified = identify(ctx, identifier);
  if (identified.error) return setFailed([identified.error]);
  identifierMatchesInput(ctx, identifier, input, errors);
  if (errors.length) return setFailed(errors);
  const existing = identified.product;

  // Every check runs before anything is written, so a refused call changes nothing.
  const fields = checkProductFields(ctx, input, existing, errors);
  const options = planOptions(ctx, input, existing, errors);
  const variantInputs = input.variants as Args[] | null | undefined;
  const variants =
    variantInputs && options ? planVariants(ctx, variantInputs, options, existing, errors) : [];
  const productMetafields = checkMetafields(
    ctx,
    (input.metafields as Args[] | null | undefined) ?? [],
    ["input", "metafields"],
    findMetafield(ctx, "PRODUCT", existing?.id),
    errors,
  );
  const fileInputs = input.files as Args[] | null | undefined;
  checkFiles(fileInputs ?? [], existing, errors);
  if (errors.length) return setFailed(errors);

  const now = ctx.state.now();
  const product = writeProductFields(ctx, input, existing, fields, now);
  if (options) product.options = writeOptions(ctx, options);
  if (variantInputs) writeVariants(ctx, product, variants, now);
  else if (!existing) writeDefaultVariant(ctx, product, now);
  writeProductMetafields(
    ctx,
    product,
    productMetafields,
    existing ? undefined : identified.customId,
  );
  if (fileInputs) writeFiles(ctx, product, fileInputs);
  product.updatedAt = now;
  return setDone(ctx, product, args.synchronous);
}
