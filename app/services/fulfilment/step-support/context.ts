import type { Shop } from "@prisma/client";
import type { PreflightExpectation, PreflightResult } from "../../preflight";
import type { Offering, PrintClient } from "../../print";
import type { StepStore } from "../ports";
import type { ShopifyAdmin } from "../shopify-port";
import type { ClaimReads } from "./claim-reads";

export interface WorkerLogger {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The print service's offerings per shop, trusted for a while (for limit checks). */
export class OfferingCache {
  private readonly byShop = new Map<string, { at: number; offerings: Map<number, Offering> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => Date,
  ) {}

  async get(shop: string, client: PrintClient): Promise<Map<number, Offering>> {
    const cached = this.byShop.get(shop);
    if (cached && this.now().getTime() - cached.at < this.ttlMs) return cached.offerings;
    const list = await client.offerings.list();
    const offerings = new Map(list.offerings.map((o) => [o.id, o as Offering]));
    this.byShop.set(shop, { at: this.now().getTime(), offerings });
    return offerings;
  }
}

/**
 * Downloads a print file and checks it against what its product expects. The
 * app passes one whose downloads are guarded (no private addresses).
 */
export type PreflightCheck = (
  url: string,
  expect: PreflightExpectation,
) => Promise<PreflightResult>;

/** What a step works with besides the order: the shop, its clients, the clock. */
export interface StepContext {
  /** The writes a step makes before its commit. */
  store: StepStore;
  shopify: ShopifyAdmin;
  logger: WorkerLogger;
  now: () => Date;
  /** The claim holding the order's lease (lease.ts claimHolder): a step's own writes check it. */
  leaseHolder: string;
  shop: Shop;
  client: PrintClient;
  offerings: OfferingCache;
  /** The mappings this round of claims has read (claim-reads.ts). */
  reads: Pick<ClaimReads, "mappings" | "notePreflight">;
  /** The print-file check run before a file goes to the print service (steps/prepare-preflight.ts). */
  preflight: PreflightCheck;
  /** How often a paid order is re-read when no status callback arrives. */
  followIntervalMs: number;
}
