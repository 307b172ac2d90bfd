import type { SerializeFrom } from "@remix-run/node";
import { useNavigation, useSubmit } from "@remix-run/react";
import { useState } from "react";
import {
  Badge,
  Banner,
  BlockStack,
  Card,
  InlineStack,
  Layout,
  Link,
  Page,
  Text,
} from "@shopify/polaris";
import type { OrderActionData } from "../../pages/order-detail/action.server";
import type { loadOrderDetail } from "../../pages/order-detail/view.server";
import { StatusBadge } from "../StatusBadge";
import { useFormat } from "../format";
import { AddressWarningBanner } from "./AddressWarningBanner";
import { AttentionBanner } from "./AttentionBanner";
import { ItemsCard } from "./ItemsCard";
import { OrderSidebar } from "./OrderSidebar";
import { PricesCard } from "./PricesCard";
import { TimelineCard } from "./TimelineCard";
import { MarginCard } from "./MarginCard";
import { ProofCostCard } from "./ProofCostCard";
import { LiveUpdates } from "./LiveUpdates";
import type { OrderDetail } from "./types";
import { PROOF_PAGE_BADGE, proofCancelText } from "../../services/merchant-text/proofs";

/** The print order as the loader gives it (one that was found). */
export type PrintOrderPageData = SerializeFrom<
  NonNullable<Awaited<ReturnType<typeof loadOrderDetail>>>
>;

/** The print orders one Shopify order became: "Print order 1 of 2", with links to the others. */
function SplitCard({ order }: { order: OrderDetail }) {
  if (!order.split) return null;
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {`Print order ${order.split.index} of ${order.split.of}`}
        </Text>
        <Text as="p" tone="subdued">
          {`${order.shopifyOrderName} is printed in ${order.split.of} print orders, each at the facility that can produce its items.`}
        </Text>
        <InlineStack gap="300" wrap>
          {order.split.orders.map((o) =>
            o.current ? (
              <Text as="span" key={o.id} fontWeight="semibold">
                {`${o.index} of ${order.split!.of} (this one)`}
              </Text>
            ) : (
              <Link key={o.id} url={`/app/orders/${o.id}`}>
                {`Print order ${o.index} of ${order.split!.of}`}
              </Link>
            ),
          )}
        </InlineStack>
      </BlockStack>
    </Card>
  );
}

/** One print order's page: its actions, notices, items, costs, timeline and sidebar. */
export function PrintOrderPage({
  data,
  result,
}: {
  data: PrintOrderPageData;
  result: SerializeFrom<OrderActionData> | undefined;
}) {
  const { order, version } = data;
  const submit = useSubmit();
  const navigation = useNavigation();
  const fmt = useFormat();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const run = (intent: string) => submit({ intent }, { method: "post" });

  const primary = order.actions.approve
    ? { content: "Approve now", onAction: () => run("approve"), loading: busyIntent === "approve" }
    : order.actions.retry
      ? { content: "Retry", onAction: () => run("retry"), loading: busyIntent === "retry" }
      : undefined;

  return (
    <Page
      title={order.shopifyOrderName}
      titleMetadata={
        order.proof ? (
          <InlineStack gap="200" blockAlign="center">
            <Badge tone="info">{PROOF_PAGE_BADGE}</Badge>
            <StatusBadge status={order.shownStatus} />
          </InlineStack>
        ) : (
          <StatusBadge status={order.shownStatus} />
        )
      }
      subtitle={[
        order.split ? `Print order ${order.split.index} of ${order.split.of}` : null,
        order.printOrderId
          ? `Print service order ${order.printOrderId}`
          : "Not at the print service yet",
        fmt.dateTime(order.createdAt),
      ]
        .filter(Boolean)
        .join(" · ")}
      backAction={{ content: "Print orders", url: "/app/orders" }}
      {...(primary ? { primaryAction: primary } : {})}
      secondaryActions={
        order.actions.cancel
          ? [
              {
                content: "Cancel print order",
                destructive: true,
                onAction: () => setConfirmCancel(true),
              },
            ]
          : []
      }
    >
      <LiveUpdates version={version} orderId={order.id} />
      <Layout>
        {result ? (
          <Layout.Section variant="fullWidth">
            <Banner
              tone={result.ok ? "success" : "critical"}
              title={result.ok ? result.message : "That did not work"}
            >
              {result.ok ? null : <p>{result.message}</p>}
            </Banner>
          </Layout.Section>
        ) : null}
        {confirmCancel && order.actions.cancel ? (
          <Layout.Section variant="fullWidth">
            <Banner
              tone="warning"
              title="Cancel this print order?"
              action={{
                content: "Yes, cancel it",
                onAction: () => {
                  setConfirmCancel(false);
                  run("cancel");
                },
                loading: busyIntent === "cancel",
              }}
              secondaryAction={{ content: "Keep it", onAction: () => setConfirmCancel(false) }}
              onDismiss={() => setConfirmCancel(false)}
            >
              <p>
                {order.proof
                  ? proofCancelText(order.shopifyOrderName)
                  : `Nothing will be printed for ${order.shopifyOrderName}. The Shopify order itself is not changed.`}
              </p>
            </Banner>
          </Layout.Section>
        ) : null}
        <AttentionBanner
          order={order}
          onPrintAnyway={() => run("print_anyway")}
          printingAnyway={busyIntent === "print_anyway"}
        />
        <AddressWarningBanner order={order} />
        {order.status === "held" && order.holdUntil ? (
          <Layout.Section variant="fullWidth">
            <Banner tone="info" title={`Held until ${fmt.dateTime(order.holdUntil)}`}>
              <p>It goes to print then. Approve it to send it now, or cancel it.</p>
            </Banner>
          </Layout.Section>
        ) : null}
        {order.status === "awaiting_approval" ? (
          <Layout.Section variant="fullWidth">
            <Banner tone="info" title="Waiting for your approval">
              <p>Checked and quoted. Approve it to send it to print.</p>
            </Banner>
          </Layout.Section>
        ) : null}

        <Layout.Section>
          <BlockStack gap="400">
            <SplitCard order={order} />
            <ItemsCard order={order} />
            {/* A proof has no Shopify price: its cost instead of a sale's margin. */}
            {order.proof ? (
              <ProofCostCard proof={order.proof} />
            ) : (
              <MarginCard margin={order.margin} />
            )}
            <PricesCard order={order} />
            <TimelineCard events={order.events} />
          </BlockStack>
        </Layout.Section>

        <Layout.Section variant="oneThird">
          <OrderSidebar
            order={order}
            onSendAddressLink={() => run("address_link")}
            sendingAddressLink={busyIntent === "address_link"}
          />
        </Layout.Section>
      </Layout>
    </Page>
  );
}
