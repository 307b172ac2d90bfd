import { listPrintOrdersOfShopOrders, listRecordedNotPlanned } from "../data/print-orders.server";
import { DEMO_SHOP } from "./demo-data.server";

/** What /dev/print-orders answers: the demo shop's print orders of these Shopify orders. */
export async function demoPrintOrders(shopifyOrderIds: string[]) {
  const asked = { shop: DEMO_SHOP, shopifyOrderIds };
  const [printOrders, recordedNotPlanned] = await Promise.all([
    listPrintOrdersOfShopOrders(asked),
    listRecordedNotPlanned(asked),
  ]);
  return { printOrders, recordedNotPlanned };
}
