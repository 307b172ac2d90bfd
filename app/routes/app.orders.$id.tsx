import type { ActionFunctionArgs, LoaderFunctionArgs, SerializeFrom } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
  useSubmit,
} from "@remix-run/react";
import { useState } from "react";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  Divider,
  InlineStack,
  Layout,
  Link,
  Page,
  Text,
  TextField,
} from "@shopify/polaris";
import { z } from "zod";
import { authenticate } from "../shopify.server";
import { getPrintOrderDetail, runOrderAction } from "../models/orders-admin.server";
import { RouteError } from "../components/States";
import { StatusBadge, statusLabel } from "../components/StatusBadge";
import { useFormat, type Money } from "../components/format";
import { httpUrlOrNull, isHttpUrl } from "../services/safe-url";

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const id = z.string().min(1).max(64).safeParse(params.id);
  const order = id.success ? await getPrintOrderDetail({ shop: session.shop, id: id.data }) : null;
  if (!order) throw json("Print order not found", { status: 404 });
  return json({ order });
};

const httpUrl = z
  .string()
  .trim()
  .min(1, "Enter the file URL")
  .refine(isHttpUrl, "Enter a full URL starting with https://");

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve") }),
  z.object({ intent: z.literal("retry") }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("attach"), itemId: z.string().min(1).max(64), fileUrl: httpUrl }),
]);

export type OrderActionData =
  | { ok: true; intent: string; message: string }
  | { ok: false; intent: string; message: string; itemId?: string; fieldError?: string };

type OrderDetailView = SerializeFrom<typeof loader>["order"];

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

/**
 * A link to a URL that came from outside (a customer's file, the print
 * service's tracking page): only http(s) becomes a link, anything else
 * (`javascript:`) is shown as text.
 */
function ExternalLink({ url, children }: { url: string | null; children: string }) {
  const href = httpUrlOrNull(url);
  if (!href) return <Text as="span">{children}</Text>;
  return (
    <Link url={href} target="_blank">
      {children}
    </Link>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <InlineStack align="space-between" gap="400" wrap={false}>
      <Text
        as="span"
        tone={strong ? undefined : "subdued"}
        fontWeight={strong ? "semibold" : "regular"}
      >
        {label}
      </Text>
      <Text as="span" numeric fontWeight={strong ? "semibold" : "regular"}>
        {value}
      </Text>
    </InlineStack>
  );
}

function taxTotal(
  taxes: { amount?: Money | undefined }[] | undefined | null,
  currency: string,
): Money | null {
  if (!taxes || taxes.length === 0) return null;
  return { amountMinor: taxes.reduce((sum, t) => sum + (t.amount?.amountMinor ?? 0), 0), currency };
}

function PricesCard({ order }: { order: OrderDetailView }) {
  const fmt = useFormat();
  const p = order.prices;
  const c = order.currency;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Prices
        </Text>
        {p ? (
          <InlineStack gap="800" wrap align="start">
            <Box minWidth="240px">
              <BlockStack gap="150">
                <Text as="h3" variant="headingSm">
                  Wholesale (you pay)
                </Text>
                <Row label="Products" value={fmt.money(p.totalWholesaleProductPriceExTaxes)} />
                <Row label="Shipping" value={fmt.money(p.totalWholesaleShippingExTaxes)} />
                <Row
                  label="Tax on products"
                  value={fmt.money(taxTotal(p.wholesaleProductTaxes, c))}
                />
                <Row
                  label="Tax on shipping"
                  value={fmt.money(taxTotal(p.wholesaleShippingTaxes, c))}
                />
                <Row label="Total" value={fmt.money(p.totalWholesalePriceIncTaxes)} strong />
              </BlockStack>
            </Box>
            <Box minWidth="240px">
              <BlockStack gap="150">
                <Text as="h3" variant="headingSm">
                  Retail (print-service list price)
                </Text>
                <Row label="Products" value={fmt.money(p.totalRetailProductPriceExTaxes)} />
                <Row label="Shipping" value={fmt.money(p.totalRetailShippingExTaxes)} />
                <Row label="Tax on products" value={fmt.money(taxTotal(p.retailProductTaxes, c))} />
                <Row
                  label="Tax on shipping"
                  value={fmt.money(taxTotal(p.retailShippingTaxes, c))}
                />
                <Row label="Total" value={fmt.money(p.totalRetailPriceIncTaxes)} strong />
              </BlockStack>
            </Box>
          </InlineStack>
        ) : order.wholesale.total ? (
          <BlockStack gap="150">
            <Text as="p" tone="subdued">
              Quoted before sending to print; the print service confirms the prices once the order
              is created.
            </Text>
            <Row label="Shipping" value={fmt.money(order.wholesale.shipping)} />
            <Row label="Tax" value={fmt.money(order.wholesale.tax)} />
            <Row label="Wholesale total" value={fmt.money(order.wholesale.total)} strong />
          </BlockStack>
        ) : (
          <Text as="p" tone="subdued">
            Prices appear once the order has been quoted.
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}

function AttachFile({ item }: { item: OrderDetailView["items"][number] }) {
  const fetcher = useFetcher<OrderActionData>();
  const [url, setUrl] = useState("");
  const error =
    fetcher.data && !fetcher.data.ok && fetcher.data.itemId === item.id ? fetcher.data : null;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="attach" />
      <input type="hidden" name="itemId" value={item.id} />
      <InlineStack gap="200" blockAlign="start" wrap={false}>
        <div style={{ flex: 1 }}>
          <TextField
            label={`Print file URL for ${item.title}`}
            name="fileUrl"
            value={url}
            onChange={setUrl}
            placeholder="https://files.example.com/print.pdf"
            autoComplete="off"
            error={error ? (error.fieldError ?? error.message) : undefined}
          />
        </div>
        <div style={{ paddingTop: "1.5rem" }}>
          <Button submit loading={fetcher.state !== "idle"}>
            Attach file
          </Button>
        </div>
      </InlineStack>
    </fetcher.Form>
  );
}

export default function PrintOrderPage() {
  const { order } = useLoaderData<typeof loader>();
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
      subtitle={`Print order ${order.printOrderId ?? "not created yet"} · ${fmt.dateTime(order.createdAt)}`}
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
        {order.status === "needs_attention" && order.lastError ? (
          <Layout.Section variant="fullWidth">
            <Banner tone="critical" title="This order needs your attention">
              <BlockStack gap="100">
                <Text as="p">{order.lastError.message}</Text>
                {order.lastError.action ? <Text as="p">{order.lastError.action}</Text> : null}
                {order.lastError.code ? (
                  <Text as="p" tone="subdued" variant="bodySm">
                    Code: {order.lastError.code}
                  </Text>
                ) : null}
              </BlockStack>
            </Banner>
          </Layout.Section>
        ) : null}
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
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  Items
                </Text>
                {order.items.map((item, i) => (
                  <BlockStack key={item.id} gap="200">
                    {i > 0 ? <Divider /> : null}
                    <InlineStack align="space-between" gap="300">
                      <BlockStack gap="050">
                        <Text as="span" fontWeight="semibold">
                          {item.title}
                        </Text>
                        <Text as="span" tone="subdued" variant="bodySm">
                          Offering {item.offeringId}
                          {item.numberOfPages ? ` · ${fmt.number(item.numberOfPages)} pages` : ""}
                        </Text>
                        {item.serviceStateLabel ? (
                          <Text as="span" tone="subdued" variant="bodySm">
                            Print service: {item.serviceStateLabel}
                          </Text>
                        ) : null}
                      </BlockStack>
                      <BlockStack gap="050" inlineAlign="end">
                        <Text as="span" numeric>
                          {`× ${fmt.number(item.quantity)}`}
                        </Text>
                        {item.shopPrice ? (
                          <Text as="span" tone="subdued" variant="bodySm" numeric>
                            {`${fmt.money(item.shopPrice)} each in Shopify`}
                          </Text>
                        ) : null}
                      </BlockStack>
                    </InlineStack>
                    {item.fileUrl ? (
                      <Text as="p" variant="bodySm" breakWord>
                        File: <ExternalLink url={item.fileUrl}>{item.fileUrl}</ExternalLink>
                        {item.filesSent ? " (received by the print service)" : ""}
                      </Text>
                    ) : item.awaitingFile ? (
                      <BlockStack gap="200">
                        <Text as="p" tone="caution">
                          Waiting for the customer's print file.
                        </Text>
                        {order.actions.attach ? <AttachFile item={item} /> : null}
                      </BlockStack>
                    ) : null}
                  </BlockStack>
                ))}
              </BlockStack>
            </Card>
            <PricesCard order={order} />
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  Timeline
                </Text>
                {order.events.length === 0 ? (
                  <Text as="p" tone="subdued">
                    Nothing has happened yet.
                  </Text>
                ) : (
                  <BlockStack gap="300">
                    {order.events.map((e) => (
                      <InlineStack key={e.id} gap="300" wrap={false} blockAlign="start">
                        <Box minWidth="150px">
                          <Text as="span" tone="subdued" variant="bodySm">
                            {fmt.dateTime(e.at)}
                          </Text>
                        </Box>
                        <BlockStack gap="050">
                          <Text as="span">{e.message}</Text>
                          <Text as="span" tone="subdued" variant="bodySm">
                            {e.actor === "merchant"
                              ? "You"
                              : e.actor.replace("webhook:", "Shopify ")}
                          </Text>
                        </BlockStack>
                      </InlineStack>
                    ))}
                  </BlockStack>
                )}
              </BlockStack>
            </Card>
          </BlockStack>
        </Layout.Section>

        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  Status
                </Text>
                <Text as="p">{statusLabel(order.status)}</Text>
                {order.serviceState ? (
                  <Text as="p" tone="subdued">
                    Print service: {order.serviceStateLabel}
                  </Text>
                ) : null}
                {order.lastSyncedAt ? (
                  <Text as="p" tone="subdued" variant="bodySm">
                    Last checked {fmt.dateTime(order.lastSyncedAt)}
                  </Text>
                ) : null}
                <Text as="p" tone="subdued" variant="bodySm">
                  Reference {order.orderReference}
                </Text>
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  Tracking
                </Text>
                {order.tracking ? (
                  <BlockStack gap="100">
                    {order.tracking.company ? <Text as="p">{order.tracking.company}</Text> : null}
                    {httpUrlOrNull(order.tracking.url) ? (
                      <ExternalLink url={order.tracking.url}>
                        {order.tracking.code ?? "Track shipment"}
                      </ExternalLink>
                    ) : (
                      <Text as="p">{order.tracking.code}</Text>
                    )}
                  </BlockStack>
                ) : (
                  <Text as="p" tone="subdued">
                    Appears when the order ships.
                  </Text>
                )}
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  Shipping address
                </Text>
                {order.redacted ? (
                  <Text as="p" tone="subdued">
                    Removed at the customer's request.
                  </Text>
                ) : order.shippingAddress ? (
                  <BlockStack gap="050">
                    {order.shippingAddress.map((line, i) => (
                      <Text as="p" key={i}>
                        {line}
                      </Text>
                    ))}
                    {order.email ? (
                      <Text as="p" tone="subdued">
                        {order.email}
                      </Text>
                    ) : null}
                  </BlockStack>
                ) : (
                  <Text as="p" tone="subdued">
                    No shipping address.
                  </Text>
                )}
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  Fulfilment location
                </Text>
                {order.fulfilmentLocation?.countryCode || order.fulfilmentLocation?.labCode ? (
                  <Text as="p">
                    {[order.fulfilmentLocation.labCode, order.fulfilmentLocation.countryCode]
                      .filter(Boolean)
                      .join(", ")}
                  </Text>
                ) : (
                  <Text as="p" tone="subdued">
                    Known once the print service has the order.
                  </Text>
                )}
              </BlockStack>
            </Card>
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteError title="Print order" />;
}
