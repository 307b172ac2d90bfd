import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { alertOffLinkOf, turnAlertOffByLink } from "../../lib/alert-off-link.server";
import { ALERT_KIND_WORDS } from "../../services/merchant-text/alerts";
// The pages outside the admin (the app's own address, the alerts' off link) share one look.
import styles from "../../styles/standalone-page.module.css";

/**
 * The link at the foot of every alert e-mail: turns that kind of alert off for the shop, with
 * no sign-in (the link is signed). Opening it only asks; the button does it, so a mail
 * scanner that opens every link turns nothing off.
 */

const REFUSED = "This link is not valid. Turn alerts off in Print Connect's Settings instead.";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const link = alertOffLinkOf(new URL(request.url));
  if (!link) throw json({ message: REFUSED }, { status: 400 });
  return json(link);
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const link = alertOffLinkOf(new URL(request.url), await request.formData());
  if (!link) return json({ done: false as const, message: REFUSED }, { status: 400 });
  await turnAlertOffByLink(link);
  return json({ done: true as const, shop: link.shop, kind: link.kind });
};

export default function AlertsOff() {
  const link = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>Print Connect alerts</h1>
      {result?.done ? (
        <p className={styles.text} role="status">
          {ALERT_KIND_WORDS[result.kind].off} for {result.shop}. Turn them on again in Print
          Connect&apos;s Settings.
        </p>
      ) : (
        <Form method="post">
          <p className={styles.text}>
            Stop the e-mails about {ALERT_KIND_WORDS[link.kind].about} for {link.shop}?{" "}
            {ALERT_KIND_WORDS[link.kind].still}
          </p>
          <input type="hidden" name="shop" value={link.shop} />
          <input type="hidden" name="kind" value={link.kind} />
          <input type="hidden" name="sig" value={link.sig} />
          <p className={styles.form}>
            <button className={styles.button} type="submit">
              Turn these e-mails off
            </button>
          </p>
        </Form>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>Print Connect alerts</h1>
      <p className={styles.text}>{REFUSED}</p>
    </main>
  );
}
