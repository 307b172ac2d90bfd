/**
 * validationCreate and validationUpdate: a shop activates one of the app's cart and checkout
 * validation functions. Shopify allows at most 25 active validations per shop.
 */
import type { ValidationRecord } from "../../state";
import { requireAccess } from "../access";
import { idArg, type Args, type GraphqlContext, type View } from "../context";
import { validationView } from "../views/online-store";

const MAX_ACTIVE_VALIDATIONS = 25;
const CART_VALIDATION_API = "cart_checkout_validation";

type ValidationError = { field: string[] | null; message: string; code: string };

function tooManyActive(ctx: GraphqlContext, selfId: number | null): ValidationError | null {
  const active = [...ctx.state.validations.values()].filter(
    (v) => v.shop === ctx.shop.domain && v.enabled && v.id !== selfId,
  ).length;
  return active >= MAX_ACTIVE_VALIDATIONS
    ? {
        field: ["validation", "enable"],
        message: `Cannot have more than ${MAX_ACTIVE_VALIDATIONS} active validation functions.`,
        code: "MAX_VALIDATIONS_ACTIVATED",
      }
    : null;
}

export function validationCreate(ctx: GraphqlContext, input: Args): View {
  requireAccess(ctx, "validationCreate", "write_validations");
  const fail = (error: ValidationError) => ({ validation: null, userErrors: [error] });
  const handle = input.functionHandle as string | null | undefined;
  const functionId = input.functionId as string | null | undefined;
  if (handle && functionId)
    return fail({
      field: ["validation"],
      message: "Only one of function_id or function_handle can be provided, not both.",
      code: "MULTIPLE_FUNCTION_IDENTIFIERS",
    });
  if (!handle && !functionId)
    return fail({
      field: ["validation"],
      message: "Either function_id or function_handle must be provided.",
      code: "MISSING_FUNCTION_IDENTIFIER",
    });
  const fn = [...ctx.state.shopifyFunctions.values()].find((f) =>
    handle ? f.handle === handle : f.id === functionId,
  );
  if (!fn)
    return fail({
      field: ["validation", handle ? "functionHandle" : "functionId"],
      message: "Extension not found.",
      code: "NOT_FOUND",
    });
  if (fn.apiType !== CART_VALIDATION_API)
    return fail({
      field: ["validation", handle ? "functionHandle" : "functionId"],
      message:
        "Unexpected Function API. The provided function must implement one of the following extension targets: [cart.validations.generate.run].",
      code: "FUNCTION_DOES_NOT_IMPLEMENT",
    });
  const enable = input.enable === true;
  const limit = enable ? tooManyActive(ctx, null) : null;
  if (limit) return fail(limit);
  const record: ValidationRecord = {
    id: ctx.state.nextId("Validation"),
    shop: ctx.shop.domain,
    functionId: fn.id,
    title: typeof input.title === "string" && input.title.trim() ? input.title : fn.title,
    enabled: enable,
    blockOnFailure: input.blockOnFailure === true,
  };
  ctx.state.validations.set(record.id, record);
  return { validation: validationView(ctx, record), userErrors: [] };
}

export function validationUpdate(ctx: GraphqlContext, args: Args): View {
  requireAccess(ctx, "validationUpdate", "write_validations");
  const input = args.validation as Args;
  const id = idArg(args.id, "Validation");
  const record = id === null ? undefined : ctx.state.validations.get(id);
  if (!record || record.shop !== ctx.shop.domain)
    return {
      validation: null,
      userErrors: [{ field: ["id"], message: "Extension not found.", code: "NOT_FOUND" }],
    };
  // Omitted fields take their defaults, as Shopify's input does (enable = false).
  const enable = input.enable === true;
  const limit = enable && !record.enabled ? tooManyActive(ctx, record.id) : null;
  if (limit) return { validation: null, userErrors: [limit] };
  record.enabled = enable;
  record.blockOnFailure = input.blockOnFailure === true;
  if (typeof input.title === "string" && input.title.trim()) record.title = input.title;
  return { validation: validationView(ctx, record), userErrors: [] };
}
