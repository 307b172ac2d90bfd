import prisma from "../db.server";
import {
  readLinkSetting,
  readOrderLinkState,
  saveLinkSetting,
} from "../services/address-links/state";

/** When the shop sends customers their address link on its own (Settings). */
export const addressLinkSettingOf = (shop: string) => readLinkSetting(prisma, shop);

export const saveAddressLinkSetting = (shop: string, value: string) =>
  saveLinkSetting(prisma, shop, value);

/** The order page's address link: can one be sent, and the last one's fate. */
export const orderAddressLinkOf = (shop: string, shopOrderId: string) =>
  readOrderLinkState(prisma, { shop, shopOrderId });

/** The Shopify order a print order of the shop belongs to (the link is the whole order's). */
export async function shopOrderIdOf(shop: string, printOrderId: string): Promise<string | null> {
  const row = await prisma.printOrder.findFirst({
    where: { id: printOrderId, shop },
    select: { shopOrderId: true },
  });
  return row?.shopOrderId ?? null;
}
