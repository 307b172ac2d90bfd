/**
 * A shop whose Shopify access the app has lost (no offline session stored): the step that needs
 * Shopify stops the print order for the merchant with words that say what to do, instead of
 * retrying "Shopify could not be reached" for ever; the merchant's next sign-in (the Shopify
 * library's real token exchange against the stand-in) gives the access back and sends the
 * order on, and the worker fulfils it in Shopify with its tracking. The merchant is told by
 * e-mail meanwhile, at the address Shopify gave at the install: Shopify cannot be asked then.
 */
import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { loader as appLayout } from "~/routes/app";
import { attentionAlertDeps, mailSenderDeps, smtpTransport } from "~/lib/mail.server";
import { queueAttentionAlerts } from "~/services/alerts/attention";
import { sendDueMail } from "~/services/mail/send";
import { ATTENTION_TEXT } from "~/services/merchant-text/errors";
import { get } from "../admin/helpers";
import {
  MAPPINGS,
  placePaidOrder,
  printOrdersOf,
  SHOP,
  startHarness,
  type Harness,
} from "../support/fulfilment-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ shopify: { smtpPort: 0 } });
  await h.map(MAPPINGS.photoBook);
});
afterAll(async () => {
  await h?.close();
});

/** Opens an app page as the merchant does: a session token exchanged for an offline token. */
async function openTheApp(): Promise<void> {
  const response = await appLayout({ request: get("/app", SHOP), params: {}, context: {} });
  expect(response.status).toBe(200);
}

describe("a shop whose Shopify access was lost", () => {
  it("stops the order for the merchant, and the next sign-in sends it on to its fulfillment", async () => {
    const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
    const worker = h.worker();
    await worker.drain();
    let [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder?.status).toBe("paid");

    // GIVEN the app's stored access is gone WHEN the parcel ships
    await prisma.session.deleteMany({ where: { shop: SHOP } });
    h.sandbox.control.advance({ orderId: printOrder!.printOrderId!, to: "SHIPPED" });
    await h.sandbox.control.waitForCallbacks();
    await worker.drain();

    // THEN the order waits for the merchant, once, with what to do; Shopify was told nothing
    [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder).toMatchObject({
      status: "needs_attention",
      resumeStatus: "shipped",
      lastErrorCode: "SHOPIFY_NOT_CONNECTED",
      lastErrorMessage: ATTENTION_TEXT.shopifyNotConnected.message,
      lastErrorAction: ATTENTION_TEXT.shopifyNotConnected.action,
    });
    expect(printOrder!.trackingCode).toBeTruthy();
    expect(printOrder!.events.filter((e) => e.type === "needs_attention")).toHaveLength(1);
    expect(h.shopify.control.getOrder(order.id)!.fulfillments).toEqual([]);

    // The merchant is told by e-mail, at the address kept from the install.
    const silent = { info() {}, warn() {} };
    expect(await queueAttentionAlerts(attentionAlertDeps({ logger: silent }))).toEqual({
      queued: 1,
    });
    const mail = h.shopify.mail!;
    await sendDueMail(mailSenderDeps(smtpTransport(mail.url), { logger: silent }));
    const [told] = mail.messages();
    expect(told!.to).toEqual(["owner@print-connect-demo.example"]);
    expect(told!.subject).toBe("1 print order needs your attention – Print Connect Demo");
    expect(told!.text).toContain(ATTENTION_TEXT.shopifyNotConnected.action);

    // WHEN the merchant opens the app THEN the order goes on where it stopped, by itself
    await openTheApp();
    [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder).toMatchObject({ status: "shipped", lastErrorCode: null, attempts: 0 });
    expect(printOrder!.events.at(-1)).toMatchObject({ actor: "system", type: "retried" });
    await worker.drain();
    [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("fulfilled");
    const fulfillments = h.shopify.control.getOrder(order.id)!.fulfillments;
    expect(fulfillments).toHaveLength(1);
    expect(fulfillments[0]!.trackingInfo[0]?.number).toBe(printOrder!.trackingCode);

    // A second sign-in finds nothing more to send on.
    await openTheApp();
    const retried = await prisma.orderEvent.count({
      where: { shop: SHOP, printOrderId: printOrder!.id, type: "retried" },
    });
    expect(retried).toBe(1);
  });
});
