/**
 * `npm run demo`: paid orders through the whole app in sandbox mode.
 *
 * Places orders in the local Shopify stand-in (mixed carts, a split order, a
 * personalised item whose file comes later, an order to a destination no
 * facility serves, a webhook delivered three times, one whose webhook Shopify never
 * delivers (the regular check with Shopify finds it; the report says how long that
 * took), and two personalised files
 * the print-file check stops: wrong page count, wrong size), plus the book the app made
 * with "Create product" when sandbox mode started, and one whose cancellation the
 * merchant requests in Shopify before it is printed, and one to a postal code in the wrong
 * format, which the customer corrects on the shop's page from the e-mail with their link (then
 * Shopify's request for its print lines, declined meanwhile, is made again). Print Connect is the demo
 * shop's Shopify fulfillment service (the demo confirms the move on Settings if the
 * shop has not moved yet), so Shopify requests every paid order's print lines from
 * it. The demo waits for the app to send them to print and for Shopify's order page
 * to show "In progress" (or "Request declined" with the reason), moves the print
 * sandbox through production and shipping, and checks every outcome: Shopify must
 * show one fulfillment per print order and the print service one paid order per
 * reference. The merchant also orders a
 * proof copy of that book on the app's "Order a proof copy" page (placed twice
 * with one request key, as a double click): it must be paid once and ship with
 * tracking, with no Shopify order to fulfil. Exit code 0 only if all of it
 * happened.
 *
 * Uses a running app (`npm run up`) when one answers on APP_URL; otherwise it
 * starts one and stops it at the end.
 *
 * The demo shop's routing setting is left as it is. When it holds orders or
 * waits for approval, the demo approves its own orders through the app's
 * order action, as the merchant's "Approve now" does, and says so.
 *
 *   npm run demo -- --orders 12
 */
import { ensureApp, stopApp } from "./demo/app-process";
import { APP, SHOPIFY } from "./demo/config";
import {
  answerNotes,
  ensureServiceModel,
  requestCancellationInShopify,
  waitInShopify,
} from "./demo/fulfillment-service";
import { caughtUpNotes, checkOutcomes, mailboxNotes, printReport } from "./demo/report";
import { announceRouting, readRouting } from "./demo/routing";
import { placeDemoProof } from "./demo/proof";
import {
  ADDRESS_FIXED_SCENARIO,
  CANCELLED_SCENARIO,
  createdBookScenario,
  scenarios,
} from "./demo/scenarios";
import { customerCorrectsAddress } from "./demo/customer-address";
import { deliverLaterFiles, placePaidOrders, printAndShip } from "./demo/stand-ins";
import { waitFor } from "./demo/waiting";

async function main(): Promise<number> {
  await ensureApp();
  // Print Connect is the demo shop's Shopify fulfillment service, and Shopify's "Automatically
  // fulfill the order's line items" is on: each paid order's print lines are requested from it.
  await ensureServiceModel();
  const all = [
    ...scenarios,
    await createdBookScenario(),
    CANCELLED_SCENARIO,
    ADDRESS_FIXED_SCENARIO,
  ];
  process.stderr.write(`Demo: ${all.length} orders and a proof copy through ${APP}\n`);
  const routing = await readRouting();
  if (routing) announceRouting(routing.mode, routing.holdHours);

  // 1. Paid orders in the Shopify stand-in; orders/paid reaches the app, and Shopify requests
  // their print lines from Print Connect.
  const placed = await placePaidOrders(all);
  // And the merchant orders a proof copy of the book in the app.
  placed.push(await placeDemoProof());

  // 2. The app plans, creates and pays (or flags) every print order.
  await waitFor("sent to print", placed, (p, orders) => {
    if (orders.length !== p.scenario.printOrders) return false;
    if (p.scenario.expect === "needs_attention" || p.scenario.customerFixes)
      return orders.every((o) => o.status === "needs_attention");
    if (p.scenario.fileLater) return orders.every((o) => o.status === "awaiting_files");
    return orders.every((o) => o.status === "paid");
  });

  // 3. Shopify's order page: "In progress" once printed orders are paid, "Request declined"
  // with the reason for what cannot be printed (a file still to come waits).
  const inShopify = placed.filter((p) => p.legacyId !== null && !p.scenario.fileLater);
  await waitInShopify("answered in Shopify", inShopify, (p, shows) =>
    p.scenario.expect === "needs_attention" || p.scenario.customerFixes
      ? shows.startsWith("Request declined")
      : shows === "In progress",
  );

  // 3b. The customer gets the link to correct the address (on its own, or from the merchant on
  // the order page), saves the right one on the shop's page, and the merchant asks Shopify for
  // the print lines again.
  for (const p of placed) {
    if (p.scenario.customerFixes) await customerCorrectsAddress(p, p.scenario.customerFixes);
  }

  // 4. The merchant requests a cancellation in Shopify before the order is printed.
  const cancelling = placed.filter((p) => p.scenario.cancelInShopify);
  for (const p of cancelling) await requestCancellationInShopify(p);
  await waitFor("cancelled from Shopify", cancelling, (_p, orders) =>
    orders.every((o) => o.status === "cancelled"),
  );

  // 5. The personalised files arrive (the storefront upload finishes).
  await deliverLaterFiles(placed);
  const shippable = placed.filter((p) => p.scenario.expect === "fulfilled");
  const paid = await waitFor("paid at the print service", shippable, (_p, orders) =>
    orders.every((o) => o.status === "paid"),
  );

  // 6. Production and shipping at the print service; callbacks reach the app.
  await printAndShip(paid);
  const final = await waitFor("fulfilled in Shopify", shippable, (_p, orders) =>
    orders.every((o) => o.status === "fulfilled"),
  );

  // 7. Check every outcome against the stand-ins' own records.
  const { failures, rows } = await checkOutcomes(placed, final);
  const caughtUp = caughtUpNotes(placed, final);
  const mail = await mailboxNotes(SHOPIFY, process.env.ALERTS_INTERVAL_SECONDS ?? "10");
  return printReport(rows, [...failures, ...caughtUp.failures], placed.length, [
    ...caughtUp.notes,
    ...(await answerNotes(placed)),
    ...mail,
  ]);
}

main()
  .then((code) => {
    stopApp();
    process.exit(code);
  })
  .catch((error: unknown) => {
    console.error(`\ndemo failed: ${error instanceof Error ? error.message : String(error)}`);
    stopApp();
    process.exit(1);
  });
