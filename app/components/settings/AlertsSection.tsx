import { useEffect, useState } from "react";
import { useFetcher } from "@remix-run/react";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  FormLayout,
  InlineStack,
  Layout,
  Text,
  TextField,
} from "@shopify/polaris";
import { useFormat } from "../format";
import type { SettingsPageData } from "./form";

type AlertsAction =
  | { intent: "alerts"; ok: true }
  | { intent: "alerts"; ok: false; fieldErrors: { alertEmail?: string } };

/**
 * Alerts by e-mail: where they go, which kinds, and what became of the last one. Its own
 * form (saved on its own), beside the settings form.
 */
export function AlertsSection({ alerts }: { alerts: SettingsPageData["alerts"] }) {
  const fmt = useFormat();
  const fetcher = useFetcher<AlertsAction>();
  const [email, setEmail] = useState(alerts.alertEmail);
  const [attention, setAttention] = useState(alerts.attention);
  const [webhooks, setWebhooks] = useState(alerts.webhooks);
  const [payment, setPayment] = useState(alerts.payment);
  const [prices, setPrices] = useState(alerts.prices);
  const [weekly, setWeekly] = useState(alerts.weekly);
  const [saved, setSaved] = useState(false);
  // What is stored: the loaded values, then what a save took (not waiting on a reload).
  const [stored, setStored] = useState({
    email: alerts.alertEmail,
    attention: alerts.attention,
    webhooks: alerts.webhooks,
    payment: alerts.payment,
    prices: alerts.prices,
    weekly: alerts.weekly,
  });
  const [sent, setSent] = useState(stored);
  const result = fetcher.data;
  useEffect(() => {
    if (fetcher.state !== "idle" || !result?.ok) return;
    setStored(sent);
    setSaved(true);
    // Only when a save comes back: `sent` is what that save carried.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, result]);
  const error = result && !result.ok ? result.fieldErrors.alertEmail : undefined;
  const dirty =
    email.trim() !== stored.email ||
    attention !== stored.attention ||
    webhooks !== stored.webhooks ||
    payment !== stored.payment ||
    prices !== stored.prices ||
    weekly !== stored.weekly;
  const last = alerts.last;
  return (
    <Layout.AnnotatedSection
      id="alerts"
      title="Alerts by e-mail"
      description="Hear of print orders that need you, of orders Shopify stopped sending, and of prices below target after the print service changes its prices, and get a summary once a week, without opening the app. At most one e-mail every 15 minutes about stopped orders, listing each order once."
    >
      <Card>
        <fetcher.Form
          method="post"
          onSubmit={() => {
            setSaved(false);
            setSent({ email: email.trim(), attention, webhooks, payment, prices, weekly });
          }}
          onChange={() => setSaved(false)}
        >
          <input type="hidden" name="intent" value="alerts" />
          {/* The box's state as the form sends it (an unchecked box sends nothing). */}
          <input type="hidden" name="attention" value={attention ? "on" : "off"} />
          <input type="hidden" name="webhooks" value={webhooks ? "on" : "off"} />
          <input type="hidden" name="payment" value={payment ? "on" : "off"} />
          <input type="hidden" name="prices" value={prices ? "on" : "off"} />
          <input type="hidden" name="weekly" value={weekly ? "on" : "off"} />
          <FormLayout>
            <TextField
              label="Send alerts to"
              name="alertEmail"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(v) => {
                setEmail(v);
                setSaved(false);
              }}
              placeholder="Your shop's e-mail address in Shopify"
              helpText="Leave empty to use your shop's e-mail address in Shopify."
              error={error}
              maxLength={254}
            />
            <Checkbox
              label="Orders that need attention"
              helpText="A stopped order: a bad address, a file that does not fit, a refused payment."
              checked={attention}
              onChange={(v) => {
                setAttention(v);
                setSaved(false);
              }}
            />
            <Checkbox
              label="Shopify stopped sending orders"
              helpText="Shopify's order notifications stopped arriving while it has new paid orders: they wait for the regular check instead of going to print at once."
              checked={webhooks}
              onChange={(v) => {
                setWebhooks(v);
                setSaved(false);
              }}
            />
            <Checkbox
              label="Print service payment refused"
              helpText="Your print-service account ran out of credit: no paid order is printed until you top up. Told at once."
              checked={payment}
              onChange={(v) => {
                setPayment(v);
                setSaved(false);
              }}
            />
            <Checkbox
              label="Prices below target after a print price change"
              helpText="The print service changed its prices and variants you created now sell below their target margin: which, and the price your rule gives. Once per change."
              checked={prices}
              onChange={(v) => {
                setPrices(v);
                setSaved(false);
              }}
            />
            <Checkbox
              label="Weekly summary"
              helpText="Once a week: orders printed, time to print, margin, and orders that need you. Not sent for a week with nothing printed and nothing waiting."
              checked={weekly}
              onChange={(v) => {
                setWeekly(v);
                setSaved(false);
              }}
            />
            <InlineStack gap="300" blockAlign="center">
              <Button submit loading={fetcher.state !== "idle"} disabled={!dirty && !error}>
                Save alerts
              </Button>
              {saved && !dirty ? (
                <Text as="span" tone="success">
                  Alerts saved
                </Text>
              ) : null}
            </InlineStack>
            {alerts.lastFailed ? (
              <Banner tone="warning" title="An alert e-mail was not sent">
                <BlockStack gap="100">
                  <Text as="p">
                    “{alerts.lastFailed.subject}”, {fmt.dateTime(alerts.lastFailed.queuedAt)}:{" "}
                    {alerts.lastFailed.error}
                  </Text>
                  <Text as="p">
                    Check the address above; if it is right, the app&apos;s mail server (SMTP_URL)
                    refused it.
                  </Text>
                </BlockStack>
              </Banner>
            ) : null}
            {last ? (
              <Text as="p" tone="subdued">
                Last alert: “{last.subject}” to {last.to},{" "}
                {last.sentAt
                  ? `sent ${fmt.dateTime(last.sentAt)}`
                  : last.waiting
                    ? `waiting to be sent since ${fmt.dateTime(last.queuedAt)}`
                    : `not sent`}
                .
              </Text>
            ) : (
              <Text as="p" tone="subdued">
                No alert sent yet.
              </Text>
            )}
          </FormLayout>
        </fetcher.Form>
      </Card>
    </Layout.AnnotatedSection>
  );
}
