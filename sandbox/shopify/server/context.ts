/**
 * The server's state object: everything the HTTP handlers, the control API and
 * webhook delivery share (the fake's state, the clock, deliveries, the request
 * log, faults, rate-limit buckets). Each concern is a module of functions that
 * take it as their first argument.
 */
import type { CostLimiter } from "../graphql";
import { DEMO_SHOP_DOMAIN, type ShopSeed } from "../seed";
import { normalizeShopDomain } from "../session-token";
import { FakeState, type Clock, type ShopRecord } from "../state";
import { DEFAULT_SCOPES, DEFAULT_SUBSCRIPTIONS, type ShopifyFakeOptions } from "./options";
import { createCostLimiter, type CostBuckets } from "./rate-limit";
import type { FaultSpec, RequestLogEntry, WebhookDeliveryRecord } from "./records";

import type { MailStandIn } from "../../mail/server";

export interface FakeServerState {
  readonly options: ShopifyFakeOptions;
  /** The given clock plus what advanceClock() added. */
  readonly clock: Clock;
  clockOffset: number;
  /** The live state (replaced by reset()). */
  state: FakeState;
  /** Shops added with addShop(), seeded again by reset(). */
  readonly extraShops: ShopSeed[];
  appUrl: string | null;
  readonly subscriptions: Set<string>;
  readonly deliveries: WebhookDeliveryRecord[];
  /** Background deliveries, which waitForWebhooks() and close() wait for. */
  readonly inflight: Set<Promise<unknown>>;
  /** Background fetches of product images, which waitForMedia() and close() wait for. */
  readonly mediaWork: Set<Promise<unknown>>;
  /** The stand-in's own origin once it listens (staged uploads and product images are served there). */
  url: string | null;
  /** The local mail server, when started with smtpPort. */
  mail: MailStandIn | null;
  readonly log: RequestLogEntry[];
  faults: Array<FaultSpec & { remaining: number }>;
  readonly buckets: CostBuckets;
  readonly limiter: CostLimiter | null;
  readonly accessTtl: number;
  readonly refreshTtl: number;
  readonly onlineTtl: number;
}

export function createServerState(options: ShopifyFakeOptions): FakeServerState {
  const baseClock = options.clock ?? (() => Date.now());
  const clock: Clock = { now: () => baseClock() + fake.clockOffset };
  const buckets: CostBuckets = new Map();
  const fake: Omit<FakeServerState, "state"> = {
    options,
    clock,
    clockOffset: 0,
    extraShops: [],
    appUrl: options.appUrl?.replace(/\/$/, "") ?? null,
    subscriptions: new Set(options.subscriptions ?? DEFAULT_SUBSCRIPTIONS),
    deliveries: [],
    inflight: new Set<Promise<unknown>>(),
    mediaWork: new Set<Promise<unknown>>(),
    url: null,
    mail: null,
    log: [],
    faults: [],
    buckets,
    limiter: createCostLimiter(options, clock, buckets),
    accessTtl: options.accessTokenTtlSeconds ?? 3600,
    refreshTtl: options.refreshTokenTtlSeconds ?? 90 * 24 * 3600,
    onlineTtl: options.onlineTokenTtlSeconds ?? 86399,
  };
  return Object.assign(fake, { state: newFakeState(fake) });
}

/** A fresh FakeState from the seed (at start and on reset()). */
export function newFakeState(fake: Pick<FakeServerState, "options" | "clock">): FakeState {
  const { options, clock } = fake;
  const scopes = options.scopes ?? DEFAULT_SCOPES;
  return new FakeState({ shops: options.shops, clock, scopes, idBases: options.idBases }, clock);
}

/** The shop a control call names, or the demo shop. */
export function shopOf(fake: FakeServerState, domain?: string): ShopRecord {
  return fake.state.requireShop(domain ? normalizeShopDomain(domain) : DEMO_SHOP_DOMAIN);
}
