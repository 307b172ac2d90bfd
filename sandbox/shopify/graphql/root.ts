/** The root value: the queries and the mutations (graphql-js picks by operation type). */
import type { Args, GraphqlContext, View } from "./context";
import {
  carrierServiceCreate,
  carrierServiceDelete,
  carrierServiceUpdate,
} from "./mutations/carrier-service";
import {
  fulfillmentCancel,
  fulfillmentCreate,
  fulfillmentTrackingInfoUpdate,
  type FulfillmentInputArg,
} from "./mutations/fulfillment";
import { fulfillmentRequestMutations } from "./mutations/fulfillment-requests";
import {
  fulfillmentServiceCreate,
  fulfillmentServiceDelete,
  fulfillmentServiceUpdate,
  inventoryActivate,
  inventoryDeactivate,
} from "./mutations/fulfillment-service";
import { metafieldsDelete, metafieldsSet } from "./mutations/metafields";
import { productSet } from "./mutations/product-set";
import { stagedUploadsCreate } from "./mutations/staged-uploads";
import { validationCreate, validationUpdate } from "./mutations/validation";
import { flowTriggerReceive } from "./mutations/flow";
import { orderUpdate } from "./mutations/order-update";
import { productDelete, productVariantsBulkUpdate } from "./mutations/variants";
import { queryRoot } from "./queries";

export function rootValue(ctx: GraphqlContext): View {
  const mutations = mutationRoot(ctx);
  const injected = ctx.injectedUserErrors;
  if (injected && typeof mutations[injected.mutation] === "function") {
    // Every other payload field is left out (null); nothing is carried out.
    mutations[injected.mutation] = () => ({ userErrors: injected.userErrors });
  }
  return { ...queryRoot(ctx), ...mutations };
}

function mutationRoot(ctx: GraphqlContext): View {
  return {
    // Mutations (same root value object; graphql-js picks by operation type).
    fulfillmentCreate: (args: Args) =>
      fulfillmentCreate(
        ctx,
        args.fulfillment as FulfillmentInputArg,
        (args.message as string) ?? null,
      ),
    fulfillmentCreateV2: (args: Args) =>
      fulfillmentCreate(
        ctx,
        args.fulfillment as FulfillmentInputArg,
        (args.message as string) ?? null,
      ),
    fulfillmentTrackingInfoUpdate: (args: Args) => fulfillmentTrackingInfoUpdate(ctx, args),
    fulfillmentTrackingInfoUpdateV2: (args: Args) => fulfillmentTrackingInfoUpdate(ctx, args),
    fulfillmentCancel: (args: Args) => fulfillmentCancel(ctx, args),
    fulfillmentServiceCreate: (args: Args) => fulfillmentServiceCreate(ctx, args),
    fulfillmentServiceUpdate: (args: Args) => fulfillmentServiceUpdate(ctx, args),
    fulfillmentServiceDelete: (args: Args) => fulfillmentServiceDelete(ctx, args),
    inventoryActivate: (args: Args) => inventoryActivate(ctx, args),
    inventoryDeactivate: (args: Args) => inventoryDeactivate(ctx, args),
    ...fulfillmentRequestMutations(ctx),
    carrierServiceCreate: (args: Args) => carrierServiceCreate(ctx, args.input as Args),
    carrierServiceUpdate: (args: Args) => carrierServiceUpdate(ctx, args.input as Args),
    carrierServiceDelete: (args: Args) => carrierServiceDelete(ctx, args),
    metafieldsSet: (args: Args) => metafieldsSet(ctx, args.metafields as Args[]),
    metafieldsDelete: (args: Args) => metafieldsDelete(ctx, args.metafields as Args[]),
    productSet: (args: Args) => productSet(ctx, args),
    productVariantsBulkUpdate: (args: Args) => productVariantsBulkUpdate(ctx, args),
    productDelete: (args: Args) => productDelete(ctx, args),
    stagedUploadsCreate: (args: Args) => stagedUploadsCreate(ctx, args.input as Args[]),
    validationCreate: (args: Args) => validationCreate(ctx, args.validation as Args),
    flowTriggerReceive: (args: Args) => flowTriggerReceive(ctx, args),
    orderUpdate: (args: Args) => orderUpdate(ctx, args),
    validationUpdate: (args: Args) => validationUpdate(ctx, args),
  };
}
