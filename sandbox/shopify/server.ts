/**
 * The Shopify fake as a real HTTP server (node:http, port 0 by default):
 * OAuth token endpoint, Admin GraphQL, and a JSON control API under /__fake/.
 *
 * startShopifyFake wires the parts in server/: the state object they share
 * (context.ts), webhook delivery, the control API (as functions and over HTTP),
 * OAuth, Admin GraphQL and the HTTP server.
 */
import type { AddressInfo } from "node:net";
import type { JsonObject } from "./payloads";
import type { FakeState } from "./state";
import { createServerState } from "./server/context";
import { createControl, type ShopifyFakeControl } from "./server/control";
import { createHttpServer } from "./server/http";
import type { ShopifyFakeOptions } from "./server/options";
import { startMailStandIn, type MailStandIn } from "../mail/server";

export {
  DEFAULT_APP_ID,
  DEFAULT_SCOPES,
  DEFAULT_SUBSCRIPTIONS,
  type ShopifyFakeOptions,
} from "./server/options";
export type {
  DeliveryOptions,
  FaultSpec,
  RequestLogEntry,
  WebhookAttempt,
  WebhookDeliveryRecord,
} from "./server/records";
export type { OrderSnapshot } from "./server/snapshot";
export type { ShopifyFakeControl } from "./server/control";
export type { StagedUploadSummary } from "./server/control-catalogue";
export type { ChangeResult } from "./server/control-orders";
export type { MetafieldSnapshot, ProductSnapshot } from "./server/product-snapshot";
export type { ShippingRatesRequest, ShippingRatesResult } from "./server/shipping-rates";

export interface ShopifyFake {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** The local mail server (started with smtpPort), or null. */
  readonly mail: MailStandIn | null;
  /** The live state (replaced by reset()). */
  readonly state: FakeState;
  control: ShopifyFakeControl;
  close(): Promise<void>;
}

export async function startShopifyFake(options: ShopifyFakeOptions): Promise<ShopifyFake> {
  const fake = createServerState(options);
  const control = createControl(fake);
  const server = createHttpServer(fake, control);

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${options.host ?? "127.0.0.1"}:${port}`;
  fake.url = url;
  if (options.smtpPort !== undefined) {
    try {
      fake.mail = await startMailStandIn({
        port: options.smtpPort,
        host: options.host ?? "127.0.0.1",
      });
    } catch (error) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      throw error;
    }
  }

  return {
    url,
    port,
    mail: fake.mail,
    get state() {
      return fake.state;
    },
    control,
    async close() {
      await control.waitForWebhooks();
      await control.waitForMedia();
      await fake.mail?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

export type { JsonObject };
