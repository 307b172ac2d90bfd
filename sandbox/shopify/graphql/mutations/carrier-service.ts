/** carrierServiceCreate, carrierServiceUpdate and carrierServiceDelete. */
import { gid, type CarrierServiceRecord } from "../../state";
import { requireAccess } from "../access";
import {
  idArg,
  validUrl,
  type Args,
  type GraphqlContext,
  type UserError,
  type View,
} from "../context";
import { carrierServiceView } from "../views/catalogue";

function carrierServiceErrors(
  ctx: GraphqlContext,
  input: Args,
  code: string,
  selfId: number | null,
): UserError[] {
  const errors: UserError[] = [];
  if (input.name !== undefined && (typeof input.name !== "string" || !input.name.trim())) {
    errors.push({ field: ["input", "name"], message: "Name can't be blank", code });
  }
  if (
    input.callbackUrl !== undefined &&
    (typeof input.callbackUrl !== "string" || !validUrl(input.callbackUrl))
  ) {
    errors.push({
      field: ["input", "callbackUrl"],
      message: "Callback url is not a valid URL",
      code,
    });
  }
  if (typeof input.name === "string") {
    const clash = [...ctx.state.carrierServices.values()].find(
      (c) =>
        c.shop === ctx.shop.domain &&
        c.id !== selfId &&
        c.name.toLowerCase() === String(input.name).trim().toLowerCase(),
    );
    if (clash)
      errors.push({
        field: ["input", "name"],
        message: `${clash.name} is already configured`,
        code,
      });
  }
  return errors;
}

export function carrierServiceCreate(ctx: GraphqlContext, input: Args): View {
  requireAccess(ctx, "carrierServiceCreate", "write_shipping");
  const errors = carrierServiceErrors(ctx, input, "CARRIER_SERVICE_CREATE_FAILED", null);
  if (errors.length) return { carrierService: null, userErrors: errors };
  const record: CarrierServiceRecord = {
    id: ctx.state.nextId("DeliveryCarrierService"),
    shop: ctx.shop.domain,
    name: String(input.name).trim(),
    callbackUrl: String(input.callbackUrl),
    active: input.active === true,
    supportsServiceDiscovery: input.supportsServiceDiscovery === true,
    createdAt: ctx.state.now(),
  };
  ctx.state.carrierServices.set(record.id, record);
  return { carrierService: carrierServiceView(record), userErrors: [] };
}

export function carrierServiceUpdate(ctx: GraphqlContext, input: Args): View {
  requireAccess(ctx, "carrierServiceUpdate", "write_shipping");
  const id = idArg(input.id, "DeliveryCarrierService");
  const record = id === null ? undefined : ctx.state.carrierServices.get(id);
  if (!record || record.shop !== ctx.shop.domain) {
    return {
      carrierService: null,
      userErrors: [
        {
          field: ["input", "id"],
          message: "The carrier or app could not be found.",
          code: "CARRIER_SERVICE_UPDATE_FAILED",
        },
      ],
    };
  }
  const errors = carrierServiceErrors(ctx, input, "CARRIER_SERVICE_UPDATE_FAILED", record.id);
  if (errors.length) return { carrierService: null, userErrors: errors };
  if (typeof input.name === "string") record.name = input.name.trim();
  if (typeof input.callbackUrl === "string") record.callbackUrl = input.callbackUrl;
  if (typeof input.active === "boolean") record.active = input.active;
  if (typeof input.supportsServiceDiscovery === "boolean")
    record.supportsServiceDiscovery = input.supportsServiceDiscovery;
  return { carrierService: carrierServiceView(record), userErrors: [] };
}

export function carrierServiceDelete(ctx: GraphqlContext, args: Args): View {
  requireAccess(ctx, "carrierServiceDelete", "write_shipping");
  const id = idArg(args.id, "DeliveryCarrierService");
  const record = id === null ? undefined : ctx.state.carrierServices.get(id);
  if (!record || record.shop !== ctx.shop.domain) {
    return {
      deletedId: null,
      userErrors: [
        {
          field: ["id"],
          message: "The carrier or app could not be found.",
          code: "CARRIER_SERVICE_DELETE_FAILED",
        },
      ],
    };
  }
  ctx.state.carrierServices.delete(record.id);
  return { deletedId: gid("DeliveryCarrierService", record.id), userErrors: [] };
}
