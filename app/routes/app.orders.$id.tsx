import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useState } from "react";
import { Banner, BlockStack, Card, InlineStack, Layout, Link, Page, Text } from "@shopify/polaris";
import { z } from "zod";
import { authenticate } from "../shopify.server";
import {
  getPrintOrderDetail,
  runOrderAction,
  type OrderActionData,
} from "../models/order-detail.server";
import { ordersVersion } from "../models/orders-admin.server";
import { RouteError } from "../components/States";
import { StatusBadge } from "../components/StatusBadge";
import { useFormat } from "../components/format";
import { AttentionBanner } from "../components/order/AttentionBanner";
import { ItemsCard } from "../components/order/ItemsCard";
import { OrderSidebar } from "../components/order/OrderSidebar";
import { PricesCard } from "../components/order/PricesCard";
import { TimelineCard } from "../components/order/TimelineCard";
import { MarginCard } from "../components/order/MarginCard";
import { LiveUpdates } from "../components/order/LiveUpdates";
import type { OrderDetail } from "../components/order/types";
import { isHttpUrl } from "../services/safe-url";

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const id = z.string().min(1).max(64).safeParse(params.id);
  if (!id.success) throw json("Print order not found", { status: 404 });
  // Read before the order: a change made while it is read shows as new on the next check.
  const version = await ordersVersion({ shop: session.shop, printOrderId: id.data });
  const order = await getPrintOrderDetail({ shop: session.shop, id: id.data });
  if (!order) throw json("Print order not found", { status: 404 });
  return json({ order, version });
};

const httpUrl = z
  .string({ error: "Enter the file URL" })
  .trim()
  .min(1, "Enter the file URL")
  .max(2000, "Enter a file URL of at most 2,000 characters")
  .refine(isHttpUrl, "Enter a full URL starting with https://");

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve") }),
  z.object({ intent: z.literal("retry") }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("print_anyway") }),
  z.object({ intent: z.literal("attach"), itemId: z.string().min(1).max(64), fileUrl: httpUrl }),
]);

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const form = Object.fromEntries(await request.formData());
  const parsed = actionSchema.safeParse(form);
  const intent = typeof form.intent === "string" ? form.intent : "";
  if (!parsed.success) {
    const fieldError = parsed.error.issues.find((i) => i.path[0] === "fileUrl")?.message;
    return json<OrderActionData>(
      {
        ok: false,
        intent,
        message: fieldError ?? "That action is not possible here.",
        ...(typeof form.itemId === "string" ? { itemId: form.itemId } : {}),
        ...(fieldError ? { fieldError } : {}),
      },
      // A wrong file URL is an answer the page shows (200); a malformed request is a 400.
      { status: fieldError ? 200 : 400 },
    );
  }
  const id = params.id ?? "";
  const result = await runOrderAction({
    shop: session.shop,
    action:
      parsed.data.intent === "attach" ? { ...parsed.data, id } : { intent: parsed.data.intent, id },
  });
  if (!result.ok) {
    return json<OrderActionData>(
      {
        ok: false,
        intent,
        message: result.message,
        ...(parsed.data.intent === "attach" ? { itemId: parsed.data.itemId } : {}),
      },
      // A conflict (e.g. already approved) is shown on the page; only "not found" is an HTTP error.
      { status: result.status === 404 ? 404 : 200 },
    );
  }
  return json<OrderActionData>({ ok: true, intent, message: result.message });
};

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

export default function PrintOrderPage() {
  const { order, version } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
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
      titleMetadata={<StatusBadge status={order.status} />}
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
                Nothing will be printed for {order.shopifyOrderName}. The Shopify order itself is
                not changed.
              </p>
            </Banner>
          </Layout.Section>
        ) : null}
        <AttentionBanner
          order={order}
          onPrintAnyway={() => run("print_anyway")}
          printingAnyway={busyIntent === "print_anyway"}
        />
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
            <MarginCard margin={order.margin} />
            <PricesCard order={order} />
            <TimelineCard events={order.events} />
          </BlockStack>
        </Layout.Section>

        <Layout.Section variant="oneThird">
          <OrderSidebar order={order} />
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteError title="Print order" />;
}
