/**
 * The demo as merchant and customer for an order stopped on its address: the link goes to the
 * customer on its own (or the merchant sends it from the order page), the customer opens it
 * from the e-mail in the sandbox mailbox and saves the corrected address on the shop's
 * storefront (the Shopify stand-in plays the storefront and its app proxy), and the merchant
 * asks for the print lines again in Shopify, whose request Print Connect had declined while
 * the address was wrong.
 */
import { SHOPIFY, TIMEOUT_MS } from "./config";
import { requestFulfillmentAgainInShopify } from "./fulfillment-service";
import { admin, call, sleep } from "./http";
import { printOrdersOf, type Placed } from "./print-orders";

const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) =>
    e === "amp" ? "&" : e === "lt" ? "<" : e === "gt" ? ">" : e === "quot" ? '"' : "'",
  );

const LINK = /\S+\/apps\/print-connect\/address\/[A-Za-z0-9_-]{43}/;

/** The latest e-mail to this buyer that carries an address link, once the sender sent it. */
async function linkSentTo(email: string, after: number): Promise<string> {
  const started = Date.now();
  for (;;) {
    const messages = await call<{ id: number; to: string[]; text: string }[]>(
      `${SHOPIFY}/__fake/mail.json`,
    );
    const link = messages
      .filter((m) => m.id > after && m.to.includes(email))
      .map((m) => LINK.exec(m.text)?.[0])
      .find(Boolean);
    if (link) return link;
    if (Date.now() - started > TIMEOUT_MS)
      throw new Error(
        `no e-mail with an address link reached ${email} within ${TIMEOUT_MS / 1000} s`,
      );
    await sleep(250);
  }
}

export async function customerCorrectsAddress(
  p: Placed,
  corrected: Record<string, string>,
): Promise<void> {
  const [stopped] = await printOrdersOf([p]);
  if (!stopped || !p.email) throw new Error(`${p.name}: no print order or buyer to correct`);
  // The link went out on its own (Settings' default: when an order stops on its address), or
  // the merchant sends it from the order page, as they would when none has gone yet.
  const orderPage = `/app/orders/${encodeURIComponent(stopped.id)}`;
  const { body } = await admin<{ order?: { addressLink?: { last?: { state: string } | null } } }>(
    orderPage,
    "routes/app.orders.$id",
  );
  let after = 0;
  if (body.order?.addressLink?.last?.state !== "open") {
    after = Math.max(
      0,
      ...(await call<{ id: number }[]>(`${SHOPIFY}/__fake/mail.json`)).map((m) => m.id),
    );
    const sent = await admin<{ ok?: boolean; message?: string }>(
      orderPage,
      "routes/app.orders.$id",
      { intent: "address_link" },
    );
    if (sent.status !== 200 || sent.body.ok !== true)
      throw new Error(
        `${p.name}: the app did not send the link (${sent.body.message ?? sent.status})`,
      );
  }
  const link = await linkSentTo(p.email, after);
  const page = await fetch(link);
  if (page.status !== 200) throw new Error(`${p.name}: the address page answered ${page.status}`);
  // The form as the page fills it, with the customer's corrections.
  const fields = Object.fromEntries(
    [...(await page.text()).matchAll(/<input [^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map(
      ([, name, value]) => [name!, decodeEntities(value!)],
    ),
  );
  const saved = await fetch(link, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...fields, ...corrected }),
  });
  const text = await saved.text();
  if (!text.includes("Thank you: the address is saved"))
    throw new Error(`${p.name}: the corrected address was not saved (${saved.status})`);
  await requestFulfillmentAgainInShopify(p);
}
