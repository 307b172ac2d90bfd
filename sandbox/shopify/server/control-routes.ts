/** The control API over HTTP: JSON under /__fake/, one route per control function. */
import type { ShopSeed } from "../seed";
import { gid, type AddressInput, type CreateOrderSpec } from "../state";
import type { FakeServerState } from "./context";
import type { ShopifyFakeControl } from "./control";
import { onlineStoreRoute } from "./control-online-store";
import type { DeliveryOptions, FaultSpec, RequestLogEntry } from "./records";
import { mailRoute } from "./mail-page";
import { HttpReply } from "./reply";
import type { ShippingRatesRequest } from "./shipping-rates";

export async function handleControl(
  fake: FakeServerState,
  control: ShopifyFakeControl,
  method: string,
  parts: string[],
  url: URL,
  params: Record<string, unknown>,
): Promise<HttpReply> {
  const [a, b, c, d, e] = parts;
  const mail = !b && a ? mailRoute(fake, method, a) : null;
  if (mail) return mail;
  const body = params as Record<string, unknown> & DeliveryOptions;
  const delivery: DeliveryOptions = {
    deliver: body.deliver as boolean | undefined,
    topics: body.topics as string[] | undefined,
    duplicates: body.duplicates as number | undefined,
    concurrent: body.concurrent as boolean | undefined,
    wait: body.wait as boolean | undefined,
  };
  const shopParam = (body.shop as string | undefined) ?? url.searchParams.get("shop") ?? undefined;
  if (method === "GET" && a === "state") {
    return new HttpReply(200, {
      appUrl: fake.appUrl,
      shops: [...fake.state.shops.values()].map((s) => ({
        id: gid("Shop", s.id),
        domain: s.domain,
        name: s.name,
        installed: s.installed,
      })),
      orders: fake.state.orders.size,
      carrierServices: fake.state.carrierServices.size,
      webhookDeliveries: fake.deliveries.length,
      tokens: fake.state.accessTokens.size,
      // The local mail server, for app processes that join these stand-ins.
      smtpUrl: fake.mail?.url ?? null,
    });
  }
  if (method === "GET" && a === "shops") {
    return new HttpReply(
      200,
      [...fake.state.shops.values()].map((s) => ({
        id: gid("Shop", s.id),
        domain: s.domain,
        name: s.name,
        currencyCode: s.currencyCode,
        installed: s.installed,
        automaticFulfillment: s.automaticFulfillment,
        locations: [...fake.state.locations.values()]
          .filter((l) => l.shop === s.domain)
          .map((l) => ({ id: gid("Location", l.id), name: l.name, role: l.role })),
        variants: [...fake.state.variants.values()]
          .filter((v) => v.shop === s.domain)
          .map((v) => ({
            id: gid("ProductVariant", v.id),
            productId: gid("Product", v.productId),
            sku: v.sku,
            title: v.title,
            productTitle: fake.state.products.get(v.productId)?.title ?? "",
            productType: fake.state.products.get(v.productId)?.productType ?? "",
            print: fake.state.products.get(v.productId)?.print ?? false,
            price: v.price,
          })),
      })),
    );
  }
  if (method === "POST" && a === "shops" && b && c === "automatic-fulfillment") {
    control.setAutomaticFulfillment(decodeURIComponent(b), body.on === true);
    return new HttpReply(200, {
      shop: decodeURIComponent(b),
      automaticFulfillment: body.on === true,
    });
  }
  if (method === "POST" && a === "shops" && !b)
    return new HttpReply(201, control.addShop(params as unknown as ShopSeed));
  if (a === "app-url" && method === "POST") {
    control.setAppUrl(String(body.url));
    return new HttpReply(200, { appUrl: fake.appUrl });
  }
  if (a === "orders") {
    if (method === "GET" && !b) return new HttpReply(200, control.listOrders(shopParam));
    if (method === "POST" && !b)
      return new HttpReply(
        201,
        await control.createOrder(params as unknown as CreateOrderSpec, delivery),
      );
    if (b && method === "GET" && !c) {
      const order = control.getOrder(decodeURIComponent(b));
      return order
        ? new HttpReply(200, order)
        : new HttpReply(404, { error: `Unknown order ${b}` });
    }
    const id = decodeURIComponent(b ?? "");
    if (method === "POST" && c === "paid")
      return new HttpReply(200, await control.markOrderPaid(id, delivery));
    if (method === "POST" && c === "cancel") {
      return new HttpReply(
        200,
        await control.cancelOrder(id, {
          ...delivery,
          reason: body.reason as "CUSTOMER" | undefined,
          refund: body.refund as boolean | undefined,
        }),
      );
    }
    if ((method === "POST" || method === "PUT") && c === "shipping-address") {
      const address = (body.address ?? body) as AddressInput;
      return new HttpReply(200, await control.updateShippingAddress(id, address, delivery));
    }
    if (method === "POST" && c === "line-items" && d && e === "properties") {
      const value = body.value === null ? null : String(body.value ?? "");
      return new HttpReply(
        200,
        await control.setLineItemProperty(
          id,
          decodeURIComponent(d),
          String(body.name ?? ""),
          value,
          delivery,
        ),
      );
    }
  }
  if (a === "webhooks") {
    if (method === "GET" && !b) {
      return new HttpReply(
        200,
        control.listWebhookDeliveries({
          topic: url.searchParams.get("topic") ?? undefined,
          shop: url.searchParams.get("shop") ?? undefined,
        }),
      );
    }
    if (method === "POST" && b === "retry")
      return new HttpReply(200, await control.retryFailedWebhooks());
    if (method === "POST" && !b) {
      return new HttpReply(
        200,
        await control.sendWebhook({ ...(params as { topic: string }), ...delivery }),
      );
    }
  }
  if (method === "GET" && a === "flow-triggers" && !b)
    return new HttpReply(
      200,
      control.flowTriggerRuns({
        ...(shopParam ? { shop: shopParam } : {}),
        ...(url.searchParams.get("handle") ? { handle: url.searchParams.get("handle")! } : {}),
      }),
    );
  if (method === "GET" && a === "fulfillment-services")
    return new HttpReply(200, control.fulfillmentServices(shopParam));
  if (method === "GET" && a === "variants" && b && c === "stocked-at")
    return new HttpReply(200, control.stockedAt(decodeURIComponent(b)));
  if (method === "POST" && a === "fulfillment-orders" && b) {
    const id = decodeURIComponent(b);
    const message = typeof body.message === "string" ? body.message : undefined;
    if (c === "request-fulfillment") {
      const notifyCustomer =
        typeof body.notifyCustomer === "boolean" ? body.notifyCustomer : undefined;
      return new HttpReply(
        200,
        await control.requestFulfillment(id, { message, notifyCustomer, wait: body.wait }),
      );
    }
    if (c === "request-cancellation")
      return new HttpReply(
        200,
        await control.requestCancellation(id, { message, wait: body.wait }),
      );
    if (c === "move")
      return new HttpReply(200, control.moveFulfillmentOrder(id, String(body.locationId ?? "")));
  }
  if (method === "POST" && a === "app" && b === "uninstalled")
    return new HttpReply(200, await control.uninstallApp(shopParam, delivery));
  if (method === "GET" && a === "carrier-services")
    return new HttpReply(200, control.listCarrierServices(shopParam));
  if (method === "POST" && a === "carrier-services" && b === "rates") {
    return new HttpReply(200, await control.requestShippingRates(params as ShippingRatesRequest));
  }
  if (method === "GET" && a === "tokens") return new HttpReply(200, control.listTokens(shopParam));
  if (method === "POST" && a === "tokens" && b === "expire")
    return new HttpReply(200, { expired: control.expireAccessTokens(shopParam) });
  if (method === "POST" && a === "tokens" && b === "revoke")
    return new HttpReply(200, { revoked: control.revokeAccessTokens(shopParam) });
  if (method === "POST" && a === "clock" && b === "advance") {
    control.advanceClock(Number(body.ms ?? 0));
    return new HttpReply(200, { now: new Date(fake.clock.now()).toISOString() });
  }
  if (a === "faults") {
    if (method === "POST") {
      control.injectFault(params as unknown as FaultSpec);
      return new HttpReply(200, { faults: fake.faults });
    }
    if (method === "DELETE") {
      control.clearFaults();
      return new HttpReply(200, { faults: fake.faults });
    }
  }
  if (method === "GET" && a === "requests") {
    return new HttpReply(
      200,
      control.requestLog({
        kind: (url.searchParams.get("kind") as RequestLogEntry["kind"]) ?? undefined,
        shop: url.searchParams.get("shop") ?? undefined,
      }),
    );
  }
  if (method === "GET" && a === "products") {
    if (!b) {
      return new HttpReply(
        200,
        control.products(shopParam, {
          title: url.searchParams.get("title") ?? undefined,
          handle: url.searchParams.get("handle") ?? undefined,
        }),
      );
    }
    const product = control.product(decodeURIComponent(b), shopParam);
    return product
      ? new HttpReply(200, product)
      : new HttpReply(404, { error: `Unknown product ${b}` });
  }
  if (method === "GET" && a === "staged-uploads")
    return new HttpReply(200, control.stagedUploads(shopParam));
  if (method === "POST" && a === "media" && b === "wait") {
    await control.waitForMedia();
    return new HttpReply(200, { ok: true });
  }
  if (method === "POST" && a === "scopes") {
    control.setScopes(shopParam, String(body.scopes ?? ""));
    return new HttpReply(200, { ok: true });
  }
  const onlineStore = onlineStoreRoute(control, method, parts, body, shopParam, url);
  if (onlineStore) return new HttpReply(onlineStore.status, onlineStore.body);
  if (method === "POST" && a === "reset") {
    control.reset({ includeTokens: body.includeTokens === true });
    return new HttpReply(200, { ok: true });
  }
  return new HttpReply(404, { error: `No control route ${method} /__fake/${parts.join("/")}` });
}
