import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { DEMO_SHOP } from "../../dev/demo-data.server";
import { devRoutesEnabled } from "../../dev/guard.server";
import { getEnv } from "../../env.server";
// The pages outside the admin (the app's own address, the alerts' off link) share one look.
import styles from "../../styles/standalone-page.module.css";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  // Shopify opens the app with ?shop=...: go straight to the embedded admin.
  if (url.searchParams.get("shop")) {
    throw redirect(`/app?${url.searchParams.toString()}`);
  }
  // In sandbox mode the shop to open is the demo shop, through /dev/login (signed in as
  // Shopify admin would): a newcomer has no shop domain to type.
  return json({ mode: getEnv().mode, demoShop: devRoutesEnabled() ? DEMO_SHOP : null });
};

export default function Landing() {
  const { mode, demoShop } = useLoaderData<typeof loader>();
  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>Print Connect</h1>
      <p className={styles.text}>
        Every paid order printed and shipped: books, magazines, calendars, wall art and notebooks,
        with tracking sent back to your customers.
      </p>
      {demoShop ? (
        <>
          <p className={styles.text}>
            Running in sandbox mode: no Shopify account or print-service account is needed. The demo
            shop, {demoShop}, lives on the local Shopify stand-in with print products already
            linked.
          </p>
          <p className={styles.form}>
            <a className={styles.button} href="/dev/login">
              Open the demo shop&apos;s admin
            </a>
          </p>
        </>
      ) : (
        <>
          {mode === "sandbox" ? (
            <p className={styles.text}>
              Running in sandbox mode: no Shopify account or print-service account is needed.
            </p>
          ) : null}
          <Form className={styles.form} method="post" action="/auth/login">
            <label className={styles.label}>
              <span>Shop domain</span>
              <input
                className={styles.input}
                type="text"
                name="shop"
                placeholder="my-shop.myshopify.com"
              />
            </label>
            <button className={styles.button} type="submit">
              Log in
            </button>
          </Form>
        </>
      )}
      <ul className={styles.list}>
        <li>
          <strong>Automatic fulfilment</strong>. A paid order becomes a paid print order, once, even
          when webhooks repeat.
        </li>
        <li>
          <strong>Tracking back to Shopify</strong>. Your customer hears from Shopify the moment the
          print ships.
        </li>
        <li>
          <strong>Clear errors</strong>. Anything that needs you says what to fix, and retries in
          one click.
        </li>
      </ul>
    </main>
  );
}
