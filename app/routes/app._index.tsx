import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { defer, json } from "@remix-run/node";
import { Await, useFetcher, useLoaderData } from "@remix-run/react";
import { Suspense } from "react";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  Divider,
  InlineGrid,
  InlineStack,
  Layout,
  Link,
  Page,
  ProgressBar,
  Text,
} from "@shopify/polaris";
import { z } from "zod";
import { authenticate } from "../shopify.server";
import { getEnv } from "../env.server";
import { countBelowTarget } from "../models/repricing.server";
import { countMappings } from "../models/mapping.server";
import { countPrintOrdersByStatus } from "../models/orders-admin.server";
import {
  hasRecentCallback,
  listNeedingAttention,
  listRecentActivity,
  type AttentionRow,
} from "../models/order-activity.server";
import { runOrderAction } from "../models/order-detail.server";
import { callbackUrlFor, getPrintSettingsForDisplay } from "../models/print-settings.server";
import { getShopSetup } from "../models/setup.server";
import { checkPrintKeys, type KeyCheck } from "../models/connection.server";
import { countOf } from "../services/merchant-text/orders";
import { CopyField } from "../components/CopyField";
import { RouteError } from "../components/States";
import { StatusBadge } from "../components/StatusBadge";
import { useFormat } from "../components/format";
import { STATUS_GROUP_KEYS, STATUS_GROUPS, type StatusGroup } from "../services/fulfilment/machine";

const ROUTING_LABELS: Record<string, string> = {
  immediate: "Send to print immediately",
  hold: "Hold before printing",
  manual: "Approve each order",
};

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const shop = session.shop;
  const [setup, settings, mappings, counts, attention, activity, callbackSeen, belowTarget] =
    await Promise.all([
      getShopSetup({ shop, grantedScopes: session.scope ?? "" }),
      getPrintSettingsForDisplay({ shop }),
      countMappings({ shop }),
      countPrintOrdersByStatus({ shop }),
      listNeedingAttention({ shop, take: 10 }),
      listRecentActivity({ shop, take: 10 }),
      hasRecentCallback({ shop }),
      // From kept quotes and known prices: no call to the print service or Shopify.
      countBelowTarget({ shop }),
    ]);
  const credentials = Boolean(settings?.merchantApiKey && settings.secretKeySet);
  // Not awaited: the page shows at once, a warning follows if the keys fail.
  const keys = credentials ? checkPrintKeys({ shop }) : Promise.resolve(null);
  const steps = [
    {
      id: "credentials",
      label: "Connect your print-service account",
      done: credentials,
      detail: credentials
        ? `Keys saved for the ${settings?.printEnvironment} environment.`
        : "Enter your merchant API key and secret key.",
      action: { content: credentials ? "Review settings" : "Open Settings", url: "/app/settings" },
    },
    {
      id: "mapping",
      label: "Map a product to a print offering",
      done: mappings > 0,
      detail:
        mappings > 0
          ? `${countOf(mappings, "variant")} mapped.`
          : "Choose what the print service makes for a variant.",
      action: { content: mappings > 0 ? "Manage products" : "Map a product", url: "/app/products" },
    },
    {
      id: "routing",
      label: "Choose how orders go to print",
      done: credentials,
      detail: settings
        ? `${ROUTING_LABELS[settings.routingMode] ?? settings.routingMode}${settings.routingMode === "hold" ? ` for ${countOf(settings.holdHours, "hour")}` : ""}.`
        : "Immediately, after a hold period, or on your approval.",
      action: { content: "Choose routing", url: "/app/settings#routing" },
    },
    {
      id: "callback",
      label: "Add the status callback URL to your print-service account",
      done: callbackSeen,
      detail: callbackSeen
        ? "Status updates are arriving."
        : "Paste it as the status update URL so order changes arrive at once.",
      action: null,
    },
  ];
  return defer({
    keys,
    shop,
    installedAt: setup.installedAt,
    scopesOk: setup.steps.every((s) => s.done),
    scopeDetail: setup.steps.find((s) => !s.done)?.detail ?? null,
    steps,
    callbackUrl: settings ? callbackUrlFor(getEnv().shopifyAppUrl, settings.callbackId) : null,
    counts,
    attention,
    activity,
    belowTarget,
  });
};

const actionSchema = z.object({
  intent: z.enum(["approve", "retry"]),
  id: z.string().min(1).max(64),
});

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return json({ ok: false, message: "Unknown action" }, { status: 400 });
  const result = await runOrderAction({ shop: session.shop, action: parsed.data });
  return json(
    { ok: result.ok, message: result.message },
    { status: !result.ok && result.status === 404 ? 404 : 200 },
  );
};

/** Why the saved print-service keys fail, in the merchant's words, with the way to Settings. */
function KeysBanner({ keys }: { keys: KeyCheck | null }) {
  if (!keys || keys.status === "ok" || keys.status === "not_set") return null;
  const settings = { content: "Open Settings", url: "/app/settings" };
  if (keys.status === "refused") {
    return (
      <Banner tone="critical" title="Your print-service keys don't work" action={settings}>
        <BlockStack gap="100">
          <Text as="p">
            The print service did not accept the merchant API key saved in Settings, so new orders
            can't be sent to print. Copy the key again from your print-service account and save it
            in Settings.
          </Text>
          {keys.detail ? (
            <Text as="p" tone="subdued" variant="bodySm">
              The print service answered: {keys.detail}
            </Text>
          ) : null}
        </BlockStack>
      </Banner>
    );
  }
  if (keys.status === "unreachable") {
    return (
      <Banner tone="warning" title="Print Connect can't reach the print service" action={settings}>
        <Text as="p">
          Your keys could not be checked and orders wait until the service answers. If this lasts,
          check the environment and address in Settings.
        </Text>
      </Banner>
    );
  }
  return (
    <Banner tone="warning" title="Your print-service keys could not be checked" action={settings}>
      <BlockStack gap="100">
        <Text as="p">{keys.title}.</Text>
        {keys.detail ? <Text as="p">{keys.detail}</Text> : null}
      </BlockStack>
    </Banner>
  );
}

/** "View all 3 print orders", "View 1 print order", "View print orders". */
function viewAllLabel(count: number): string {
  if (count === 0) return "View print orders";
  if (count === 1) return "View 1 print order";
  return `View all ${countOf(count, "print order")}`;
}

/** The Home tiles: the state machine's status groups, each linking to its Orders tab. */
const COUNT_TILES = STATUS_GROUP_KEYS.map((view) => {
  const group: StatusGroup = STATUS_GROUPS[view];
  return { label: group.label, statuses: group.statuses, view, tone: group.tone };
});

function AttentionItem({ row }: { row: AttentionRow }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const fmt = useFormat();
  const intent = row.status === "needs_attention" ? "retry" : "approve";
  const busy = fetcher.state !== "idle";
  return (
    <Box paddingBlock="300">
      <InlineStack align="space-between" blockAlign="start" gap="400" wrap={false}>
        <BlockStack gap="100">
          <InlineStack gap="200" blockAlign="center">
            <Link url={`/app/orders/${row.id}`} removeUnderline>
              <Text as="span" variant="bodyMd" fontWeight="semibold">
                {row.shopifyOrderName}
              </Text>
            </Link>
            <StatusBadge status={row.status} />
            <Text as="span" tone="subdued" variant="bodySm">
              {fmt.dateTime(row.createdAt)}
            </Text>
          </InlineStack>
          <Text as="p">{row.reason}</Text>
          {row.action ? (
            <Text as="p" tone="subdued">
              {row.action}
            </Text>
          ) : null}
          {row.status === "held" && row.holdUntil ? (
            <Text as="p" tone="subdued">
              Goes to print {fmt.dateTime(row.holdUntil)} unless you act.
            </Text>
          ) : null}
          {fetcher.data ? (
            <Text as="p" tone={fetcher.data.ok ? "success" : "critical"}>
              {fetcher.data.message}
            </Text>
          ) : null}
        </BlockStack>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="id" value={row.id} />
          <Button
            submit
            variant="primary"
            loading={busy}
            disabled={fetcher.data?.ok === true}
            accessibilityLabel={`${intent === "retry" ? "Retry" : "Approve"} ${row.shopifyOrderName}`}
          >
            {intent === "retry" ? "Retry" : "Approve now"}
          </Button>
        </fetcher.Form>
      </InlineStack>
    </Box>
  );
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  const fmt = useFormat();
  const done = data.steps.filter((s) => s.done).length;
  const total = data.steps.length;
  const allOrders = Object.values(data.counts).reduce((a, b) => a + b, 0);
  return (
    <Page title="Print Connect">
      <Layout>
        <Suspense fallback={null}>
          <Await resolve={data.keys} errorElement={<></>}>
            {(keys) =>
              keys && keys.status !== "ok" && keys.status !== "not_set" ? (
                <Layout.Section variant="fullWidth">
                  <KeysBanner keys={keys} />
                </Layout.Section>
              ) : null
            }
          </Await>
        </Suspense>
        {data.belowTarget > 0 ? (
          <Layout.Section variant="fullWidth">
            <Banner
              tone="warning"
              title={`${data.belowTarget === 1 ? "1 variant sells" : `${data.belowTarget} variants sell`} below your target margin`}
              action={{ content: "Review prices", url: "/app/products/prices" }}
            >
              <p>
                Their print cost went up, or their price changed, since they were priced. Review
                them and reprice them in one step.
              </p>
            </Banner>
          </Layout.Section>
        ) : null}
        {!data.scopesOk ? (
          <Layout.Section variant="fullWidth">
            <Banner tone="warning" title="Print Connect needs more access">
              <p>Approve the app's updated access in Shopify ({data.scopeDetail}).</p>
            </Banner>
          </Layout.Section>
        ) : null}
        {done < total ? (
          <Layout.Section variant="fullWidth">
            <Card>
              <BlockStack gap="400">
                <BlockStack gap="200">
                  <InlineStack align="space-between">
                    <Text as="h2" variant="headingMd">
                      Set up Print Connect
                    </Text>
                    <Text as="span" tone="subdued">
                      {done} of {countOf(total, "step")} done
                    </Text>
                  </InlineStack>
                  <ProgressBar progress={(done / total) * 100} size="small" tone="primary" />
                </BlockStack>
                <BlockStack gap="300">
                  {data.steps.map((step) => (
                    <InlineStack key={step.id} align="space-between" blockAlign="center" gap="400">
                      <BlockStack gap="050">
                        <InlineStack gap="200" blockAlign="center">
                          <Badge tone={step.done ? "success" : "attention"}>
                            {step.done ? "Done" : "To do"}
                          </Badge>
                          <Text as="span" fontWeight="semibold">
                            {step.label}
                          </Text>
                        </InlineStack>
                        <Text as="p" tone="subdued">
                          {step.detail}
                        </Text>
                      </BlockStack>
                      {step.action ? (
                        <Button url={step.action.url}>{step.action.content}</Button>
                      ) : null}
                    </InlineStack>
                  ))}
                  {data.callbackUrl && !data.steps.find((s) => s.id === "callback")?.done ? (
                    <CopyField label="Status callback URL" value={data.callbackUrl} />
                  ) : null}
                  {!data.callbackUrl ? (
                    <Text as="p" tone="subdued">
                      Your callback URL appears here once your settings are saved.
                    </Text>
                  ) : null}
                </BlockStack>
              </BlockStack>
            </Card>
          </Layout.Section>
        ) : null}

        <Layout.Section variant="fullWidth">
          <Card>
            <BlockStack gap="300">
              <InlineStack align="space-between">
                <Text as="h2" variant="headingMd">
                  Print orders
                </Text>
                <Button variant="plain" url="/app/orders">
                  {viewAllLabel(allOrders)}
                </Button>
              </InlineStack>
              <InlineGrid columns={{ xs: 2, sm: 3, md: 6 }} gap="300">
                {COUNT_TILES.map((tile) => {
                  const n = tile.statuses.reduce(
                    (sum, s) => sum + (data.counts[s as keyof typeof data.counts] ?? 0),
                    0,
                  );
                  return (
                    <Box
                      key={tile.view}
                      background="bg-surface-secondary"
                      padding="300"
                      borderRadius="200"
                    >
                      <BlockStack gap="100">
                        <Link url={`/app/orders?view=${tile.view}`} removeUnderline monochrome>
                          <Text as="span" variant="bodySm" tone="subdued">
                            {tile.label}
                          </Text>
                        </Link>
                        <Text
                          as="p"
                          variant="headingLg"
                          tone={n > 0 && tile.tone === "critical" ? "critical" : undefined}
                        >
                          {fmt.number(n)}
                        </Text>
                      </BlockStack>
                    </Box>
                  );
                })}
              </InlineGrid>
            </BlockStack>
          </Card>
        </Layout.Section>

        <Layout.Section>
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                Needs your attention
              </Text>
              {data.attention.length === 0 ? (
                <Text as="p" tone="subdued">
                  Nothing needs you right now. Orders that fail or wait for approval appear here.
                </Text>
              ) : (
                <BlockStack>
                  {data.attention.map((row, i) => (
                    <div key={row.id}>
                      {i > 0 ? <Divider /> : null}
                      <AttentionItem row={row} />
                    </div>
                  ))}
                </BlockStack>
              )}
            </BlockStack>
          </Card>
        </Layout.Section>

        <Layout.Section variant="oneThird">
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                Recent activity
              </Text>
              {data.activity.length === 0 ? (
                <Text as="p" tone="subdued">
                  No activity yet. Paid orders with mapped products show up here.
                </Text>
              ) : (
                <BlockStack gap="300">
                  {data.activity.map((e) => (
                    <BlockStack key={e.id} gap="050">
                      <InlineStack gap="200">
                        {e.printOrderId ? (
                          <Link url={`/app/orders/${e.printOrderId}`} removeUnderline>
                            {e.shopOrderName}
                          </Link>
                        ) : (
                          <Text as="span">{e.shopOrderName}</Text>
                        )}
                        <Text as="span" tone="subdued" variant="bodySm">
                          {fmt.dateTime(e.at)}
                        </Text>
                      </InlineStack>
                      <Text as="p" variant="bodySm">
                        {e.message}
                      </Text>
                    </BlockStack>
                  ))}
                </BlockStack>
              )}
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteError title="Print Connect" />;
}
