import {
  Badge,
  BlockStack,
  Card,
  DataTable,
  Divider,
  InlineStack,
  Link,
  Text,
  useBreakpoints,
} from "@shopify/polaris";
import type { PeriodHealth } from "../../data/handoff.server";
import type { NotTakenInRow } from "../../data/order-deliveries.server";
import {
  NOT_TAKEN_IN_TEXT,
  notTakenInDetail,
  notTakenInReason,
} from "../../services/merchant-text/delivery";
import type { DeliveryPageView } from "../../pages/delivery/delivery.server";
import { durationText, type HandoffStats } from "../../services/fulfilment/handoff";
import { countOf } from "../../services/merchant-text/orders";
import { everyText } from "../home/DeliveryHealth";
import { useFormat } from "../format";
import { ItemWithAction } from "../ItemWithAction";

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
  const { smDown } = useBreakpoints();
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        {title}
      </Text>
      <Text as="p" variant="bodySm" tone="subdued">
        {detail}
      </Text>
      {smDown ? (
        // On a phone one line per period, every figure named: no column is cut off.
        <BlockStack gap="100">
          {periods.map((p) => {
            const stats = pick(p);
            return (
              <Text as="p" key={p.days}>
                {`Last ${p.days} days: typically ${durationText(stats.medianMs)}, 95% within ${durationText(stats.p95Ms)} (${countOf(stats.count, "print order")})`}
              </Text>
            );
          })}
        </BlockStack>
      ) : (
        <DataTable
          columnContentTypes={["text", "text", "text", "numeric"]}
          headings={["Period", "Typical (median)", "95% within", "Print orders"]}
          rows={periods.map((p) => statsRow(`Last ${p.days} days`, pick(p), (n) => fmt.number(n)))}
        />
      )}
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
          Order notifications and the regular check
        </Text>
        <Text as="p" tone="subdued">
          Shopify notifies the app of each paid order. In case a notification never arrives, the app
          also asks Shopify for new paid orders {everyText(health.checkEverySeconds)}.
        </Text>
        <BlockStack gap="200">
          <InlineStack gap="200" wrap>
            <Text as="span" fontWeight="semibold">
              Last order notification:
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
  const { smDown } = useBreakpoints();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Orders the regular check found
        </Text>
        {found.length === 0 ? (
          <Text as="p" tone="subdued">
            None in the last 30 days: Shopify notified the app of every paid order.
          </Text>
        ) : smDown ? (
          // On a phone each order is one block, its times in full.
          <BlockStack gap="300">
            {found.map((o) => (
              <BlockStack gap="050" key={o.shopOrderId}>
                {o.printOrderId ? (
                  <Link url={`/app/orders/${o.printOrderId}`} removeUnderline>
                    {o.name}
                  </Link>
                ) : (
                  <Text as="span">{o.name}</Text>
                )}
                <Text as="span" tone="subdued" variant="bodySm">
                  {`Paid in Shopify ${fmt.dateTime(o.shopifyPaidAt)} · found ${fmt.dateTime(o.foundAt)}`}
                </Text>
              </BlockStack>
            ))}
          </BlockStack>
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

/** How a waiting order reached the app. */
const SOURCE_TEXT: Record<string, string> = {
  webhook: "Sent by Shopify",
  reconcile: "Found by the regular check",
  import: "Imported",
};

/** One waiting order: what it is, why it waits, when it is tried again, and Try now. */
function NotTakenInItem({ row }: { row: NotTakenInRow }) {
  const fmt = useFormat();
  const label = row.label ?? "An order without a name";
  const detail = notTakenInDetail(row.lastError);
  return (
    <ItemWithAction
      fields={{ intent: "tryNow", webhookId: row.webhookId }}
      action="Try now"
      accessibilityLabel={`Try ${label} now`}
    >
      <InlineStack gap="200" blockAlign="center">
        <Text as="span" variant="bodyMd" fontWeight="semibold">
          {label}
        </Text>
        <Badge tone="warning">{`Tried ${fmt.number(row.tries)} times`}</Badge>
      </InlineStack>
      <Text as="p" tone="subdued" variant="bodySm">
        {SOURCE_TEXT[row.source] ?? "Received"} {fmt.dateTime(row.receivedAt)} · next try by itself{" "}
        {fmt.dateTime(row.nextTryAt)}
      </Text>
      <Text as="p">{notTakenInReason(row.lastError)}</Text>
      {detail ? (
        <Text as="p" tone="subdued" variant="bodySm" breakWord>
          Details for support: {detail}
        </Text>
      ) : null}
    </ItemWithAction>
  );
}

/** Orders received that could not be taken in yet, oldest first. */
export function NotTakenInCard({ rows, total }: { rows: NotTakenInRow[]; total: number }) {
  const fmt = useFormat();
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {NOT_TAKEN_IN_TEXT.cardTitle}
        </Text>
        {rows.length === 0 ? (
          <Text as="p" tone="subdued">
            {NOT_TAKEN_IN_TEXT.none}
          </Text>
        ) : (
          <>
            <Text as="p" tone="subdued">
              {NOT_TAKEN_IN_TEXT.cardIntro}
            </Text>
            <BlockStack>
              {rows.map((row, i) => (
                <div key={row.webhookId}>
                  {i > 0 ? <Divider /> : null}
                  <NotTakenInItem row={row} />
                </div>
              ))}
            </BlockStack>
            {total > rows.length ? (
              <Text as="p" tone="subdued" variant="bodySm">
                The oldest {fmt.number(rows.length)} of {fmt.number(total)} are shown.
              </Text>
            ) : null}
          </>
        )}
      </BlockStack>
    </Card>
  );
}
