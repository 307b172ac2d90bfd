import { Badge, BlockStack, Card, DataTable, InlineStack, Link, Text } from "@shopify/polaris";
import type { PeriodHealth } from "../../data/handoff.server";
import type { DeliveryPageView } from "../../pages/delivery/delivery.server";
import { durationText, type HandoffStats } from "../../services/fulfilment/handoff";
import { countOf } from "../../services/merchant-text/orders";
import { everyText } from "../home/DeliveryHealth";
import { useFormat } from "../format";

function statsRow(label: string, stats: HandoffStats, formatNumber: (n: number) => string) {
  return [
    label,
    durationText(stats.medianMs),
    durationText(stats.p95Ms),
    formatNumber(stats.count),
  ];
}

/** One routing group's handoff times for each period. */
function HandoffTable({
  title,
  detail,
  periods,
  pick,
}: {
  title: string;
  detail: string;
  periods: PeriodHealth[];
  pick: (p: PeriodHealth) => HandoffStats;
}) {
  const fmt = useFormat();
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        {title}
      </Text>
      <Text as="p" variant="bodySm" tone="subdued">
        {detail}
      </Text>
      <DataTable
        columnContentTypes={["text", "text", "text", "numeric"]}
        headings={["Period", "Typical (median)", "95% within", "Print orders"]}
        rows={periods.map((p) => statsRow(`Last ${p.days} days`, pick(p), (n) => fmt.number(n)))}
      />
    </BlockStack>
  );
}

export function HandoffCard({ periods }: { periods: PeriodHealth[] }) {
  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            Time to print
          </Text>
          <Text as="p" tone="subdued">
            From the moment Shopify marked an order paid to the moment the print service was paid
            for it, measured on each print order paid at the print service in the period.
          </Text>
        </BlockStack>
        <HandoffTable
          title="Straight to print"
          detail="Orders the app sent at once: this is the app's own speed."
          periods={periods}
          pick={(p) => p.handoff.immediate}
        />
        <HandoffTable
          title="Held or approved first"
          detail="Orders that waited for your hold period or your approval; that wait is included."
          periods={periods}
          pick={(p) => p.handoff.waited}
        />
      </BlockStack>
    </Card>
  );
}

export function CheckCard({ view }: { view: Pick<DeliveryPageView, "health"> }) {
  const fmt = useFormat();
  const { health } = view;
  const check = health.check;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Order webhooks and the regular check
        </Text>
        <Text as="p" tone="subdued">
          Shopify tells the app about each paid order with a webhook. In case one never arrives, the
          app also asks Shopify for new paid orders {everyText(health.checkEverySeconds)}.
        </Text>
        <BlockStack gap="200">
          <InlineStack gap="200" wrap>
            <Text as="span" fontWeight="semibold">
              Last order webhook:
            </Text>
            <Text as="span">
              {health.lastWebhookAt ? fmt.dateTime(health.lastWebhookAt) : "None received yet"}
            </Text>
            {health.webhooksStopped ? <Badge tone="critical">Stopped</Badge> : null}
          </InlineStack>
          <InlineStack gap="200" wrap>
            <Text as="span" fontWeight="semibold">
              Last regular check:
            </Text>
            <Text as="span">
              {check?.lastRunAt ? fmt.dateTime(check.lastRunAt) : "Not run yet"}
            </Text>
            {check?.lastRunAt ? (
              check.lastProblem ? (
                <Badge tone="warning">Did not finish</Badge>
              ) : (
                <Badge tone="success">Worked</Badge>
              )
            ) : null}
          </InlineStack>
          {check?.lastProblem ? (
            <Text as="p" tone="caution">
              {check.lastProblem}
            </Text>
          ) : null}
          {health.periods.map((p) => (
            <InlineStack key={p.days} gap="200" wrap>
              <Text as="span" fontWeight="semibold">
                Found by the regular check, last {p.days} days:
              </Text>
              <Text as="span">{countOf(p.foundByCheck, "order")}</Text>
            </InlineStack>
          ))}
        </BlockStack>
      </BlockStack>
    </Card>
  );
}

export function FoundOrdersCard({ found }: { found: DeliveryPageView["found"] }) {
  const fmt = useFormat();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Orders the regular check found
        </Text>
        {found.length === 0 ? (
          <Text as="p" tone="subdued">
            None in the last 30 days: every paid order arrived by webhook.
          </Text>
        ) : (
          <DataTable
            columnContentTypes={["text", "text", "text"]}
            headings={["Order", "Paid in Shopify", "Found"]}
            rows={found.map((o) => [
              o.printOrderId ? (
                <Link key={o.shopOrderId} url={`/app/orders/${o.printOrderId}`} removeUnderline>
                  {o.name}
                </Link>
              ) : (
                o.name
              ),
              fmt.dateTime(o.shopifyPaidAt),
              fmt.dateTime(o.foundAt),
            ])}
          />
        )}
      </BlockStack>
    </Card>
  );
}
