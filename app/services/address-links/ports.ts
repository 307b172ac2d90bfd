/**
 * What address links are given of the database, as a port: data/address-links.server.ts
 * implements it, lib/address-links.server.ts wires it in. Every read and write is keyed by
 * shop, except the automatic round's pick of orders across shops.
 */
import type { AddressLink, PrintOrder, PrintOrderItem, ShopOrder } from "@prisma/client";
import type { NewMail } from "../mail/ports";

export type { AddressLink };

/** A shop order with its print orders, as the link rules read it. */
export type OrderWithPrintOrders = ShopOrder & { printOrders: PrintOrder[] };

/** A shop order with its print orders and their items, as the customer's page shows it. */
export type OrderWithItems = ShopOrder & {
  printOrders: (PrintOrder & { items: PrintOrderItem[] })[];
};

/** A print order the automatic round may send a link for. */
export interface LinkCandidate {
  shop: string;
  shopOrderId: string;
  status: string;
}

/** Writes of one link and its e-mail, inside their one transaction. */
export interface AddressLinkTransaction {
  /** Marks the order's customer as sent a link at `now` unless they were (compare-and-set). */
  takeOrderMark(shop: string, shopOrderId: string, now: Date): Promise<boolean>;
  /** Stops the order's open links from working, as replaced at `now`. */
  replaceOpenLinks(shop: string, shopOrderId: string, now: Date): Promise<void>;
  createLink(link: {
    shop: string;
    shopOrderId: string;
    tokenHash: string;
    reason: string;
    sentTo: string;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<AddressLink>;
  queueMail(shop: string, mail: NewMail): Promise<void>;
}

export interface AddressLinkStore {
  order(shop: string, shopOrderId: string): Promise<OrderWithPrintOrders | null>;
  orderWithItems(shop: string, shopOrderId: string): Promise<OrderWithItems | null>;
  /** The shop's link with this token hash; null for none, or another shop's. */
  linkByTokenHash(shop: string, tokenHash: string): Promise<AddressLink | null>;
  /** Takes the link at `now` while it is open (compare-and-set); whether it did. */
  takeLink(link: AddressLink, now: Date): Promise<boolean>;
  /** Opens the link again if it is still the one taken at `takenAt`. */
  releaseLink(link: AddressLink, takenAt: Date): Promise<void>;
  /** The order's newest link. */
  lastLink(shop: string, shopOrderId: string): Promise<AddressLink | null>;
  /** The shop's setting as stored (Shop.customerAddressLinks); null without a shop row. */
  linkSetting(shop: string): Promise<string | null>;
  saveLinkSetting(shop: string, value: string): Promise<void>;
  /** Shops that send no link on their own: turned off, or uninstalled (at most `take`). */
  shopsNotSending(take: number): Promise<string[]>;
  /** Installed shops that send links for held orders too (at most `take`). */
  shopsSendingHeld(take: number): Promise<string[]>;
  /**
   * Print orders, oldest first, stopped on one of `addressStops` or held in a shop of
   * `holdSending`, of no shop in `notSending`, whose order has a customer e-mail, is neither
   * erased nor cancelled, and whose customer was not sent a link on their own yet.
   */
  linkCandidates(input: {
    notSending: string[];
    holdSending: string[];
    addressStops: readonly string[];
    take: number;
  }): Promise<LinkCandidate[]>;
  /** The settings of these shops, the installed ones. */
  linkSettings(shops: string[]): Promise<{ shop: string; customerAddressLinks: string }[]>;
  /** Runs `work` in one database transaction. */
  transaction<T>(work: (tx: AddressLinkTransaction) => Promise<T>): Promise<T>;
}
