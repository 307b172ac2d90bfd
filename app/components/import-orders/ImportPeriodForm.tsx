import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { BlockStack, Button, Card, InlineStack, Text, TextField } from "@shopify/polaris";
import type { ImportPreview } from "../../pages/import-orders/preview.server";

const DAY_MS = 86_400_000;

function daysBefore(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
}

/** The period to look at: two days, or one of the usual spans, up to Shopify's 60 days. */
export function ImportPeriodForm({
  form,
  error,
}: {
  form: ImportPreview["form"];
  error: string | null;
}) {
  const navigation = useNavigation();
  const [from, setFrom] = useState(form.from);
  const [to, setTo] = useState(form.to);
  const loading =
    navigation.state === "loading" && navigation.location.pathname === "/app/orders/import";
  const span = (days: number) =>
    `/app/orders/import?from=${days >= 60 ? form.earliest : daysBefore(form.today, days)}&to=${form.today}`;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Paid orders placed between
        </Text>
        <Form method="get" action="/app/orders/import">
          <InlineStack gap="300" blockAlign="end" wrap>
            <TextField
              label="From"
              type="date"
              name="from"
              value={from}
              min={form.earliest}
              max={form.today}
              onChange={setFrom}
              autoComplete="off"
              error={error ?? undefined}
            />
            <TextField
              label="To"
              type="date"
              name="to"
              value={to}
              min={form.earliest}
              max={form.today}
              onChange={setTo}
              autoComplete="off"
            />
            <Button submit variant="primary" loading={loading}>
              Show orders
            </Button>
          </InlineStack>
        </Form>
        <InlineStack gap="200" wrap>
          <Button variant="plain" url={span(7)}>
            Last 7 days
          </Button>
          <Button variant="plain" url={span(30)}>
            Last 30 days
          </Button>
          <Button variant="plain" url={span(60)}>
            Last 60 days
          </Button>
        </InlineStack>
        <Text as="p" tone="subdued">
          Shopify lets Print Connect read the orders of the last 60 days. Orders are looked at by
          the day they were placed.
        </Text>
      </BlockStack>
    </Card>
  );
}
