/** Query cost, a simplified form of Shopify's rules, and the limiter that charges it. */
import {
  Kind,
  getNamedType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from "graphql";
import type { Args } from "./context";
import { adminSchema } from "./schema";

export interface CostLimiter {
  /** Returns the throttle status after charging, or a THROTTLED error. */
  charge(
    shop: string,
    cost: number,
  ): {
    ok: boolean;
    status: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
  };
}

function argNumber(value: ValueNode | undefined, variables: Args): number | undefined {
  if (!value) return undefined;
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE) {
    const v = variables[value.name.value];
    return typeof v === "number" ? v : undefined;
  }
  if (value.kind === Kind.LIST) return value.values.length;
  return undefined;
}

function unwrap(type: GraphQLOutputType): { named: GraphQLNamedType; list: boolean } {
  let t: GraphQLOutputType = type;
  let list = false;
  while (isNonNullType(t) || isListType(t)) {
    if (isListType(t)) list = true;
    t = (t as { ofType: GraphQLOutputType }).ofType;
  }
  return { named: getNamedType(t), list };
}

function selectionCost(
  type: GraphQLNamedType,
  selectionSet: SelectionSetNode | undefined,
  fragments: Map<string, FragmentDefinitionNode>,
  variables: Args,
  depth: number,
): number {
  if (!selectionSet || depth > 30) return 0;
  let cost = 0;
  for (const sel of selectionSet.selections) {
    if (sel.kind === Kind.INLINE_FRAGMENT) {
      const t = sel.typeCondition
        ? (adminSchema.getType(sel.typeCondition.name.value) ?? type)
        : type;
      cost += selectionCost(t, sel.selectionSet, fragments, variables, depth + 1);
      continue;
    }
    if (sel.kind === Kind.FRAGMENT_SPREAD) {
      const frag = fragments.get(sel.name.value);
      if (frag) {
        const t = adminSchema.getType(frag.typeCondition.name.value) ?? type;
        cost += selectionCost(t, frag.selectionSet, fragments, variables, depth + 1);
      }
      continue;
    }
    if (!isObjectType(type) && !isInterfaceType(type)) continue;
    const field = type.getFields()[sel.name.value];
    if (!field) continue;
    const { named, list } = unwrap(field.type);
    if (isLeafType(named)) continue;
    const child = selectionCost(named, sel.selectionSet, fragments, variables, depth + 1);
    const argOf = (n: string) =>
      argNumber(sel.arguments?.find((a) => a.name.value === n)?.value, variables);
    if (named.name.endsWith("Connection")) {
      cost += 2 + (argOf("first") ?? argOf("last") ?? 1) * child;
    } else if (named.name.endsWith("Edge") || named.name === "PageInfo") {
      cost += child;
    } else if (list) {
      cost += (argOf("first") ?? argOf("ids") ?? 1) * (1 + child);
    } else {
      cost += 1 + child;
    }
  }
  return cost;
}

export function queryCost(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Args,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions)
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  if (operation.operation === "mutation") {
    return operation.selectionSet.selections.filter((s) => s.kind === Kind.FIELD).length * 10;
  }
  const root = adminSchema.getQueryType()!;
  return Math.max(1, selectionCost(root, operation.selectionSet, fragments, variables, 0));
}
