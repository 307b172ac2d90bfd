import { describe, expect, it } from "vitest";
import { adminGraphql, ShopifyAdminError, userErrorsFailure, type AdminApi } from ".";

const answering = (body: unknown): AdminApi => ({
  graphql: async () => new Response(JSON.stringify(body)),
});
const throwing = (error: unknown): AdminApi => ({
  graphql: async () => {
    throw error;
  },
});

async function failureOf(admin: AdminApi): Promise<ShopifyAdminError> {
  const error = await adminGraphql(admin)("query { shop { name } }").catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ShopifyAdminError);
  return error as ShopifyAdminError;
}

describe("the Shopify Admin GraphQL client", () => {
  it("answers the data and passes the variables on", async () => {
    let seen: unknown;
    const admin: AdminApi = {
      graphql: async (_query, options) => {
        seen = options;
        return new Response(JSON.stringify({ data: { shop: { name: "Demo" } } }));
      },
    };
    expect(await adminGraphql(admin)("query", { id: 1 })).toEqual({ shop: { name: "Demo" } });
    expect(seen).toEqual({ variables: { id: 1 } });
  });

  it("waits for Shopify's bucket when throttled, recognising the library's error by shape", async () => {
    const error = await failureOf(
      throwing({
        message: "Throttled",
        body: {
          errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }],
          extensions: {
            cost: {
              requestedQueryCost: 230,
              throttleStatus: { currentlyAvailable: 30, restoreRate: 100 },
            },
          },
        },
      }),
    );
    expect(error).toMatchObject({ kind: "throttled", transient: true, retryAfterMs: 2000 });
  });

  it("takes network trouble, 429 and 5xx as transient, other statuses as refused", async () => {
    expect(await failureOf(throwing(new Error("socket hang up")))).toMatchObject({
      kind: "unavailable",
      transient: true,
      message: "Shopify could not be reached: socket hang up",
    });
    for (const code of [429, 502]) {
      expect((await failureOf(throwing({ response: { code } }))).kind).toBe("unavailable");
    }
    expect(await failureOf(throwing({ response: { code: 403 } }))).toMatchObject({
      kind: "refused",
      transient: false,
      retryAfterMs: undefined,
    });
  });

  it("refuses an answer with GraphQL errors or without data", async () => {
    expect(
      await failureOf(answering({ errors: [{ message: "Field 'x' doesn't exist" }] })),
    ).toMatchObject({
      kind: "refused",
      message: "Shopify answered with an error: Field 'x' doesn't exist",
    });
    expect((await failureOf(answering({}))).message).toBe(
      "Shopify answered with an error: no data",
    );
  });

  it("lets a Response thrown by the library pass, for the framework to answer", async () => {
    const reauthorize = new Response(null, { status: 401 });
    await expect(adminGraphql(throwing(reauthorize))("query")).rejects.toBe(reauthorize);
  });

  it("surfaces a mutation's userErrors as the same error", () => {
    const errors = [{ field: ["input"], message: "Callback URL is invalid" }, { message: "Taken" }];
    expect(userErrorsFailure(errors, "carrierServiceCreate")).toMatchObject({
      kind: "user_errors",
      transient: false,
      userErrors: errors,
      message: "carrierServiceCreate: Callback URL is invalid; Taken",
    });
    expect(userErrorsFailure(errors).message).toBe("Callback URL is invalid; Taken");
  });
});
