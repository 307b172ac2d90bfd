import { randomUUID } from "node:crypto";
import type {
  Prisma,
  PrismaClient,
  PrintOrder,
  PrintOrderItem,
  Shop,
  ShopOrder,
} from "@prisma/client";
import {
  FacilityConflictError,
  type FileDetailsInput,
  type Offering,
  type OrderDetails,
  type PrintClient,
} from "../print";
import { eventRow, type NewEvent } from "./events";
import { AttentionError, classifyFailure, type AttentionReason } from "./failures";
import { offeringLimitProblems } from "./limits";
import { fileProperty, mapShippingAddress, orderReference } from "./plan";
import { httpUrlOrNull, isHttpUrl } from "../safe-url";
import {
  FULFILLMENT_CREATE_MUTATION,
  fulfilmentDataTruncated,
  fulfilmentLines,
  ORDER_FULFILMENT_QUERY,
  ShopifyGraphqlError,
  TRACKING_UPDATE_MUTATION,
  type FulfillmentCreateData,
  type OrderFulfilmentData,
  type ShopifyAdmin,
  type TrackingUpdateData,
} from "./shopify-admin";
import { shopifyOrderSchema, lineItemGid, orderGid } from "./shopify-order";
import {
  interpretServiceState,
  isPrintOrderStatus,
  itemStateAdvances,
  itemStateLabel,
  movesForward,
  noteUnknownState,
  RESTING_STATUSES,
  serviceStateAdvances,
  serviceStateLabel,
  type PrintOrderStatus,
} from "./status";

export interface WorkerLogger {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface FulfilmentDeps {
  db: PrismaClient;
  /** The print-service client for a shop, or null when the shop has not connected one. */
  printClientFor(shop: Shop): Promise<PrintClient | null>;
  shopify: ShopifyAdmin;
  logger: WorkerLogger;
  now?: () => Date;
  random?: () => number;
}

export interface WorkerOptions {
  workerId?: string;
  /** How long a claim lasts; a crashed worker's claims expire after this. */
  leaseMs?: number;
  batchSize?: number;
  concurrency?: number;
  /** Sleep between empty polls. */
  idlePollMs?: number;
  /** How often a paid order is re-read when no status callback arrives. */
  followIntervalMs?: number;
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** Steps one claim may take before giving others a turn. */
  stepsPerClaim?: number;
  /** How long the offering list is trusted for limit checks. */
  catalogueTtlMs?: number;
}

/** No worker holds the row: never claimed, released, or its claim expired (a crashed worker). */
export function leaseFree(now: Date): Prisma.PrintOrderWhereInput {
  return { OR: [{ leaseExpiresAt: null }, { leaseExpiresAt: { lt: now } }] };
}

/** Far enough ahead to mean "not until something changes". */
export const NOT_SCHEDULED = new Date("9999-12-31T00:00:00Z");

type Loaded = PrintOrder & { items: PrintOrderItem[]; shopOrder: ShopOrder };

interface StepResult {
  data: Prisma.PrintOrderUpdateManyMutationInput & { status?: PrintOrderStatus };
  events: Omit<NewEvent, "shop" | "shopOrderId" | "printOrderId">[];
  /** Item states read from the service that move an item forward. */
  items?: { id: string; serviceState: string }[];
  /** Go straight on with the next step under the same claim. */
  continue: boolean;
}

class LeaseLostError extends Error {}

const done = (
  data: StepResult["data"],
  events: StepResult["events"] = [],
  next = false,
): StepResult => ({ data, events, continue: next });

/**
 * Drives print orders through their pipeline. Any number of workers may run
 * against one database: a worker acts on a print order only while it holds an
 * unexpired lease on it, taken with a conditional update (compare-and-set).
 */
export class FulfilmentWorker {
  readonly id: string;
  private readonly o: Required<Omit<WorkerOptions, "workerId">>;
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly catalogue = new Map<string, { at: number; offerings: Map<number, Offering> }>();
  private running = false;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly deps: FulfilmentDeps,
    options: WorkerOptions = {},
  ) {
    this.id = options.workerId ?? `worker-${randomUUID().slice(0, 8)}`;
    this.o = {
      leaseMs: options.leaseMs ?? 60_000,
      batchSize: options.batchSize ?? 20,
      concurrency: options.concurrency ?? 4,
      idlePollMs: options.idlePollMs ?? 1_000,
      followIntervalMs: options.followIntervalMs ?? 10 * 60_000,
      baseBackoffMs: options.baseBackoffMs ?? 5_000,
      maxBackoffMs: options.maxBackoffMs ?? 15 * 60_000,
      stepsPerClaim: options.stepsPerClaim ?? 6,
      catalogueTtlMs: options.catalogueTtlMs ?? 10 * 60_000,
    };
    this.now = deps.now ?? (() => new Date());
    this.random = deps.random ?? Math.random;
  }

  /** Claims what is due and works it; resolves with how many print orders it acted on. */
  async runOnce(): Promise<number> {
    const claimed = await this.claim();
    let next = 0;
    const lanes = Array.from({ length: Math.min(this.o.concurrency, claimed.length) }, async () => {
      while (next < claimed.length) {
        const id = claimed[next++]!;
        await this.process(id);
      }
    });
    await Promise.all(lanes);
    return claimed.length;
  }

  /** Runs until every due print order is worked (for tests and the demo). */
  async drain(maxRounds = 1_000): Promise<void> {
    for (let round = 0; round < maxRounds; round++) {
      if ((await this.runOnce()) === 0) return;
    }
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        let worked = 0;
        try {
          worked = await this.runOnce();
        } catch (error) {
          this.deps.logger.error({ err: error, worker: this.id }, "fulfilment worker round failed");
        }
        if (worked === 0 && this.running) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, this.o.idlePollMs);
            this.wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          this.wake = undefined;
        }
      }
    })();
  }

  /** Wakes an idle worker at once (new work was stored). */
  nudge(): void {
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  // Claiming ---------------------------------------------------------------------------------

  private async claim(): Promise<string[]> {
    const now = this.now();
    const due = await this.deps.db.printOrder.findMany({
      where: {
        status: { notIn: [...RESTING_STATUSES] },
        nextAttemptAt: { lte: now },
        ...leaseFree(now),
      },
      orderBy: { nextAttemptAt: "asc" },
      take: this.o.batchSize,
      select: { id: true },
    });
    const claimed: string[] = [];
    for (const { id } of due) {
      // The compare-and-set repeats every condition of the selection: another
      // worker may have worked this row and rescheduled it since it was read.
      const { count } = await this.deps.db.printOrder.updateMany({
        where: {
          id,
          status: { notIn: [...RESTING_STATUSES] },
          nextAttemptAt: { lte: now },
          ...leaseFree(now),
        },
        data: { leaseOwner: this.id, leaseExpiresAt: new Date(now.getTime() + this.o.leaseMs) },
      });
      if (count === 1) claimed.push(id);
    }
    return claimed;
  }

  // Processing -------------------------------------------------------------------------------

  private async load(id: string): Promise<Loaded | null> {
    return this.deps.db.printOrder.findFirst({
      where: { id, leaseOwner: this.id },
      include: { items: true, shopOrder: true },
    });
  }

  private async process(id: string): Promise<void> {
    for (let step = 0; step < this.o.stepsPerClaim; step++) {
      const order = await this.load(id);
      if (!order) return; // lease lost
      const last = step === this.o.stepsPerClaim - 1;
      let result: StepResult;
      try {
        result = await this.step(order);
        // A step that went through clears the last temporary problem.
        result.data = {
          lastErrorCode: null,
          lastErrorMessage: null,
          lastErrorAction: null,
          ...result.data,
        };
      } catch (error) {
        if (error instanceof LeaseLostError) return;
        result = this.failed(order, error);
      }
      try {
        await this.commit(order, result, result.continue && !last);
      } catch (error) {
        if (error instanceof LeaseLostError) return;
        throw error;
      }
      if (!result.continue) return;
      if (last) return;
    }
  }

  private failed(order: Loaded, error: unknown): StepResult {
    const failure = classifyFailure(error);
    const log = {
      shop: order.shop,
      printOrder: order.id,
      status: order.status,
      code: failure.code,
    };
    if (failure.kind === "attention") {
      this.deps.logger.info(log, "print order needs attention");
      return this.attention(order, failure);
    }
    const attempts = order.attempts + 1;
    const backoff = Math.min(this.o.maxBackoffMs, this.o.baseBackoffMs * 2 ** (attempts - 1));
    // A service that says when to come back is believed; otherwise back off exponentially.
    const delay =
      failure.retryAfterMs !== undefined
        ? Math.min(this.o.maxBackoffMs, failure.retryAfterMs * (1 + this.random() / 4))
        : backoff * (0.5 + this.random() / 2);
    this.deps.logger.warn(
      { ...log, attempts, delayMs: Math.round(delay), reason: failure.message.slice(0, 300) },
      "print order step will be retried",
    );
    const events =
      attempts === 1 || attempts % 5 === 0
        ? [
            {
              actor: "worker" as const,
              type: "retry_scheduled",
              message: `Temporary problem (${failure.code}); trying again automatically (attempt ${attempts}).`,
              data: { code: failure.code },
            },
          ]
        : [];
    return done(
      {
        attempts,
        nextAttemptAt: new Date(this.now().getTime() + delay),
        lastErrorCode: failure.code,
        lastErrorMessage: failure.message.slice(0, 500),
        lastErrorAction: "Nothing to do: it is retried automatically.",
      },
      events,
    );
  }

  private attention(order: Loaded, reason: AttentionReason): StepResult {
    return done(
      {
        status: "needs_attention",
        resumeStatus: order.status === "needs_attention" ? order.resumeStatus : order.status,
        nextAttemptAt: NOT_SCHEDULED,
        lastErrorCode: reason.code,
        lastErrorMessage: reason.message,
        lastErrorAction: reason.action,
      },
      [
        {
          actor: "worker",
          type: "needs_attention",
          message: `${reason.message} ${reason.action}`,
          data: { code: reason.code },
        },
      ],
    );
  }

  /** Writes a step's result if this worker still holds the lease. */
  private async commit(order: Loaded, result: StepResult, keepLease: boolean): Promise<void> {
    const data = { ...result.data };
    if (
      data.status &&
      isPrintOrderStatus(order.status) &&
      !movesForward(order.status, data.status)
    ) {
      this.deps.logger.warn(
        { printOrder: order.id, from: order.status, to: data.status },
        "ignored a backwards status change",
      );
      delete data.status;
    }
    const now = this.now();
    const lease = keepLease
      ? { leaseExpiresAt: new Date(now.getTime() + this.o.leaseMs) }
      : { leaseOwner: null, leaseExpiresAt: null };
    await this.deps.db.$transaction(async (tx) => {
      const { count } = await tx.printOrder.updateMany({
        where: { id: order.id, shop: order.shop, leaseOwner: this.id },
        data: { ...data, ...lease },
      });
      if (count !== 1) throw new LeaseLostError();
      for (const item of result.items ?? []) {
        await tx.printOrderItem.updateMany({
          where: { id: item.id, shop: order.shop, printOrderRowId: order.id },
          data: { serviceState: item.serviceState },
        });
      }
      if (result.events.length) {
        await tx.orderEvent.createMany({
          data: result.events.map((e) =>
            eventRow({
              ...e,
              shop: order.shop,
              shopOrderId: order.shopOrderId,
              printOrderId: order.id,
              at: now,
            }),
          ),
        });
      }
    });
  }

  private async step(order: Loaded): Promise<StepResult> {
    const shop = await this.deps.db.shop.findUnique({ where: { shop: order.shop } });
    if (!shop || shop.uninstalledAt) {
      // Uninstalled: act for the shop no more, but keep the order for a reinstall.
      return done({ nextAttemptAt: new Date(this.now().getTime() + 60 * 60_000) });
    }
    const client = await this.deps.printClientFor(shop);
    if (!client) {
      throw new AttentionError({
        code: "NOT_CONNECTED",
        message: "No print-service account is connected.",
        action: "Enter your print-service keys in Settings, then retry.",
      });
    }
    switch (order.status as PrintOrderStatus) {
      case "pending":
        return this.prepare(order, shop, client);
      case "held":
        return done(
          { status: "ready", nextAttemptAt: this.now() },
          [{ actor: "worker", type: "hold_ended", message: "Hold period over: sending to print." }],
          true,
        );
      case "awaiting_approval":
        return done({ nextAttemptAt: NOT_SCHEDULED });
      case "ready":
        return this.create(order, shop, client);
      case "awaiting_files":
      case "created":
        return this.completeAndPay(order, client);
      case "paid":
      case "in_production":
      case "fulfilled":
        return this.follow(order, shop, client);
      case "shipped":
        return this.fulfil(order, shop);
      default:
        return done({ nextAttemptAt: NOT_SCHEDULED });
    }
  }

  // Steps ------------------------------------------------------------------------------------

  private orderOf(order: Loaded) {
    return shopifyOrderSchema.parse({
      id: order.shopOrder.shopifyOrderId,
      name: order.shopOrder.name,
      email: order.shopOrder.email,
      currency: order.shopOrder.currency,
      line_items: JSON.parse(order.shopOrder.lineItems),
      shipping_address: order.shopOrder.shippingAddress
        ? JSON.parse(order.shopOrder.shippingAddress)
        : null,
    });
  }

  /**
   * A customer's file property that is present but not an http(s) URL (say
   * `javascript:...`) was not taken as the file; waiting would never end, so
   * the merchant is asked to attach one.
   */
  private checkCustomerFile(order: Loaded, item: PrintOrderItem) {
    const line = this.orderOf(order).line_items.find((l) => l.id === item.shopifyLineItemId);
    const given = line && item.fileProperty ? fileProperty(item.fileProperty, line) : undefined;
    if (given === undefined || given.trim() === "" || isHttpUrl(given)) return;
    throw new AttentionError({
      code: "FILE_URL_INVALID",
      message: `The customer's "${item.fileProperty}" for "${item.title}" is not a web address (http or https), so it cannot be printed.`,
      action: "Attach the print file's URL below, or ask the customer for a new link, then retry.",
    });
  }

  private addressOf(order: Loaded) {
    const address = mapShippingAddress(this.orderOf(order));
    if (!address.ok)
      throw new AttentionError({
        code: "ADDRESS_INVALID",
        message: address.reason,
        action: address.action,
      });
    return address.address;
  }

  private async offerings(shop: string, client: PrintClient): Promise<Map<number, Offering>> {
    const cached = this.catalogue.get(shop);
    if (cached && this.now().getTime() - cached.at < this.o.catalogueTtlMs) return cached.offerings;
    const list = await client.offerings.list();
    const offerings = new Map(list.offerings.map((o) => [o.id, o as Offering]));
    this.catalogue.set(shop, { at: this.now().getTime(), offerings });
    return offerings;
  }

  /**
   * Pages and size per item: from its file details, or for a personalised item
   * whose file is still awaited, from its mapping.
   */
  private async printSpecs(
    order: Loaded,
  ): Promise<
    Map<string, Pick<FileDetailsInput, "numberOfPages" | "contentWidth" | "contentHeight">>
  > {
    const specs = new Map<
      string,
      Pick<FileDetailsInput, "numberOfPages" | "contentWidth" | "contentHeight">
    >();
    const awaiting = order.items.filter((i) => !i.fileDetails);
    const mappings = awaiting.length
      ? await this.deps.db.variantMapping.findMany({
          where: { shop: order.shop, variantId: { in: awaiting.map((i) => i.variantId) } },
        })
      : [];
    for (const item of order.items) {
      const files = this.filesOf(item);
      const mapping = mappings.find((m) => m.variantId === item.variantId);
      if (files) specs.set(item.id, files);
      else if (mapping) {
        specs.set(item.id, {
          numberOfPages: mapping.numberOfPages ?? 0,
          contentWidth: mapping.contentWidth ?? 0,
          contentHeight: mapping.contentHeight ?? 0,
        });
      }
    }
    return specs;
  }

  private filesOf(item: PrintOrderItem): FileDetailsInput | null {
    return item.fileDetails ? (JSON.parse(item.fileDetails) as FileDetailsInput) : null;
  }

  /** Checks, quotes and (when the service asks) splits a new print order, then routes it. */
  private async prepare(order: Loaded, shop: Shop, client: PrintClient): Promise<StepResult> {
    const address = this.addressOf(order);
    const offerings = await this.offerings(order.shop, client);
    const specs = await this.printSpecs(order);
    const problems: string[] = [];
    for (const item of order.items) {
      const offering = offerings.get(item.offeringId);
      if (!offering) {
        throw new AttentionError({
          code: "OFF_NOT_FOUND",
          message: `"${item.title}" is mapped to offering ${item.offeringId}, which the print service no longer offers.`,
          action: "Map the product to a current offering, then retry.",
        });
      }
      const files = specs.get(item.id) ?? null;
      if (!item.fileDetails && !item.fileProperty) {
        throw new AttentionError({
          code: "FILE_MISSING",
          message: `"${item.title}" has no print file in its product mapping.`,
          action: "Add a file URL to the product mapping, then retry.",
        });
      }
      if (!item.fileDetails && item.fileProperty) this.checkCustomerFile(order, item);
      for (const p of offeringLimitProblems(offering, {
        quantity: item.quantity,
        numberOfPages: files?.numberOfPages ?? null,
        contentWidth: files?.contentWidth ?? null,
        contentHeight: files?.contentHeight ?? null,
      })) {
        problems.push(`"${item.title}": ${p}`);
      }
    }
    if (problems.length) {
      throw new AttentionError({
        code: "OFFERING_LIMITS",
        message: `This order cannot be printed as mapped: ${problems.join("; ")}.`,
        action: "Fix the product mapping, then retry.",
      });
    }

    const quoteItems = order.items.map((item) => ({
      offeringId: item.offeringId,
      numberOfPages: specs.get(item.id)?.numberOfPages ?? 0,
      quantity: item.quantity,
    }));
    try {
      const quote = await client.quotes.create({
        countryCode: address.shippingAddress.countryCode,
        ...(address.shippingAddress.state ? { state: address.shippingAddress.state } : {}),
        currency: order.currency,
        items: quoteItems,
      });
      // The service's own totals: productPrice is before the quantity discount, so adding it
      // up by hand would overstate what the order costs. VAT comes per rate; one figure is
      // their sum.
      const vat = quote.summary.vatSummary.reduce((sum, v) => sum + v.vat.amountMinor, 0);
      return this.route(order, shop, {
        wholesaleShippingMinor: quote.summary.totalShippingPrice.amountMinor,
        wholesaleTaxMinor: vat,
        wholesaleTotalMinor: quote.summary.totalWholesalePrice.amountMinor,
      });
    } catch (error) {
      if (error instanceof FacilityConflictError && order.items.length > 1) {
        return this.split(order, error);
      }
      throw error;
    }
  }

  private route(
    order: Loaded,
    shop: Shop,
    prices: Prisma.PrintOrderUpdateManyMutationInput,
  ): StepResult {
    const now = this.now();
    const data = {
      ...prices,
      attempts: 0,
      lastErrorCode: null,
      lastErrorMessage: null,
      lastErrorAction: null,
    };
    if (shop.routingMode === "manual" && !order.approvedAt) {
      return done({ ...data, status: "awaiting_approval", nextAttemptAt: NOT_SCHEDULED }, [
        {
          actor: "worker",
          type: "awaiting_approval",
          message: "Checked and quoted; waiting for your approval.",
        },
      ]);
    }
    if (shop.routingMode === "hold" && shop.holdHours > 0 && !order.approvedAt) {
      const until = new Date(order.createdAt.getTime() + shop.holdHours * 3_600_000);
      if (until > now) {
        return done({ ...data, status: "held", holdUntil: until, nextAttemptAt: until }, [
          {
            actor: "worker",
            type: "held",
            message: `Checked and quoted; held until ${until.toISOString()}.`,
          },
        ]);
      }
    }
    return done(
      { ...data, status: "ready", nextAttemptAt: now },
      [{ actor: "worker", type: "ready", message: "Checked and quoted; sending to print." }],
      true,
    );
  }

  /**
   * The service cannot produce all items at one facility: one print order per
   * group it names, and the items it cannot produce at all set aside for the
   * merchant. Fixed once here, so every reference stays deterministic.
   */
  private async split(order: Loaded, conflict: FacilityConflictError): Promise<StepResult> {
    const groups = conflict.groups.filter((g) => g.length > 0);
    const groupOf = (offeringId: number) => groups.findIndex((g) => g.includes(offeringId));
    const buckets = new Map<number, PrintOrderItem[]>();
    for (const item of order.items) {
      const g = groupOf(item.offeringId);
      const key = g === -1 ? -1 : g;
      buckets.set(key, [...(buckets.get(key) ?? []), item]);
    }
    const keys = [...buckets.keys()].filter((k) => k !== -1).sort((a, b) => a - b);
    if (keys.length <= 1 && !buckets.has(-1)) {
      throw new AttentionError({
        code: "MULTI_ORDER_INVALID_DATA",
        message: `The print service cannot produce these items together: ${conflict.details ?? ""}`,
        action: "Check the product mappings of this order, then retry.",
      });
    }
    const now = this.now();
    const created: string[] = [];
    await this.deps.db.$transaction(async (tx) => {
      // The first group stays on this row; every other bucket gets its own print order.
      const others = [...keys.slice(1), ...(buckets.has(-1) ? [-1] : [])];
      let index = order.groupIndex;
      for (const key of others) {
        index += 1;
        const unproducible = key === -1;
        const row = await tx.printOrder.create({
          data: {
            shop: order.shop,
            shopOrderId: order.shopOrderId,
            shopifyOrderId: order.shopifyOrderId,
            shopifyOrderName: order.shopifyOrderName,
            groupIndex: index,
            orderReference: orderReference(order.shopifyOrderId, index),
            status: unproducible ? "needs_attention" : "pending",
            resumeStatus: unproducible ? "pending" : null,
            currency: order.currency,
            nextAttemptAt: unproducible ? NOT_SCHEDULED : now,
            ...(unproducible
              ? {
                  lastErrorCode: "NO_PF",
                  lastErrorMessage:
                    "The print service cannot produce these items for this destination.",
                  lastErrorAction:
                    "Ship these items yourself, or map them to an offering available there, then retry.",
                }
              : {}),
          },
        });
        await tx.printOrderItem.updateMany({
          where: { shop: order.shop, id: { in: buckets.get(key)!.map((i) => i.id) } },
          data: { printOrderRowId: row.id },
        });
        await tx.orderEvent.create({
          data: eventRow({
            shop: order.shop,
            shopOrderId: order.shopOrderId,
            printOrderId: row.id,
            actor: "worker",
            type: unproducible ? "needs_attention" : "split",
            message: unproducible
              ? "Split off: the print service cannot produce these items for this destination."
              : `Split off from ${order.orderReference}: produced at another facility.`,
            at: now,
          }),
        });
        created.push(row.orderReference);
      }
    });
    return done(
      { nextAttemptAt: now },
      [
        {
          actor: "worker",
          type: "split",
          message: `The items cannot all be produced at one facility; split into ${created.length + 1} print orders (${[order.orderReference, ...created].join(", ")}).`,
        },
      ],
      true,
    );
  }

  private async create(order: Loaded, shop: Shop, client: PrintClient): Promise<StepResult> {
    const address = this.addressOf(order);
    const result = await client.orders.createIdempotent({
      orderReference: order.orderReference,
      currency: order.currency,
      ...(shop.billingEntityId ? { billingEntityId: shop.billingEntityId } : {}),
      purchaseOrder: order.shopifyOrderName,
      items: order.items.map((item) => {
        const files = this.filesOf(item);
        return {
          itemReference: item.itemReference,
          offeringId: item.offeringId,
          quantity: item.quantity,
          title: item.title,
          ...(files ? { files } : {}),
        };
      }),
      address,
    });
    const now = this.now();
    await this.deps.db.printOrderItem.updateMany({
      where: { shop: order.shop, printOrderRowId: order.id, fileDetails: { not: null } },
      data: { filesSentAt: now },
    });
    const awaiting = order.items.some((i) => !i.fileDetails);
    const how = result.outcome === "created" ? "Created" : "Found (already created earlier)";
    return done(
      {
        printOrderId: result.orderId,
        status: awaiting ? "awaiting_files" : "created",
        nextAttemptAt: awaiting ? NOT_SCHEDULED : now,
        addressPending: false,
        attempts: 0,
      },
      [
        {
          actor: "worker",
          type: "created",
          message:
            `${how} at the print service as order ${result.orderId}` +
            (awaiting ? "; waiting for a personalised file." : "."),
          data: { printOrderId: result.orderId, outcome: result.outcome },
        },
      ],
      !awaiting,
    );
  }

  /** Sends a changed address and late files, then pays once every file is there. */
  private async completeAndPay(order: Loaded, client: PrintClient): Promise<StepResult> {
    const orderId = order.printOrderId!;
    const events: StepResult["events"] = [];
    if (order.addressPending) {
      await client.orders.address({ orderId, address: this.addressOf(order) });
      await this.deps.db.printOrder.updateMany({
        where: { id: order.id, shop: order.shop, leaseOwner: this.id },
        data: { addressPending: false },
      });
      events.push({
        actor: "worker",
        type: "address_sent",
        message: "Sent the changed shipping address to the print service.",
      });
    }
    for (const item of order.items) {
      const files = this.filesOf(item);
      if (!files || item.filesSentAt) continue;
      await client.orders.files({
        orderId,
        itemReference: item.itemReference,
        files: {
          contentUrl: files.contentUrl,
          contentWidth: files.contentWidth,
          contentHeight: files.contentHeight,
          numberOfPages: files.numberOfPages,
          ...(files.coverUrl ? { coverUrl: files.coverUrl } : {}),
        },
      });
      await this.deps.db.printOrderItem.updateMany({
        where: { id: item.id, shop: order.shop },
        data: { filesSentAt: this.now() },
      });
      events.push({
        actor: "worker",
        type: "files_sent",
        message: `Sent the print file for "${item.title}".`,
      });
    }
    if (order.items.some((i) => !i.fileDetails)) {
      return done({ status: "awaiting_files", nextAttemptAt: NOT_SCHEDULED }, events);
    }
    const payment = await client.orders.pay({ orderId });
    events.push({
      actor: "worker",
      type: "paid",
      message:
        payment.status === "paid"
          ? "Paid: the order goes to production."
          : "Already paid at the print service (a retry found it paid).",
      data: { outcome: payment.status },
    });
    const now = this.now();
    return done(
      {
        status: "paid",
        serviceState: "PAID",
        attempts: 0,
        nextAttemptAt: now,
        lastErrorCode: null,
        lastErrorMessage: null,
        lastErrorAction: null,
      },
      events,
      true,
    );
  }

  /** Re-reads the print order and moves forward with what it says. */
  private async follow(order: Loaded, shop: Shop, client: PrintClient): Promise<StepResult> {
    const read = await client.orders.details({ orderId: order.printOrderId! });
    // The tracking URL becomes a link in the admin and in Shopify: http(s) only.
    const details = { ...read, trackingUrl: httpUrlOrNull(read.trackingUrl) ?? undefined };
    const result = await this.followOrder(order, shop, details);
    const items = this.itemStateChanges(order, details.items);
    if (items.length === 0) return result;
    return {
      ...result,
      items,
      events: [
        ...result.events,
        ...items.map((i) => ({
          actor: "poller" as const,
          type: "item_state",
          message: `Print service, "${i.title}": ${itemStateLabel(i.serviceState)}.`,
          data: { item: i.itemReference, state: i.serviceState },
        })),
      ],
    };
  }

  /** Item states that move an item forward; an item is matched by its reference. */
  private itemStateChanges(
    order: Loaded,
    read: OrderDetails["items"],
  ): { id: string; serviceState: string; title: string; itemReference: string }[] {
    const changes: { id: string; serviceState: string; title: string; itemReference: string }[] =
      [];
    for (const entry of read) {
      const state = entry.itemStatus;
      if (!state) continue;
      noteUnknownState("item", state, this.deps.logger);
      // Without a reference only a one-item order can be matched safely.
      const item = entry.itemReference
        ? order.items.find((i) => i.itemReference === entry.itemReference)
        : read.length === 1 && order.items.length === 1
          ? order.items[0]
          : undefined;
      if (!item || !itemStateAdvances(item.serviceState, state)) continue;
      changes.push({
        id: item.id,
        serviceState: state,
        title: item.title,
        itemReference: item.itemReference,
      });
    }
    return changes;
  }

  /** Moves the print order forward with what the service's order record says. */
  private async followOrder(order: Loaded, shop: Shop, details: OrderDetails): Promise<StepResult> {
    const now = this.now();
    const data: StepResult["data"] = {
      lastSyncedAt: now,
      attempts: 0,
      nextAttemptAt:
        order.status === "fulfilled"
          ? NOT_SCHEDULED
          : new Date(now.getTime() + this.o.followIntervalMs),
    };
    const events: StepResult["events"] = [];
    const prices = details.prices;
    if (prices) {
      data.priceData = JSON.stringify({
        prices,
        fulfilmentLocation: details.fulfilmentLocation ?? null,
      });
      data.wholesaleTotalMinor = prices.totalWholesalePriceIncTaxes?.amountMinor ?? undefined;
      data.retailTotalMinor = prices.totalRetailPriceIncTaxes?.amountMinor ?? undefined;
    }
    const state = details.orderState;
    if (state !== undefined) noteUnknownState("order", state, this.deps.logger);
    const advanced =
      state !== undefined && serviceStateAdvances(order.serviceState, state, order.status);
    // Shipped earlier without a tracking number: keep reading until the number arrives.
    const awaitingTracking =
      !advanced &&
      order.status !== "fulfilled" &&
      order.status !== "shipped" &&
      order.serviceState !== null &&
      interpretServiceState(order.serviceState).kind === "shipped";
    if (!advanced && !awaitingTracking) {
      if (order.status === "fulfilled")
        return this.extraTracking(order, shop, details.trackingCode, details.trackingUrl, data);
      return done(data);
    }
    if (advanced) {
      data.serviceState = state;
      events.push({
        actor: "poller",
        type: "service_state",
        message: `Print service: ${serviceStateLabel(state)}.`,
        data: { state },
      });
    }
    const meaning = interpretServiceState(advanced ? state : order.serviceState!);
    if (meaning.kind === "in_production" && order.status === "paid") data.status = "in_production";
    if (meaning.kind === "shipped") {
      if (!details.trackingCode) {
        if (advanced)
          events.push({
            actor: "poller",
            type: "awaiting_tracking",
            message: "Shipped without a tracking number yet; Shopify is told once it arrives.",
          });
        return done(data, events);
      }
      if (order.status === "fulfilled")
        return this.extraTracking(
          order,
          shop,
          details.trackingCode,
          details.trackingUrl,
          data,
          events,
        );
      return done(
        {
          ...data,
          status: "shipped",
          trackingCode: details.trackingCode,
          trackingUrl: details.trackingUrl ?? null,
          nextAttemptAt: now,
        },
        [
          ...events,
          {
            actor: "poller",
            type: "shipped",
            message: `Shipped with tracking ${details.trackingCode}.`,
          },
        ],
        true,
      );
    }
    if (meaning.kind === "problem") {
      const attention = this.attention(order, meaning);
      return done({ ...data, ...attention.data }, [...events, ...attention.events]);
    }
    return done(data, events);
  }

  /** A second shipment of a fulfilled print order: add its tracking, never overwrite. */
  private async extraTracking(
    order: Loaded,
    shop: Shop,
    code: string | undefined,
    url: string | undefined,
    data: StepResult["data"],
    events: StepResult["events"] = [],
  ): Promise<StepResult> {
    const pushed = JSON.parse(order.trackingPushed) as { number: string; url: string | null }[];
    if (!code || !order.fulfillmentId || pushed.some((p) => p.number === code))
      return done(data, events);
    const all = [...pushed, { number: code, url: url ?? null }];
    const result = await this.deps.shopify.graphql<TrackingUpdateData>(
      order.shop,
      TRACKING_UPDATE_MUTATION,
      {
        fulfillmentId: order.fulfillmentId,
        trackingInfoInput: {
          numbers: all.map((p) => p.number),
          urls: all.map((p) => p.url).filter(Boolean),
        },
        notifyCustomer: shop.notifyCustomer,
      },
    );
    const errors = result.fulfillmentTrackingInfoUpdate.userErrors;
    if (errors.length)
      throw new ShopifyGraphqlError(errors.map((e) => e.message).join("; "), false);
    return done(
      {
        ...data,
        trackingPushed: JSON.stringify(all),
        trackingCode: code,
        trackingUrl: url ?? null,
      },
      [
        ...events,
        {
          actor: "worker",
          type: "tracking_added",
          message: `Added tracking ${code} to the Shopify fulfillment.`,
        },
      ],
    );
  }

  /** Creates the Shopify fulfillment for exactly this print order's lines, once. */
  private async fulfil(order: Loaded, shop: Shop): Promise<StepResult> {
    const code = order.trackingCode!;
    const data = await this.deps.shopify.graphql<OrderFulfilmentData>(
      order.shop,
      ORDER_FULFILMENT_QUERY,
      {
        id: orderGid(order.shopifyOrderId),
      },
    );
    if (!data.order) {
      throw new AttentionError({
        code: "SHOPIFY_ORDER_MISSING",
        message: "Shopify no longer has this order.",
        action: "Check the order in Shopify; tracking could not be added.",
      });
    }
    const tracking = [{ number: code, url: order.trackingUrl }];
    // A fulfillment with this tracking number already exists: an earlier attempt got through.
    const existing = data.order.fulfillments.find((f) =>
      f.trackingInfo.some((t) => t.number === code),
    );
    if (existing) {
      return done(
        {
          status: "fulfilled",
          fulfillmentId: existing.id,
          trackingPushed: JSON.stringify(tracking),
          nextAttemptAt: NOT_SCHEDULED,
        },
        [
          {
            actor: "worker",
            type: "fulfilled",
            message: `Shopify already has the fulfillment with tracking ${code}.`,
          },
        ],
      );
    }
    const wanted = new Map<string, number>();
    for (const item of order.items) {
      const gid = lineItemGid(item.shopifyLineItemId);
      wanted.set(gid, (wanted.get(gid) ?? 0) + item.quantity);
    }
    const lines = fulfilmentLines(data.order, wanted);
    const covered = lines.reduce(
      (sum, g) => sum + g.fulfillmentOrderLineItems.reduce((n, l) => n + l.quantity, 0),
      0,
    );
    const needed = [...wanted.values()].reduce((a, b) => a + b, 0);
    if (covered < needed && fulfilmentDataTruncated(data.order)) {
      throw new AttentionError({
        code: "ORDER_TOO_LARGE",
        message: `Shipped with tracking ${code}, but this order has more fulfillment lines than can be fulfilled automatically.`,
        action: "Create the fulfillment in Shopify with this tracking number.",
      });
    }
    if (lines.length === 0) {
      throw new AttentionError({
        code: "NOTHING_TO_FULFIL",
        message: `Shipped with tracking ${code}, but Shopify has no open fulfillment lines for these items (fulfilled by hand?).`,
        action: "Add the tracking number in Shopify yourself if the customer should get it.",
      });
    }
    const result = await this.deps.shopify.graphql<FulfillmentCreateData>(
      order.shop,
      FULFILLMENT_CREATE_MUTATION,
      {
        fulfillment: {
          lineItemsByFulfillmentOrder: lines,
          notifyCustomer: shop.notifyCustomer,
          trackingInfo: {
            number: code,
            ...(order.trackingUrl ? { url: order.trackingUrl } : {}),
            ...(order.trackingCompany ? { company: order.trackingCompany } : {}),
          },
        },
      },
    );
    const errors = result.fulfillmentCreate.userErrors;
    if (errors.length || !result.fulfillmentCreate.fulfillment) {
      throw new AttentionError({
        code: "SHOPIFY_FULFILLMENT_REFUSED",
        message: `Shopify refused the fulfillment: ${errors.map((e) => e.message).join("; ")}`,
        action: "Check the order's fulfillment in Shopify, then retry.",
      });
    }
    return done(
      {
        status: "fulfilled",
        fulfillmentId: result.fulfillmentCreate.fulfillment.id,
        trackingPushed: JSON.stringify(tracking),
        nextAttemptAt: NOT_SCHEDULED,
        attempts: 0,
      },
      [
        {
          actor: "worker",
          type: "fulfilled",
          message: `Fulfilled in Shopify with tracking ${code}${shop.notifyCustomer ? "; the customer is notified." : "."}`,
        },
      ],
    );
  }
}
