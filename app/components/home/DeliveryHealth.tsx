import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  InlineGrid,
  InlineStack,
  Text,
} from "@shopify/polaris";
import type { DeliveryHealth } from "../../data/handoff.server";
import type { NotTakenInSummary } from "../../data/order-deliveries.server";
import { NOT_TAKEN_IN_TEXT } from "../../services/merchant-text/delivery";
import { durationText } from "../../services/fulfilment/handoff";
import { countOf } from "../../services/merchant-text/orders";
import { useFormat } from "../format";

/** How often the regular check runs, in words ("every 10 minutes"). */
export function everyText(seconds: number): string {
  if (seconds % 3600 === 0)
    return seconds === 3600 ? "every hour" : `every ${seconds / 3600} hours`;
  if (seconds % 60 === 0) return seconds === 60 ? "every minute" : `every ${seconds / 60} minutes`;
  return `every ${countOf(seconds, "second")}`;
}

/**
 * The critical banner when Shopify's orders/paid webhooks stopped while it has
 * new paid orders: what happened, that nothing is lost, and what to do.
 */
export function WebhooksStoppedBanner({
  health,
  linkToPage = true,
}: {
  health: Pick<
    DeliveryHealth,
    "webhooksStopped" | "foundSinceLastWebhook" | "lastWebhookAt" | "checkEverySeconds"
  >;
  /** Home links to the delivery page; the page itself does not. */
  linkToPage?: boolean;
}) {
  const fmt = useFormat();
  if (!health.webhooksStopped) return null;
  const lastNotice = health.lastWebhookAt
    ? `Shopify has sent no order notification since ${fmt.dateTime(health.lastWebhookAt)}`
    : "Shopify has sent no order notification since the app was installed";
  const found = countOf(health.foundSinceLastWebhook, "paid order");
  return (
    <Banner
      tone="critical"
      title="Shopify's order notifications have stopped arriving"
      {...(linkToPage ? { action: { content: "See delivery health", url: "/app/delivery" } } : {})}
    >
      <BlockStack gap="200">
        <p>
          {lastNotice}, but the app's regular check with Shopify found {found} after that. They are
          on their way to print and none is lost, but until notifications arrive again new orders
          wait for the next check ({everyText(health.checkEverySeconds)}) instead of going to print
          at once.
        </p>
        <p>
          If this lasts more than an hour, check Shopify's status page (status.shopify.com), then
          contact the app's support with the time shown here.
        </p>
      </BlockStack>
    </Banner>
  );
}

/**
 * The warning when orders Shopify sent were kept but could not be taken in after several
 * tries: how many, since when, that they are not lost, and where to see each.
 */
export function NotTakenInBanner({
  summary,
  linkToPage = true,
}: {
  summary: NotTakenInSummary;
  /** Home links to the delivery page; the page itself does not. */
  linkToPage?: boolean;
}) {
  const fmt = useFormat();
  if (summary.count === 0) return null;
  return (
    <Banner
      tone="warning"
      title={NOT_TAKEN_IN_TEXT.bannerTitle(summary.count)}
      {...(linkToPage ? { action: { content: "See which orders", url: "/app/delivery" } } : {})}
    >
      <BlockStack gap="200">
        {summary.since ? <p>The first arrived {fmt.dateTime(summary.since)}.</p> : null}
        <p>{NOT_TAKEN_IN_TEXT.bannerBody(summary.count)}</p>
      </BlockStack>
    </Banner>
  );
}

/** One figure of Home's section; long values (a date) in a smaller size. */
function Tile({
  label,
  value,
  detail,
  long = false,
}: {
  label: string;
  value: string;
  detail?: string;
  long?: boolean;
}) {
  return (
    <Box background="bg-surface-secondary" padding="300" borderRadius="200">
      <BlockStack gap="100">
        <Text as="span" variant="bodySm" tone="subdued">
          {label}
        </Text>
        <Text as="p" variant={long ? "headingMd" : "headingLg"}>
          {value}
        </Text>
        {detail ? (
          <Text as="span" variant="bodySm" tone="subdued">
            {detail}
          </Text>
        ) : null}
      </BlockStack>
    </Box>
  );
}

/** Home's section: how fast orders reached print in the last 7 days, and whether webhooks arrive. */
export function DeliveryHealthCard({ health }: { health: DeliveryHealth }) {
  const fmt = useFormat();
  const week = health.periods[0];
  if (!week) return null;
  const { immediate, waited } = week.handoff;
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            Time to print, last 7 days
          </Text>
          <Button variant="plain" url="/app/delivery">
            Delivery health
          </Button>
        </InlineStack>
        <Text as="p" tone="subdued" variant="bodySm">
          From payment in Shopify to payment at the print service, for orders that went straight to
          print.
        </Text>
        <InlineGrid columns={{ xs: 2, md: 4 }} gap="300">
          <Tile
            label="Typical (median)"
            value={durationText(immediate.medianMs)}
            detail={countOf(immediate.count, "print order")}
          />
          <Tile label="95% within" value={durationText(immediate.p95Ms)} />
          <Tile
            label="Found by the regular check"
            value={fmt.number(week.foundByCheck)}
            detail="orders whose notification from Shopify never came"
          />
          <Tile
            label="Last order notification"
            value={health.lastWebhookAt ? fmt.dateTime(health.lastWebhookAt) : "None yet"}
            long
          />
        </InlineGrid>
        {waited.count > 0 ? (
          <Text as="p" variant="bodySm" tone="subdued">
            Held or approved first: {countOf(waited.count, "print order")}, typically{" "}
            {durationText(waited.medianMs)} (your hold and approval time included).
          </Text>
        ) : null}
      </BlockStack>
    </Card>
  );
}
