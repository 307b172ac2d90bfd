/**
 * Metafields of products and variants: `$app` namespaces resolved for the
 * calling app, and the `metafield` / `metafields` fields of their owners.
 */
import { GraphQLError } from "graphql";
import { gid, type MetafieldRecord } from "../../state";
import { iso, type Args, type GraphqlContext, type View } from "../context";
import { connection, type PagingArgs } from "../paging";

/**
 * `$app` -> `app--<app id>`, `$app:print_connect` -> `app--<app id>--print_connect`,
 * as Shopify resolves an app's reserved namespace; a missing namespace is `$app`.
 * Other namespaces are kept as given.
 */
export function resolveNamespace(ctx: GraphqlContext, namespace: unknown): string {
  const raw = typeof namespace === "string" && namespace !== "" ? namespace : "$app";
  if (raw === "$app") return `app--${ctx.appId}`;
  if (raw.startsWith("$app:")) return `app--${ctx.appId}--${raw.slice("$app:".length)}`;
  return raw;
}

function jsonValue(m: MetafieldRecord): unknown {
  switch (m.type) {
    case "number_integer":
    case "number_decimal":
      return Number(m.value);
    case "boolean":
      return m.value === "true";
    case "json":
    case "list.single_line_text_field":
      return JSON.parse(m.value) as unknown;
    default:
      return m.value;
  }
}

export function metafieldView(m: MetafieldRecord): View {
  return {
    __typename: "Metafield",
    id: gid("Metafield", m.id),
    legacyResourceId: String(m.id),
    namespace: m.namespace,
    key: m.key,
    type: m.type,
    value: m.value,
    jsonValue: () => jsonValue(m),
    ownerType: m.ownerType,
    createdAt: iso(m.createdAt),
    updatedAt: iso(m.updatedAt),
  };
}

export function ownerMetafields(
  ctx: GraphqlContext,
  ownerType: MetafieldRecord["ownerType"],
  ownerId: number,
): MetafieldRecord[] {
  return [...ctx.state.metafields.values()].filter(
    (m) => m.shop === ctx.shop.domain && m.ownerType === ownerType && m.ownerId === ownerId,
  );
}

/** The `metafield(namespace, key)` and `metafields(...)` fields of a product or variant view. */
export function metafieldFields(
  ctx: GraphqlContext,
  ownerType: MetafieldRecord["ownerType"],
  ownerId: number,
): View {
  return {
    metafield: (args: Args) => {
      const namespace = resolveNamespace(ctx, args.namespace);
      const found = ownerMetafields(ctx, ownerType, ownerId).find(
        (m) => m.namespace === namespace && m.key === args.key,
      );
      return found ? metafieldView(found) : null;
    },
    metafields: (args: Args & PagingArgs) => {
      let list = ownerMetafields(ctx, ownerType, ownerId);
      if (typeof args.namespace === "string") {
        const namespace = resolveNamespace(ctx, args.namespace);
        list = list.filter((m) => m.namespace === namespace);
      }
      if (Array.isArray(args.keys)) {
        // Each key is "namespace.key"; the namespace may be an `$app` one.
        const wanted = new Set(
          (args.keys as string[]).map((full) => {
            const dot = full.lastIndexOf(".");
            if (dot <= 0) {
              throw new GraphQLError(`Invalid metafield key '${full}': use namespace.key`, {
                extensions: { code: "BAD_REQUEST" },
              });
            }
            return `${resolveNamespace(ctx, full.slice(0, dot))}.${full.slice(dot + 1)}`;
          }),
        );
        list = list.filter((m) => wanted.has(`${m.namespace}.${m.key}`));
      }
      return connection(list, args, metafieldView);
    },
  };
}
