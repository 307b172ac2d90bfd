/**
 * Admin GraphQL execution for the fake: graphql-js over the SDL subset, with
 * Shopify-like access-scope checks, pagination, query cost, throttling and
 * error shapes. This file runs a request; graphql/ holds the parts: views,
 * queries and mutations, access scopes, paging, cost, errors and deprecations.
 */
import {
  GraphQLError,
  Kind,
  execute,
  parse,
  validate,
  type DocumentNode,
  type OperationDefinitionNode,
} from "graphql";
import type { Args, GraphqlContext } from "./graphql/context";
import { actualQueryCost, queryCost, type CostLimiter } from "./graphql/cost";
import { deprecatedUses } from "./graphql/deprecations";
import {
  locations,
  staticPaths,
  syntaxError,
  validationError,
  variableError,
  type ShopifyGraphqlError,
} from "./graphql/errors";
import { rootValue } from "./graphql/root";
import { adminSchema } from "./graphql/schema";

export { adminSchema } from "./graphql/schema";
export { iso, type ApiChange, type GraphqlContext } from "./graphql/context";
export { queryCost, type CostLimiter } from "./graphql/cost";
export { deprecatedUses } from "./graphql/deprecations";

export interface GraphqlRequestBody {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

export interface GraphqlOutcome {
  body: { data?: unknown; errors?: ShopifyGraphqlError[]; extensions?: Record<string, unknown> };
  /** Deprecated fields and enum values the request uses, as `Type.field` (Shopify's header). */
  deprecations: string[];
  operationName: string | null;
  operationType: "query" | "mutation" | null;
  rootFields: string[];
  requestedCost: number;
  /** Errors thrown by resolvers that were not GraphQLErrors (bugs in the fake or unexpected input). */
  internalErrors: Error[];
}

export interface RunOptions {
  /**
   * Refuse a request that uses a deprecated field or enum value (an error, nothing run).
   * Real Shopify answers it and only names the deprecations in a header; tests use this
   * so that the app selecting one fails.
   */
  rejectDeprecated?: boolean;
}

export function runAdminGraphql(
  ctx: GraphqlContext,
  request: GraphqlRequestBody,
  limiter: CostLimiter | null,
  options: RunOptions = {},
): GraphqlOutcome {
  const outcome = (
    body: GraphqlOutcome["body"],
    extra: Partial<GraphqlOutcome> = {},
  ): GraphqlOutcome => ({
    body,
    deprecations: [],
    operationName: null,
    operationType: null,
    rootFields: [],
    requestedCost: 0,
    internalErrors: [],
    ...extra,
  });
  const source = typeof request.query === "string" ? request.query : "";
  let document: DocumentNode;
  try {
    document = parse(source);
  } catch (e) {
    return outcome({
      errors: [e instanceof GraphQLError ? syntaxError(e) : { message: String(e) }],
    });
  }
  const paths = staticPaths(document);
  const validationErrors = validate(adminSchema, document);
  if (validationErrors.length) {
    return outcome({ errors: validationErrors.map((e) => validationError(e, paths)) });
  }
  const deprecated = deprecatedUses(document);
  const deprecations = deprecated.map((d) => d.coordinate);
  if (options.rejectDeprecated && deprecated.length) {
    return outcome(
      {
        errors: deprecated.map((d) => ({
          message: `${d.coordinate} is deprecated. ${d.reason}`,
          extensions: { code: "DEPRECATED_FIELD", coordinate: d.coordinate },
        })),
      },
      { deprecations },
    );
  }
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operationName =
    typeof request.operationName === "string" && request.operationName
      ? request.operationName
      : null;
  const operation = operationName
    ? operations.find((o) => o.name?.value === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  if (!operation) {
    return outcome({
      errors: [
        {
          message: operationName
            ? `No operation named "${operationName}"`
            : "An operation name is required",
          extensions: { code: "BAD_REQUEST" },
        },
      ],
    });
  }
  if (operation.operation === "subscription") {
    return outcome({
      errors: [{ message: "Subscriptions are not supported", extensions: { code: "BAD_REQUEST" } }],
    });
  }
  const variables = (
    request.variables && typeof request.variables === "object" ? request.variables : {}
  ) as Args;
  const requestedCost = queryCost(document, operation, variables);
  const meta = {
    deprecations,
    operationName: operation.name?.value ?? null,
    operationType: operation.operation as "query" | "mutation",
    rootFields: operation.selectionSet.selections.flatMap((s) =>
      s.kind === Kind.FIELD ? [s.name.value] : [],
    ),
    requestedCost,
  };
  if (requestedCost > 1000) {
    return outcome(
      {
        errors: [
          {
            message: `Query cost is ${requestedCost}, which exceeds the single query max cost limit (1000).`,
            extensions: {
              code: "MAX_COST_EXCEEDED",
              cost: requestedCost,
              maxCost: 1000,
              documentation: "https://shopify.dev/api/usage/rate-limits",
            },
          },
        ],
      },
      meta,
    );
  }
  let throttleStatus = { maximumAvailable: 2000, currentlyAvailable: 2000, restoreRate: 100 };
  if (limiter) {
    const charged = limiter.charge(ctx.shop.domain, requestedCost);
    throttleStatus = charged.status;
    if (!charged.ok) {
      return outcome(
        {
          errors: [
            {
              message: "Throttled",
              extensions: {
                code: "THROTTLED",
                documentation: "https://shopify.dev/api/usage/rate-limits",
              },
            },
          ],
          extensions: {
            cost: { requestedQueryCost: requestedCost, actualQueryCost: null, throttleStatus },
          },
        },
        meta,
      );
    }
  }
  const result = execute({
    schema: adminSchema,
    document,
    rootValue: rootValue(ctx),
    contextValue: ctx,
    variableValues: variables,
    operationName: operation.name?.value,
  });
  if (result instanceof Promise)
    throw new Error("resolvers of the Shopify fake must be synchronous");
  const internalErrors: Error[] = [];
  const errors = result.errors?.map((e): ShopifyGraphqlError => {
    const variable = variableError(e, operation);
    if (variable) return variable;
    if (e.originalError && !(e.originalError instanceof GraphQLError)) {
      internalErrors.push(e.originalError);
      return {
        message: "Internal error. Looks like something went wrong on our end.",
        locations: locations(e),
        path: e.path ? [...e.path] : undefined,
        extensions: { code: "INTERNAL_SERVER_ERROR" },
      };
    }
    return {
      message: e.message,
      locations: locations(e),
      ...(e.path ? { path: [...e.path] } : {}),
      ...(e.extensions && Object.keys(e.extensions).length ? { extensions: e.extensions } : {}),
    };
  });
  const isVariableFailure = !("data" in result) || result.data === undefined;
  // As Shopify does once a query has run: what it returned is charged, the rest given back.
  const actualCost = Math.min(
    requestedCost,
    actualQueryCost(document, operation, variables, result.data),
  );
  if (limiter) throttleStatus = limiter.refund(ctx.shop.domain, requestedCost - actualCost);
  return {
    body: {
      ...(errors?.length ? { errors } : {}),
      ...(isVariableFailure ? {} : { data: result.data ?? null }),
      extensions: {
        cost: { requestedQueryCost: requestedCost, actualQueryCost: actualCost, throttleStatus },
      },
    },
    ...meta,
    internalErrors,
  };
}
