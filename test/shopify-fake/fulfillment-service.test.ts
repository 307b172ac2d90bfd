/**
 * The stand-in's fulfillment-service side, as an app sees it over the Admin API: the service
 * and its location, stocking, requests pinged to the callback, the service's answers, holds,
 * cancellations, and the refusals Shopify gives.
 */
import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_SCOPES, DEMO_IDS } from "../../sandbox/shopify";
import { API_SECRET, at, SHOP, startHarness, type FakeHarness } from "./helpers";

const CREATE_SERVICE = `#graphql
  mutation Register($name: String!, $callbackUrl: URL) {
    fulfillmentServiceCreate(name: $name, callbackUrl: $callbackUrl, trackingSupport: true) {
      fulfillmentService {
        id serviceName handle callbackUrl trackingSupport inventoryManagement type
        location { id name isActive isFulfillmentService fulfillmentService { id } }
      }
      userErrors { field message }
    }
  }`;

const STOCK = `#graphql
  mutation Stock($item: ID!, $location: ID!) {
    inventoryActivate(inventoryItemId: $item, locationId: $location) {
      inventoryLevel { id isActive canDeactivate location { id name } item { id } }
      userErrors { field message }
    }
  }`;

const ASSIGNED = `#graphql
  query Assigned($status: FulfillmentOrderAssignmentStatus) {
    assignedFulfillmentOrders(first: 5, assignmentStatus: $status) {
      nodes {
        id status requestStatus orderName
        supportedActions { action }
        fulfillmentHolds { id handle reason reasonNotes heldByRequestingApp }
        merchantRequests(first: 5) { nodes { kind message requestOptions responseData } }
        lineItems(first: 5) { nodes { id remainingQuantity lineItem { id } } }
      }
    }
  }`;

const ANSWER = (mutation: string, extra = "") => `#graphql
  mutation Answer($id: ID!, $message: String${extra ? `, ${extra}` : ""}) {
    ${mutation}(id: $id, message: $message${extra ? ", reason: $reason" : ""}) {
      fulfillmentOrder { id status requestStatus }
      userErrors { field message }
    }
  }`;

const HOLD = `#graphql
  mutation Hold($id: ID!, $hold: FulfillmentOrderHoldInput!) {
    fulfillmentOrderHold(id: $id, fulfillmentHold: $hold) {
      fulfillmentHold { id handle reason }
      fulfillmentOrder { id status }
      userErrors { field message code }
    }
  }`;

const RELEASE = `#graphql
  mutation Release($id: ID!) {
    fulfillmentOrderReleaseHold(id: $id) {
      fulfillmentOrder { id status }
      userErrors { field message code }
    }
  }`;

const FULFIL = `#graphql
  mutation Fulfil($fulfillment: FulfillmentInput!) {
    fulfillmentCreate(fulfillment: $fulfillment) {
      fulfillment { id status }
      userErrors { field message }
    }
  }`;

interface Ping {
  path: string;
  body: string;
  hmac: string | undefined;
  shop: string | undefined;
}

interface AssignedNode {
  id: string;
  status: string;
  requestStatus: string;
  supportedActions: { action: string }[];
  fulfillmentHolds: { handle: string; reason: string }[];
  merchantRequests: { nodes: { kind: string; message: string | null; responseData: unknown }[] };
  lineItems: { nodes: { id: string; remainingQuantity: number }[] };
}

describe("the stand-in as a fulfillment service's Shopify", () => {
  let h: FakeHarness;
  let callbackServer: Server;
  let callbackUrl: string;
  const pings: Ping[] = [];

  beforeAll(async () => {
    callbackServer = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        pings.push({
          path: req.url ?? "",
          body: Buffer.concat(chunks).toString("utf8"),
          hmac: req.headers["x-shopify-hmac-sha256"] as string | undefined,
          shop: req.headers["x-shopify-shop-domain"] as string | undefined,
        });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => callbackServer.listen(0, "127.0.0.1", resolve));
    callbackUrl = `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}/fulfillment-service`;
    h = await startHarness();
  });
  beforeEach(() => {
    h.fake.control.reset();
    pings.length = 0;
  });
  afterAll(async () => {
    await h.close();
    await new Promise((resolve) => callbackServer.close(resolve));
  });

  async function register(): Promise<{ serviceId: string; locationId: string }> {
    const { body } = await h.gql(CREATE_SERVICE, { name: "Print Connect", callbackUrl });
    const service = at<Record<string, unknown>>(
      body.data,
      "fulfillmentServiceCreate",
      "fulfillmentService",
    );
    return { serviceId: String(service.id), locationId: String(at(service, "location", "id")) };
  }

  /** A service with the photo book stocked at its location, and a paid mixed order. */
  async function mixedOrderAtService() {
    const { locationId } = await register();
    const stock = await h.gql(STOCK, {
      item: itemOf(DEMO_IDS.variants.photoBook24),
      location: locationId,
    });
    expect(at(stock.body.data, "inventoryActivate", "userErrors")).toEqual([]);
    const { order } = await h.fake.control.createOrder({
      lineItems: [
        { variantId: DEMO_IDS.variants.photoBook24, quantity: 2 },
        { variantId: DEMO_IDS.variants.toteBag, quantity: 1 },
      ],
      financialStatus: "PAID",
    });
    const ours = order.fulfillmentOrders.find((fo) => fo.location.id === locationId)!;
    const theirs = order.fulfillmentOrders.find((fo) => fo.location.id !== locationId)!;
    return { locationId, order, ours, theirs };
  }

  const itemOf = (variantGid: string) => variantGid.replace("ProductVariant", "InventoryItem");

  async function assigned(status?: string): Promise<AssignedNode[]> {
    const { body } = await h.gql(ASSIGNED, status ? { status } : {});
    expect(body.errors).toBeUndefined();
    return at<AssignedNode[]>(body.data, "assignedFulfillmentOrders", "nodes");
  }

  it("registers a service whose location is named after it, once per name", async () => {
    const first = await h.gql(CREATE_SERVICE, { name: "Print Connect", callbackUrl });
    const service = at<Record<string, unknown>>(
      first.body.data,
      "fulfillmentServiceCreate",
      "fulfillmentService",
    );
    expect(service).toMatchObject({
      serviceName: "Print Connect",
      handle: "print-connect",
      callbackUrl,
      trackingSupport: true,
      inventoryManagement: false,
      type: "THIRD_PARTY",
      location: { name: "Print Connect", isActive: true, isFulfillmentService: true },
    });
    expect(at(service, "location", "fulfillmentService", "id")).toBe(service.id);
    const again = await h.gql(CREATE_SERVICE, { name: "Print Connect", callbackUrl });
    expect(at(again.body.data, "fulfillmentServiceCreate")).toEqual({
      fulfillmentService: null,
      userErrors: [{ field: ["name"], message: "Name has already been taken" }],
    });
    const listed = await h.gql(`{ shop { fulfillmentServices { id serviceName } } }`);
    expect(at(listed.body.data, "shop", "fulfillmentServices")).toEqual([
      { id: service.id, serviceName: "Print Connect" },
    ]);
  });

  it("refuses to register without write_fulfillments", async () => {
    const narrow = await startHarness({ scopes: "read_products,read_orders" });
    try {
      const { body } = await narrow.gql(CREATE_SERVICE, { name: "Print Connect", callbackUrl });
      expect(Array.isArray(body.errors) && body.errors[0]?.extensions?.code).toBe("ACCESS_DENIED");
    } finally {
      await narrow.close();
    }
  });

  it("routes the lines of a variant stocked at the service to its location, the rest to the shop's", async () => {
    const { locationId, ours, theirs } = await mixedOrderAtService();
    expect(ours.lineItems.map((l) => l.totalQuantity)).toEqual([2]);
    expect(ours).toMatchObject({ status: "OPEN", requestStatus: "UNSUBMITTED" });
    expect(theirs.location.id).not.toBe(locationId);
    expect(h.fake.control.stockedAt(DEMO_IDS.variants.photoBook24)).toContainEqual({
      id: locationId,
      name: "Print Connect",
      service: true,
    });
    // Every variant is stocked at one of the shop's own locations too; the service's level can
    // be removed, the only level of an item cannot.
    const levelsOf = async (id: string) => {
      const { body } = await h.gql(
        `query L($id: ID!) { productVariant(id: $id) { inventoryItem { inventoryLevels(first: 5) { nodes { id location { id } } } } } }`,
        { id },
      );
      return at(body.data, "productVariant", "inventoryItem", "inventoryLevels", "nodes") as {
        id: string;
        location: { id: string };
      }[];
    };
    const toteLevels = await levelsOf(DEMO_IDS.variants.toteBag);
    expect(toteLevels).toHaveLength(1);
    expect(toteLevels[0]!.location.id).not.toBe(locationId);
    const deactivate = (id: string) =>
      h.gql(
        `mutation D($id: ID!) { inventoryDeactivate(inventoryLevelId: $id) { userErrors { field message } } }`,
        { id },
      );
    const only = await deactivate(toteLevels[0]!.id);
    expect(at(only.body.data, "inventoryDeactivate", "userErrors", 0, "message")).toMatch(
      /stocked at a minimum of 1 location/,
    );
    const ourLevel = (await levelsOf(DEMO_IDS.variants.photoBook24)).find(
      (l) => l.location.id === locationId,
    )!;
    const removed = await deactivate(ourLevel.id);
    expect(at(removed.body.data, "inventoryDeactivate", "userErrors")).toEqual([]);
    expect(h.fake.control.stockedAt(DEMO_IDS.variants.photoBook24).some((l) => l.service)).toBe(
      false,
    );
  });

  it("pings the callback, signed, when the merchant requests fulfillment; the app accepts it and then fulfils", async () => {
    const { ours, theirs } = await mixedOrderAtService();
    // Not requested yet: nothing to accept, nothing to fulfil.
    const early = await h.gql(ANSWER("fulfillmentOrderAcceptFulfillmentRequest"), { id: ours.id });
    expect(
      at(early.body.data, "fulfillmentOrderAcceptFulfillmentRequest", "userErrors", 0, "message"),
    ).toBe("Cannot accept fulfillment request for the fulfillment order with status UNSUBMITTED.");
    const sent = await h.fake.control.requestFulfillment(ours.id, { message: "Rush please" });
    expect(sent.fulfillmentOrder.requestStatus).toBe("SUBMITTED");
    expect(pings).toHaveLength(1);
    expect(pings[0]).toMatchObject({
      path: "/fulfillment-service/fulfillment_order_notification",
      body: JSON.stringify({ kind: "FULFILLMENT_REQUEST" }),
      shop: SHOP,
    });
    expect(pings[0]!.hmac).toBe(
      createHmac("sha256", API_SECRET).update(pings[0]!.body).digest("base64"),
    );
    const requested = await assigned("FULFILLMENT_REQUESTED");
    expect(requested.map((fo) => fo.id)).toEqual([ours.id]);
    expect(requested[0]!.merchantRequests.nodes[0]).toMatchObject({
      kind: "FULFILLMENT_REQUEST",
      message: "Rush please",
    });
    // Fulfilling what was not accepted is refused.
    const tooSoon = await h.gql(FULFIL, {
      fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: ours.id }] },
    });
    expect(at(tooSoon.body.data, "fulfillmentCreate", "userErrors", 0, "message")).toMatch(
      /unfulfillable request status= submitted/,
    );
    const accepted = await h.gql(ANSWER("fulfillmentOrderAcceptFulfillmentRequest"), {
      id: ours.id,
      message: "Sent to print as order 4711.",
    });
    expect(
      at(accepted.body.data, "fulfillmentOrderAcceptFulfillmentRequest", "fulfillmentOrder"),
    ).toEqual({
      id: ours.id,
      status: "IN_PROGRESS",
      requestStatus: "ACCEPTED",
    });
    const [inProgress] = await assigned("FULFILLMENT_ACCEPTED");
    expect(inProgress!.merchantRequests.nodes[0]!.responseData).toEqual({
      message: "Sent to print as order 4711.",
    });
    expect(inProgress!.supportedActions).toEqual([{ action: "CREATE_FULFILLMENT" }]);
    const fulfilled = await h.gql(FULFIL, {
      fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: ours.id }] },
    });
    expect(at(fulfilled.body.data, "fulfillmentCreate", "userErrors")).toEqual([]);
    const order = h.fake.control.listOrders().at(-1)!;
    expect(order.fulfillmentOrders.find((fo) => fo.id === ours.id)!.status).toBe("CLOSED");
    // The merchant's own lines are untouched.
    expect(order.fulfillmentOrders.find((fo) => fo.id === theirs.id)).toMatchObject({
      status: "OPEN",
      requestStatus: "UNSUBMITTED",
    });
  });

  it("with automatic fulfilment on, paying an order requests its lines at the service and pings it", async () => {
    const { locationId } = await register();
    await h.gql(STOCK, { item: itemOf(DEMO_IDS.variants.photoBook24), location: locationId });
    const lineItems = [
      { variantId: DEMO_IDS.variants.photoBook24, quantity: 1 },
      { variantId: DEMO_IDS.variants.toteBag, quantity: 1 },
    ];
    // Off, as in a new shop: a paid order waits for the merchant's request.
    const off = await h.fake.control.createOrder({ lineItems, financialStatus: "PAID" });
    expect(off.order.fulfillmentOrders.map((fo) => fo.requestStatus)).toEqual([
      "UNSUBMITTED",
      "UNSUBMITTED",
    ]);
    expect(pings).toEqual([]);

    h.fake.control.setAutomaticFulfillment(undefined, true);
    const pending = await h.fake.control.createOrder({ lineItems });
    // Not paid yet: nothing is requested.
    expect(pings).toEqual([]);
    const paid = await h.fake.control.markOrderPaid(pending.order.id);
    const ours = paid.order.fulfillmentOrders.find((fo) => fo.location.id === locationId)!;
    const theirs = paid.order.fulfillmentOrders.find((fo) => fo.location.id !== locationId)!;
    expect(ours.requestStatus).toBe("SUBMITTED");
    expect(ours.merchantRequests[0]).toMatchObject({
      kind: "FULFILLMENT_REQUEST",
      requestOptions: { notify_customer: true },
    });
    // The merchant's own lines are not a service's: Shopify asks nobody for them.
    expect(theirs.requestStatus).toBe("UNSUBMITTED");
    expect(pings.map((p) => p.body)).toEqual([JSON.stringify({ kind: "FULFILLMENT_REQUEST" })]);
    expect(paid.deliveries.map((d) => d.topic)).toContain("fulfillment_order_notification");
    // An order created paid is requested too.
    const created = await h.fake.control.createOrder({ lineItems, financialStatus: "PAID" });
    expect(
      created.order.fulfillmentOrders.find((fo) => fo.location.id === locationId)!.requestStatus,
    ).toBe("SUBMITTED");
    expect(pings).toHaveLength(2);
  });

  it("rejects a request with Shopify's reason, and the merchant can request again", async () => {
    const { ours, theirs } = await mixedOrderAtService();
    await h.fake.control.requestFulfillment(ours.id);
    // Lines named in a decline must be the fulfillment order's own.
    const REJECT_LINES = ANSWER(
      "fulfillmentOrderRejectFulfillmentRequest",
      "$reason: FulfillmentOrderRejectionReason, $lineItems: [IncomingRequestLineItemInput!]",
    ).replace("reason: $reason)", "reason: $reason, lineItems: $lineItems)");
    const foreign = await h.gql(REJECT_LINES, {
      id: ours.id,
      reason: "OTHER",
      lineItems: [{ fulfillmentOrderLineItemId: theirs.lineItems[0]!.id, message: "Not ours" }],
    });
    expect(
      at(foreign.body.data, "fulfillmentOrderRejectFulfillmentRequest", "userErrors", 0, "message"),
    ).toBe("The fulfillment order line item does not belong to this fulfillment order.");
    const rejected = await h.gql(
      ANSWER(
        "fulfillmentOrderRejectFulfillmentRequest",
        "$reason: FulfillmentOrderRejectionReason",
      ),
      { id: ours.id, message: "The address cannot be delivered to.", reason: "INCORRECT_ADDRESS" },
    );
    expect(
      at(rejected.body.data, "fulfillmentOrderRejectFulfillmentRequest", "fulfillmentOrder"),
    ).toMatchObject({
      status: "OPEN",
      requestStatus: "REJECTED",
    });
    const order = h.fake.control.listOrders().at(-1)!;
    expect(
      order.fulfillmentOrders.find((fo) => fo.id === ours.id)!.merchantRequests[0]!.responseData,
    ).toEqual({
      message: "The address cannot be delivered to.",
      reason: "INCORRECT_ADDRESS",
    });
    const again = await h.fake.control.requestFulfillment(ours.id);
    expect(again.fulfillmentOrder.requestStatus).toBe("SUBMITTED");
  });

  it("cancels a request not yet accepted at once, without asking the service", async () => {
    const { ours } = await mixedOrderAtService();
    await h.fake.control.requestFulfillment(ours.id);
    pings.length = 0;
    const cancelled = await h.fake.control.requestCancellation(ours.id);
    expect(cancelled.notification).toBeNull();
    expect(pings).toEqual([]);
    expect(cancelled.fulfillmentOrder.status).toBe("CLOSED");
    expect(cancelled.replacement).toMatchObject({ status: "OPEN", requestStatus: "UNSUBMITTED" });
  });

  it("asks the service to cancel accepted work; accepting closes it and leaves a new open one, rejecting keeps it", async () => {
    const { ours } = await mixedOrderAtService();
    await h.fake.control.requestFulfillment(ours.id);
    await h.gql(ANSWER("fulfillmentOrderAcceptFulfillmentRequest"), { id: ours.id });
    pings.length = 0;
    await h.fake.control.requestCancellation(ours.id, { message: "Customer changed their mind" });
    expect(pings.map((p) => p.body)).toEqual([JSON.stringify({ kind: "CANCELLATION_REQUEST" })]);
    expect((await assigned("CANCELLATION_REQUESTED")).map((fo) => fo.id)).toEqual([ours.id]);
    const rejected = await h.gql(ANSWER("fulfillmentOrderRejectCancellationRequest"), {
      id: ours.id,
      message: "Already printing; it ships on Tuesday.",
    });
    expect(
      at(rejected.body.data, "fulfillmentOrderRejectCancellationRequest", "fulfillmentOrder"),
    ).toMatchObject({
      status: "IN_PROGRESS",
      requestStatus: "CANCELLATION_REJECTED",
    });
    // Asked again, and accepted this time.
    await h.fake.control.requestCancellation(ours.id);
    const accepted = await h.gql(ANSWER("fulfillmentOrderAcceptCancellationRequest"), {
      id: ours.id,
    });
    expect(
      at(accepted.body.data, "fulfillmentOrderAcceptCancellationRequest", "fulfillmentOrder"),
    ).toMatchObject({
      status: "CLOSED",
      requestStatus: "CANCELLATION_ACCEPTED",
    });
    const open = await assigned();
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ status: "OPEN", requestStatus: "UNSUBMITTED" });
    expect(open[0]!.id).not.toBe(ours.id);
    // Accepting a cancellation nobody asked for is refused.
    const stray = await h.gql(ANSWER("fulfillmentOrderAcceptCancellationRequest"), {
      id: open[0]!.id,
    });
    expect(
      at(stray.body.data, "fulfillmentOrderAcceptCancellationRequest", "userErrors", 0, "message"),
    ).toBe("Cannot accept cancellation request for the fulfillment order with status UNSUBMITTED.");
  });

  it("cancelling the order asks the service to cancel what it accepted", async () => {
    const { order, ours } = await mixedOrderAtService();
    await h.fake.control.requestFulfillment(ours.id);
    await h.gql(ANSWER("fulfillmentOrderAcceptFulfillmentRequest"), { id: ours.id });
    pings.length = 0;
    await h.fake.control.cancelOrder(order.id);
    expect(pings.map((p) => p.body)).toEqual([JSON.stringify({ kind: "CANCELLATION_REQUEST" })]);
    expect((await assigned("CANCELLATION_REQUESTED")).map((fo) => fo.id)).toEqual([ours.id]);
  });

  it("holds with the app's handle, refuses a second hold with it, and releases back to open", async () => {
    const { ours } = await mixedOrderAtService();
    const hold = {
      reason: "OTHER",
      reasonNotes: "Waiting for your approval",
      handle: "print-connect-approval",
    };
    const held = await h.gql(HOLD, { id: ours.id, hold });
    expect(at(held.body.data, "fulfillmentOrderHold", "fulfillmentOrder", "status")).toBe(
      "ON_HOLD",
    );
    const [onHold] = await assigned();
    expect(onHold!.fulfillmentHolds).toEqual([
      expect.objectContaining({
        handle: "print-connect-approval",
        reason: "OTHER",
        heldByRequestingApp: true,
      }),
    ]);
    expect(onHold!.supportedActions).toEqual([{ action: "RELEASE_HOLD" }]);
    const twice = await h.gql(HOLD, { id: ours.id, hold });
    expect(at(twice.body.data, "fulfillmentOrderHold", "userErrors", 0, "code")).toBe(
      "DUPLICATE_FULFILLMENT_HOLD_HANDLE",
    );
    await expect(h.fake.control.requestFulfillment(ours.id)).rejects.toThrow(
      /unrequestable status= ON_HOLD/,
    );
    const released = await h.gql(RELEASE, { id: ours.id });
    expect(
      at(released.body.data, "fulfillmentOrderReleaseHold", "fulfillmentOrder", "status"),
    ).toBe("OPEN");
    const again = await h.gql(RELEASE, { id: ours.id });
    expect(at(again.body.data, "fulfillmentOrderReleaseHold", "userErrors", 0, "message")).toBe(
      "The fulfillment order is not on hold.",
    );
  });

  it("shows the service's fulfillment orders only to an app with the assigned scopes", async () => {
    const { order, ours } = await mixedOrderAtService();
    const ids = async () => {
      const { body } = await h.gql(
        `query O($id: ID!) { order(id: $id) { fulfillmentOrders(first: 5) { nodes { id } } } }`,
        { id: order.id },
      );
      return at<{ id: string }[]>(body.data, "order", "fulfillmentOrders", "nodes").map(
        (n) => n.id,
      );
    };
    expect(await ids()).toContain(ours.id);
    h.fake.control.setScopes(
      undefined,
      "read_orders,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders",
    );
    try {
      expect(await ids()).not.toContain(ours.id);
      expect(await ids()).toHaveLength(1);
    } finally {
      h.fake.control.setScopes(undefined, DEFAULT_SCOPES);
    }
  });

  it("removes the app's service when the app is uninstalled", async () => {
    const { locationId } = await register();
    await h.fake.control.uninstallApp();
    expect(h.fake.control.fulfillmentServices()).toEqual([]);
    expect(h.fake.control.stockedAt(DEMO_IDS.variants.photoBook24).some((l) => l.service)).toBe(
      false,
    );
    const shops = await fetch(`${h.fake.url}/__fake/shops`).then(
      (r) => r.json() as Promise<unknown[]>,
    );
    expect(JSON.stringify(shops)).toContain(locationId);
  });
});
