import "../support/app-env";
import { Prisma } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { answer503WhileDatabaseDown } from "~/lib/webhooks.server";
import { isDatabaseUnavailable, outageReason } from "~/services/database-outage";

/**
 * Which errors mean "the database is out of reach for now", in the shapes
 * Prisma 6 with @prisma/adapter-pg throws them (seen against a PostgreSQL that
 * was stopped, then restarting: test/scale/every-tier.test.ts), and what a
 * webhook answers then.
 */
const known = (code: string, message: string, meta?: Record<string, unknown>) =>
  new Prisma.PrismaClientKnownRequestError(message, { code, clientVersion: "6.19.3", meta });

const unreachable = known(
  "P2010",
  "\nInvalid `prisma.$queryRaw()` invocation:\n\n\nRaw query failed. Code: `N/A`. Message: `Can't reach database server at 127.0.0.1:5432`",
  { driverAdapterError: { name: "DriverAdapterError", cause: { kind: "DatabaseNotReachable" } } },
);
const adminShutdown = known("P2010", "Raw query failed. Code: `57P01`.", {
  driverAdapterError: {
    name: "DriverAdapterError",
    cause: { kind: "postgres", originalCode: "57P01", message: "terminating connection" },
  },
});
const startingUp = Object.assign(new Error("the database system is starting up"), {
  name: "DriverAdapterError",
  cause: { kind: "postgres", originalCode: "57P03" },
});
const closedMidQuery = new Prisma.PrismaClientUnknownRequestError(
  "\nInvalid `db.printOrder.findMany()` invocation:\n\n\nServer has closed the connection.",
  { clientVersion: "6.19.3" },
);
const poolTimeout = known("P2024", "Timed out fetching a new connection from the connection pool.");
const duplicate = known("P2002", "Unique constraint failed on the fields: (`id`)", {
  driverAdapterError: { cause: { kind: "UniqueConstraintViolation" } },
});

describe("isDatabaseUnavailable", () => {
  it("recognises a server out of reach, shutting down, starting up, and an exhausted pool", () => {
    for (const error of [unreachable, adminShutdown, startingUp, closedMidQuery, poolTimeout]) {
      expect(isDatabaseUnavailable(error)).toBe(true);
    }
    expect(
      isDatabaseUnavailable(new Prisma.PrismaClientInitializationError("no server", "6.19.3")),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error("x", { cause: { code: "ECONNREFUSED" } }))).toBe(true);
  });

  it("leaves every other error alone", () => {
    for (const error of [duplicate, new Error("boom"), new TypeError("x"), null, "text", 42]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
    const cycle: { cause?: unknown; message: string } = { message: "a cycle" };
    cycle.cause = cycle;
    expect(isDatabaseUnavailable(cycle)).toBe(false);
  });

  it("says why in one short line", () => {
    expect(outageReason(unreachable)).toBe(
      "Raw query failed. Code: `N/A`. Message: `Can't reach database server at 127.0.0.1:5432`",
    );
    expect(outageReason(unreachable)).not.toContain("\n");
  });
});

describe("a webhook while the database is down", () => {
  const args = (headers: Record<string, string> = {}) => ({
    request: new Request("https://print-connect.test/webhooks/orders/paid", {
      method: "POST",
      headers,
    }),
    params: {},
    context: {},
  });

  it("is answered 503 with Retry-After, so Shopify delivers it again", async () => {
    const action = answer503WhileDatabaseDown("orders/paid", async () => {
      throw unreachable;
    });
    const response = await action(
      args({ "x-shopify-shop-domain": "a.myshopify.com", "x-shopify-webhook-id": "w-1" }),
    );
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(503);
    expect((response as Response).headers.get("Retry-After")).toBe("30");
  });

  it("keeps the action's own answers and errors", async () => {
    const answered = answer503WhileDatabaseDown("orders/paid", async () => new Response("ok"));
    expect(await ((await answered(args())) as Response).text()).toBe("ok");

    const refused = answer503WhileDatabaseDown("orders/paid", async () => {
      throw new Response("Invalid webhook signature", { status: 401 });
    });
    await expect(refused(args())).rejects.toMatchObject({ status: 401 });

    const failing = answer503WhileDatabaseDown("orders/paid", async () => {
      throw duplicate;
    });
    await expect(failing(args())).rejects.toBe(duplicate);
  });
});
