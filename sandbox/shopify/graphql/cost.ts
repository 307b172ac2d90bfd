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
  /**
   * Gives back what a query was charged beyond its actual cost, as Shopify does once the query
   * has run; returns the throttle status after.
   */
  refund(
    shop: string,
    points: number,
  ): { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
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

/** The document's named fragments. */
function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions)
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  return fragments;
}

export function queryCost(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Args,
): number {
  const fragments = fragmentsOf(document);
  if (operation.operation === "mutation") {
    return operation.selectionSet.selections.filter((s) => s.kind === Kind.FIELD).length * 10;
  }
  const root = adminSchema.getQueryType()!;
  return Math.max(1, selectionCost(root, operation.selectionSet, fragments, variables, 0));
}

type Data = Record<string, unknown>;

/**
 * The cost of what a query returned (Shopify's actualQueryCost): the requested cost's rules
 * applied to the objects and connection nodes in `data` rather than to every one `first` may
 * return. A connection costs 2 plus its returned nodes; an object that came back null costs
 * nothing. Mutations cost what they requested.
 */
export function actualQueryCost(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Args,
  data: unknown,
): number {
  const fragments = fragmentsOf(document);
  if (operation.operation === "mutation") return queryCost(document, operation, variables);
  const root = adminSchema.getQueryType()!;
  const returned = data && typeof data === "object" ? (data as Data) : {};
  return Math.max(1, returnedCost(root, operation.selectionSet, fragments, returned, 0));
}

function returnedCost(
  type: GraphQLNamedType,
  selectionSet: SelectionSetNode | undefined,
  fragments: Map<string, FragmentDefinitionNode>,
  data: Data,
  depth: number,
): number {
  if (!selectionSet || depth > 30) return 0;
  let cost = 0;
  for (const sel of selectionSet.selections) {
    if (sel.kind === Kind.INLINE_FRAGMENT || sel.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = sel.kind === Kind.FRAGMENT_SPREAD ? fragments.get(sel.name.value) : sel;
      if (!fragment) continue;
      const condition = fragment.typeCondition?.name.value;
      const t = condition ? (adminSchema.getType(condition) ?? type) : type;
      // A fragment on another type than the object returned finds none of its fields in `data`.
      cost += returnedCost(t, fragment.selectionSet, fragments, data, depth + 1);
      continue;
    }
    if (!isObjectType(type) && !isInterfaceType(type)) continue;
    const field = type.getFields()[sel.name.value];
    if (!field) continue;
    const { named } = unwrap(field.type);
    if (isLeafType(named)) continue;
    const value = data[sel.alias?.value ?? sel.name.value];
    if (value === null || value === undefined) continue;
    if (named.name.endsWith("Connection")) {
      // Each node costs its own fields; a connection's edges and nodes are two views of them.
      const connection = value as Data;
      const nodes = Array.isArray(connection.nodes)
        ? (connection.nodes as Data[])
        : Array.isArray(connection.edges)
          ? (connection.edges as Data[]).map((e) => (e?.node ?? {}) as Data)
          : [];
      const nodeType = connectionNodeType(named);
      const nodeSelection = connectionNodeSelection(sel.selectionSet);
      cost += 2;
      if (nodeType && nodeSelection)
        for (const node of nodes)
          if (node) cost += 1 + returnedCost(nodeType, nodeSelection, fragments, node, depth + 1);
      continue;
    }
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === null || typeof item !== "object") continue;
      const edgeOrPage = named.name.endsWith("Edge") || named.name === "PageInfo";
      cost +=
        (edgeOrPage ? 0 : 1) +
        returnedCost(named, sel.selectionSet, fragments, item as Data, depth + 1);
    }
  }
  return cost;
}

/** The type of a connection's nodes. */
function connectionNodeType(connection: GraphQLNamedType): GraphQLNamedType | null {
  if (!isObjectType(connection)) return null;
  const nodes = connection.getFields().nodes;
  return nodes ? unwrap(nodes.type).named : null;
}

/** What a connection's selection asks of each node, through `nodes { ... }` or `edges { node { ... } }`. */
function connectionNodeSelection(
  selectionSet: SelectionSetNode | undefined,
): SelectionSetNode | null {
  const selections: SelectionSetNode["selections"][number][] = [];
  for (const sel of selectionSet?.selections ?? []) {
    if (sel.kind !== Kind.FIELD) continue;
    if (sel.name.value === "nodes" && sel.selectionSet)
      selections.push(...sel.selectionSet.selections);
    if (sel.name.value === "edges")
      for (const inner of sel.selectionSet?.selections ?? [])
        if (inner.kind === Kind.FIELD && inner.name.value === "node" && inner.selectionSet)
          selections.push(...inner.selectionSet.selections);
  }
  return selections.length ? { kind: Kind.SELECTION_SET, selections } : null;
}
