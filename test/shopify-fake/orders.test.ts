import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_IDS } from "../../sandbox/shopify";
import { at, startHarness, type FakeHarness } from "./helpers";

const ORDER = `#graphql
  query Order($id: ID!) {
    order(id: $id) {
      id name email displayFinancialStatus displayFulfillmentStatus currencyCode
      totalPriceSet { shopMoney { amount currencyCode } }
      shippingAddress { firstName lastName address1 city countryCodeV2 zip }
      lineItems(first: 20) { nodes { id title quantity sku variant { id } customAttributes { key value } } }
      fulfillmentOrders(first: 10) {
        nodes {
          id status requestStatus
          assignedLocation { name location { id } }
          lineItems(first: 20) { nodes { id totalQuantity remainingQuantity lineItem { id } } }
        }
      }
      fulfillments { id status trackingInfo { company number url } fulfillmentLineItems(first: 10) { nodes { lineItem { id } quantity } } }
    }
  }`;

const FULFILL = `#graphql
  mutation Fulfill($fulfillment: FulfillmentInput!) {
    fulfillmentCreate(fulfillment: $fulfillment, message: "Printed by Print Connect") {
      fulfillment { id status trackingInfo { company number url } }
      userErrors { field message }
    }
  }`;

interface FoNode {
  id: string;
  status: string;
  assignedLocation: { name: string; location: { id: string } };
  lineItems: {
    nodes: Array<{
      id: string;
      totalQuantity: number;
      remainingQuantity: number;
      lineItem: { id: string };
    }>;
  };
}

describe("orders, fulfillment orders and fulfillments", () => {
  let h: FakeHarness;
  beforeAll(async () => {
    h = await startHarness();
  });
  beforeEach(() => h.fake.control.reset());
  afterAll(async () => {
    await h.close();
  });

  async function mixedOrder() {
    const { order } = await h.fake.control.createOrder({
      lineItems: [
        {
          variantId: DEMO_IDS.variants.photoBook24,
          quantity: 2,
          properties: { "Print file": "https://files.example/book.pdf" },
        },
        { variantId: DEMO_IDS.variants.mug, quantity: 1 },
        { variantId: DEMO_IDS.variants.calendar, quantity: 1 },
      ],
      email: "buyer@example.com",
      shippingAddress: {
        firstName: "Jan",
        lastName: "Jansen",
        address1: "Damrak 1",
        city: "Amsterdam",
        zip: "1012 LG",
        countryCode: "NL",
      },
    });
    const res = await h.gql(ORDER, { id: order.id });
    expect(res.body.errors).toBeUndefined();
    return { order, data: at<Record<string, unknown>>(res.body.data, "order") };
  }

  const foAt = (data: Record<string, unknown>, location: string) =>
    at<FoNode[]>(data, "fulfillmentOrders", "nodes").find(
      (fo) => fo.assignedLocation.name === location,
    )!;

  it("creates an order whose fulfillment orders are split by location (print vs warehouse)", async () => {
    const { order, data } = await mixedOrder();
    expect(order.name).toBe("#1001");
    expect(data).toMatchObject({
      name: "#1001",
      email: "buyer@example.com",
      displayFinancialStatus: "PENDING",
      displayFulfillmentStatus: "UNFULFILLED",
      currencyCode: "EUR",
      totalPriceSet: { shopMoney: { amount: "105.80", currencyCode: "EUR" } }, // 2*34.95 + 11.00 + 19.95 + 4.95 shipping
      shippingAddress: {
        firstName: "Jan",
        lastName: "Jansen",
        countryCodeV2: "NL",
        zip: "1012 LG",
      },
    });
    const lines = at<Array<{ sku: string; customAttributes: unknown[]; variant: { id: string } }>>(
      data,
      "lineItems",
      "nodes",
    );
    expect(lines[0]).toMatchObject({
      sku: "PB-HC-A4P-24",
      variant: { id: DEMO_IDS.variants.photoBook24 },
      customAttributes: [{ key: "Print file", value: "https://files.example/book.pdf" }],
    });
    const print = foAt(data, "Print Connect");
    const warehouse = foAt(data, "Shop warehouse");
    expect(print.assignedLocation.location.id).toBe(DEMO_IDS.locations.printConnect);
    expect(print.lineItems.nodes.map((l) => l.totalQuantity)).toEqual([2, 1]);
    expect(warehouse.assignedLocation.location.id).toBe(DEMO_IDS.locations.warehouse);
    expect(warehouse.lineItems.nodes).toHaveLength(1);
  });

  it("lets the caller choose the print variants explicitly", async () => {
    const { order } = await h.fake.control.createOrder({
      lineItems: [{ variantId: DEMO_IDS.variants.mug }, { variantId: DEMO_IDS.variants.novel }],
      printVariantIds: [DEMO_IDS.variants.mug],
    });
    const byLocation = Object.fromEntries(
      order.fulfillmentOrders.map((fo) => [fo.location.name, fo.lineItems.map((l) => l.sku)]),
    );
    expect(byLocation).toEqual({
      "Print Connect": ["MUG-WHT-330"],
      "Shop warehouse": ["NOVEL-SC-QH"],
    });
  });

  it("fulfils only the print lines, rejects over-fulfilment with userErrors, then updates tracking", async () => {
    const { order, data } = await mixedOrder();
    const print = foAt(data, "Print Connect");
    const [book, calendar] = print.lineItems.nodes;

    const over = await h.gql(FULFILL, {
      fulfillment: {
        lineItemsByFulfillmentOrder: [
          {
            fulfillmentOrderId: print.id,
            fulfillmentOrderLineItems: [{ id: book!.id, quantity: 3 }],
          },
        ],
      },
    });
    expect(at(over.body.data, "fulfillmentCreate")).toEqual({
      fulfillment: null,
      userErrors: [
        {
          field: ["fulfillment"],
          message: "Invalid fulfillment order line item quantity requested.",
        },
      ],
    });

    const partial = await h.gql(FULFILL, {
      fulfillment: {
        lineItemsByFulfillmentOrder: [
          {
            fulfillmentOrderId: print.id,
            fulfillmentOrderLineItems: [{ id: book!.id, quantity: 2 }],
          },
        ],
        notifyCustomer: true,
        trackingInfo: {
          company: "PostNL",
          number: "3SABCD123",
          url: "https://jouw.postnl.nl/track/3SABCD123",
        },
      },
    });
    expect(at(partial.body.data, "fulfillmentCreate", "userErrors")).toEqual([]);
    expect(at(partial.body.data, "fulfillmentCreate", "fulfillment")).toMatchObject({
      status: "SUCCESS",
      trackingInfo: [
        { company: "PostNL", number: "3SABCD123", url: "https://jouw.postnl.nl/track/3SABCD123" },
      ],
    });
    let snap = h.fake.control.getOrder(order.id)!;
    expect(snap.fulfillmentOrders.find((fo) => fo.location.name === "Print Connect")).toMatchObject(
      { status: "IN_PROGRESS" },
    );
    expect(snap.fulfillmentStatus).toBe("PARTIALLY_FULFILLED");

    // The rest of the print FO (calendar) without explicit lines: everything remaining.
    const rest = await h.gql(FULFILL, {
      fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: print.id }] },
    });
    expect(at(rest.body.data, "fulfillmentCreate", "userErrors")).toEqual([]);
    snap = h.fake.control.getOrder(order.id)!;
    const printFo = snap.fulfillmentOrders.find((fo) => fo.location.name === "Print Connect")!;
    expect(printFo.status).toBe("CLOSED");
    expect(printFo.lineItems.map((l) => l.remainingQuantity)).toEqual([0, 0]);
    expect(
      snap.fulfillmentOrders.find((fo) => fo.location.name === "Shop warehouse"),
    ).toMatchObject({ status: "OPEN" });
    expect(snap.fulfillments[1]!.lineItems).toEqual([
      { lineItemId: calendar!.lineItem.id, quantity: 1 },
    ]);

    const closed = await h.gql(FULFILL, {
      fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: print.id }] },
    });
    expect(at(closed.body.data, "fulfillmentCreate", "userErrors")).toEqual([
      {
        field: ["fulfillment"],
        message: expect.stringContaining("has an unfulfillable status= closed"),
      },
    ]);

    const fulfillmentId = snap.fulfillments[0]!.id;
    const update = await h.gql(
      `mutation ($id: ID!, $info: FulfillmentTrackingInput!) {
        fulfillmentTrackingInfoUpdate(fulfillmentId: $id, trackingInfoInput: $info, notifyCustomer: true) {
          fulfillment { id trackingInfo { company number url } }
          userErrors { field message }
        }
      }`,
      { id: fulfillmentId, info: { company: "DHL", numbers: ["JD0001", "JD0002"] } },
    );
    expect(at(update.body.data, "fulfillmentTrackingInfoUpdate")).toEqual({
      fulfillment: {
        id: fulfillmentId,
        trackingInfo: [
          { company: "DHL", number: "JD0001", url: null },
          { company: "DHL", number: "JD0002", url: null },
        ],
      },
      userErrors: [],
    });
    const history = h.fake.control.getOrder(order.id)!.fulfillments[0]!.trackingHistory;
    expect(history.map((x) => x.notifyCustomer)).toEqual([true, true]);

    const missing = await h.gql(
      `mutation { fulfillmentTrackingInfoUpdate(fulfillmentId: "gid://shopify/Fulfillment/1", trackingInfoInput: { number: "x" }) { userErrors { field message } } }`,
    );
    expect(at(missing.body.data, "fulfillmentTrackingInfoUpdate", "userErrors")).toEqual([
      { field: ["fulfillmentId"], message: "Fulfillment does not exist." },
    ]);

    const orderView = await h.gql(ORDER, { id: order.id });
    expect(at(orderView.body.data, "order", "fulfillments")).toHaveLength(2);
  });

  it("refuses to fulfil a cancelled order", async () => {
    const { order, data } = await mixedOrder();
    await h.fake.control.cancelOrder(order.id, { deliver: false });
    const res = await h.gql(FULFILL, {
      fulfillment: {
        lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: foAt(data, "Print Connect").id }],
      },
    });
    expect(at(res.body.data, "fulfillmentCreate", "userErrors")).toMatchObject([
      { message: expect.stringContaining("status= closed") },
    ]);
  });

  it("edits address and line item properties, marks paid and cancels through the control API over HTTP", async () => {
    const created = await fetch(`${h.fake.url}/__fake/orders`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        lineItems: [{ variantId: DEMO_IDS.variants.novel, quantity: 1 }],
        deliver: false,
      }),
    });
    expect(created.status).toBe(201);
    const { order } = (await created.json()) as {
      order: { id: string; lineItems: Array<{ id: string }> };
    };
    const post = async (path: string, body: unknown) =>
      (await fetch(`${h.fake.url}/__fake/orders/${encodeURIComponent(order.id)}/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...(body as object), deliver: false }),
      }).then((r) => r.json())) as {
        order: {
          financialStatus: string;
          shippingAddress: { city: string };
          lineItems: Array<{ properties: unknown }>;
          cancelledAt: string | null;
        };
      };
    expect((await post("paid", {})).order.financialStatus).toBe("PAID");
    expect(
      (await post("shipping-address", { address: { city: "Utrecht", zip: "3511 AA" } })).order
        .shippingAddress.city,
    ).toBe("Utrecht");
    const lineId = encodeURIComponent(order.lineItems[0]!.id);
    expect(
      (
        await post(`line-items/${lineId}/properties`, {
          name: "Print file",
          value: "https://files.example/v2.pdf",
        })
      ).order.lineItems[0]!.properties,
    ).toEqual([{ name: "Print file", value: "https://files.example/v2.pdf" }]);
    const cancelled = await post("cancel", { reason: "CUSTOMER" });
    expect(cancelled.order.cancelledAt).not.toBeNull();
    expect(cancelled.order.financialStatus).toBe("REFUNDED");
    const list = (await fetch(`${h.fake.url}/__fake/orders`).then((r) => r.json())) as unknown[];
    expect(list).toHaveLength(1);
  });
});

describe("carrier services", () => {
  let h: FakeHarness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it("creates, lists, updates and deletes a carrier service", async () => {
    const create = await h.gql(
      `mutation ($input: DeliveryCarrierServiceCreateInput!) {
        carrierServiceCreate(input: $input) { carrierService { id name formattedName callbackUrl active supportsServiceDiscovery } userErrors { field message code } }
      }`,
      {
        input: {
          name: "Print Connect Shipping",
          callbackUrl: "https://app.example.com/carrier/rates",
          active: true,
          supportsServiceDiscovery: true,
        },
      },
    );
    const created = at<{ id: string }>(create.body.data, "carrierServiceCreate", "carrierService");
    expect(created).toMatchObject({
      name: "Print Connect Shipping",
      active: true,
      callbackUrl: "https://app.example.com/carrier/rates",
    });

    const dup = await h.gql(
      `mutation { carrierServiceCreate(input: { name: "Print Connect Shipping", callbackUrl: "https://x.example", active: true, supportsServiceDiscovery: false }) { carrierService { id } userErrors { field message code } } }`,
    );
    expect(at(dup.body.data, "carrierServiceCreate", "userErrors")).toMatchObject([
      { code: "CARRIER_SERVICE_CREATE_FAILED" },
    ]);

    const list = await h.gql(`{ carrierServices(first: 10) { nodes { id name active } } }`);
    expect(at(list.body.data, "carrierServices", "nodes")).toEqual([
      { id: created.id, name: "Print Connect Shipping", active: true },
    ]);
    expect(h.fake.control.listCarrierServices()).toHaveLength(1);

    const update = await h.gql(
      `mutation ($id: ID!) { carrierServiceUpdate(input: { id: $id, active: false }) { carrierService { active } userErrors { message } } }`,
      {
        id: created.id,
      },
    );
    expect(at(update.body.data, "carrierServiceUpdate")).toEqual({
      carrierService: { active: false },
      userErrors: [],
    });

    const del = await h.gql(
      `mutation ($id: ID!) { carrierServiceDelete(id: $id) { deletedId userErrors { field message code } } }`,
      { id: created.id },
    );
    expect(at(del.body.data, "carrierServiceDelete")).toEqual({
      deletedId: created.id,
      userErrors: [],
    });
    const again = await h.gql(
      `mutation ($id: ID!) { carrierServiceDelete(id: $id) { deletedId userErrors { code } } }`,
      { id: created.id },
    );
    expect(at(again.body.data, "carrierServiceDelete")).toEqual({
      deletedId: null,
      userErrors: [{ code: "CARRIER_SERVICE_DELETE_FAILED" }],
    });
    expect(h.fake.control.listCarrierServices()).toEqual([]);
  });
});
