import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  InlineGrid,
  InlineStack,
  Layout,
  Page,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { z } from "zod";
import { getLogger } from "../lib/logger.server";
import { getCarrierSettings, saveBackupRates } from "../models/carrier.server";
import { currencyExponent, formatMajor, MoneyError, parseMajor } from "../services/print";
import { backupRatesSchema, type BackupRate } from "../services/rates/backup";
import { carrierCallbackUrl, disableCarrierRates, enableCarrierRates } from "../lib/rates.server";
import { adminGraphql } from "../services/shopify-admin";
import { authenticate } from "../shopify.server";

/** Checkout shipping rates: turn the carrier service on or off, edit the backup rates. */

async function shopCurrency(graphql: ReturnType<typeof adminGraphql>, fallback: string) {
  try {
    const data = await graphql<{ shop: { currencyCode: string } }>(`
      #graphql
      query PrintConnectShopCurrency {
        shop {
          currencyCode
        }
      }
    `);
    return data.shop.currencyCode;
  } catch {
    return fallback;
  }
}

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { admin, session } = await authenticate.admin(request);
  const shop = session.shop;
  const graphql = adminGraphql(admin);
  let settings = await getCarrierSettings({ shop });
  let problem: string | null = null;
  // Self-healing: rates on but no carrier service (e.g. after a reinstall), or
  // one still calling the unbound URL of older versions.
  if (
    settings?.enabled &&
    settings.installed &&
    (!settings.carrierServiceId || !settings.callbackBound)
  ) {
    try {
      await enableCarrierRates({ shop, graphql });
      settings = await getCarrierSettings({ shop });
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
  }
  const currency = await shopCurrency(graphql, settings?.currency ?? "EUR");
  return json({
    enabled: settings?.enabled ?? false,
    registered: Boolean(settings?.carrierServiceId),
    // The token stays on the server: it is what binds Shopify's calls to this shop.
    callbackUrl: carrierCallbackUrl("<this shop's token>"),
    currency,
    backupRates: (settings?.backupRates ?? []).map((r) => ({
      name: r.name,
      code: r.code,
      amount: formatMajor({ amountMinor: r.amountMinor, currency }, currencyExponent(currency)),
      minDays: r.minDays === undefined ? "" : String(r.minDays),
      maxDays: r.maxDays === undefined ? "" : String(r.maxDays),
    })),
    problem,
  });
};

const rowSchema = z.object({
  name: z.string(),
  code: z.string(),
  amount: z.string(),
  minDays: z.string(),
  maxDays: z.string(),
});
type Row = z.infer<typeof rowSchema>;

function toBackupRates(rows: Row[], currency: string): BackupRate[] | string {
  const rates: BackupRate[] = [];
  for (const [i, row] of rows.entries()) {
    if (!row.name.trim() && !row.amount.trim()) continue;
    let amountMinor: number;
    try {
      amountMinor = parseMajor(row.amount.trim() || "0", currency, "exact").amountMinor;
    } catch (error) {
      return `Rate ${i + 1}: ${error instanceof MoneyError ? "enter an amount like 4.95" : String(error)}`;
    }
    const days = (v: string) => (v.trim() === "" ? undefined : Number(v));
    rates.push({
      name: row.name,
      code: row.code.trim() || `backup-${i + 1}`,
      amountMinor,
      ...(days(row.minDays) !== undefined ? { minDays: days(row.minDays) } : {}),
      ...(days(row.maxDays) !== undefined ? { maxDays: days(row.maxDays) } : {}),
    });
  }
  const parsed = backupRatesSchema.safeParse(rates);
  if (!parsed.success) return parsed.error.issues.map((i) => i.message).join("; ");
  return parsed.data;
}

export const action = async ({ request }: ActionFunctionArgs) => {
  const { admin, session } = await authenticate.admin(request);
  const shop = session.shop;
  const graphql = adminGraphql(admin);
  const form = await request.formData();
  const intent = form.get("intent");
  try {
    if (intent === "enable") {
      await enableCarrierRates({ shop, graphql });
      return json({ ok: true, message: "Checkout rates are on." });
    }
    if (intent === "disable") {
      await disableCarrierRates({ shop, graphql });
      return json({ ok: true, message: "Checkout rates are off." });
    }
    if (intent === "backup") {
      const rows = z
        .array(rowSchema)
        .max(5)
        .safeParse(JSON.parse(String(form.get("rows") ?? "[]")));
      if (!rows.success) return json({ ok: false, message: "The backup rates could not be read." });
      const currency = String(form.get("currency") ?? "EUR");
      const rates = toBackupRates(rows.data, currency);
      if (typeof rates === "string") return json({ ok: false, message: rates });
      await saveBackupRates({ shop, rates });
      return json({ ok: true, message: "Backup rates saved." });
    }
  } catch (error) {
    getLogger().warn({ shop, intent, err: error }, "shipping rates settings failed");
    return json({
      ok: false,
      message: `Shopify did not accept the change: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  return json({ ok: false, message: "Unknown action." }, { status: 400 });
};

const EMPTY_ROW: Row = { name: "", code: "", amount: "", minDays: "", maxDays: "" };

export default function ShippingRates() {
  const data = useLoaderData<typeof loader>();
  const toggle = useFetcher<typeof action>();
  const backup = useFetcher<typeof action>();
  const [rows, setRows] = useState<Row[]>(data.backupRates.length ? data.backupRates : [EMPTY_ROW]);
  const update = (i: number, field: keyof Row) => (value: string) =>
    setRows((current) => current.map((r, j) => (j === i ? { ...r, [field]: value } : r)));
  const busy = toggle.state !== "idle";
  const result = toggle.data ?? backup.data;

  return (
    <Page title="Shipping rates at checkout" backAction={{ url: "/app" }}>
      <Layout>
        {data.problem && (
          <Layout.Section>
            <Banner tone="warning" title="The carrier service could not be registered again">
              <p>{data.problem}</p>
            </Banner>
          </Layout.Section>
        )}
        {result && (
          <Layout.Section>
            <Banner tone={result.ok ? "success" : "critical"}>
              <p>{result.message}</p>
            </Banner>
          </Layout.Section>
        )}
        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <InlineStack align="space-between" blockAlign="center">
                <Text as="h2" variant="headingMd">
                  Print shipping rates
                </Text>
                <Badge tone={data.enabled && data.registered ? "success" : undefined}>
                  {data.enabled ? (data.registered ? "On" : "On, not registered") : "Off"}
                </Badge>
              </InlineStack>
              <Text as="p">
                Checkout asks the print service what shipping the print items in the cart cost to
                the customer&apos;s address, in {data.currency}. Items that are not print products
                add nothing. Add the &quot;Print Connect&quot; carrier to your shipping zones in
                Shopify&apos;s shipping settings.
              </Text>
              <Text as="p" tone="subdued">
                Callback: {data.callbackUrl}
              </Text>
              <toggle.Form method="post">
                <input type="hidden" name="intent" value={data.enabled ? "disable" : "enable"} />
                <Button submit loading={busy} variant={data.enabled ? "secondary" : "primary"}>
                  {data.enabled ? "Turn off" : "Turn on"}
                </Button>
              </toggle.Form>
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                Backup rates
              </Text>
              <Text as="p">
                Answered when the print service cannot quote in time. Without backup rates, Shopify
                shows the backup rates set in its own shipping settings.
              </Text>
              {rows.map((row, i) => (
                <Box key={i} paddingBlockEnd="200">
                  <InlineGrid columns={{ xs: 1, md: 5 }} gap="200">
                    <TextField
                      label="Name"
                      value={row.name}
                      onChange={update(i, "name")}
                      autoComplete="off"
                    />
                    <TextField
                      label="Code"
                      value={row.code}
                      onChange={update(i, "code")}
                      autoComplete="off"
                    />
                    <TextField
                      label={`Price (${data.currency})`}
                      value={row.amount}
                      onChange={update(i, "amount")}
                      inputMode="decimal"
                      autoComplete="off"
                    />
                    <TextField
                      label="Min. days"
                      type="number"
                      value={row.minDays}
                      onChange={update(i, "minDays")}
                      autoComplete="off"
                    />
                    <TextField
                      label="Max. days"
                      type="number"
                      value={row.maxDays}
                      onChange={update(i, "maxDays")}
                      autoComplete="off"
                    />
                  </InlineGrid>
                </Box>
              ))}
              <InlineStack gap="200">
                <Button disabled={rows.length >= 5} onClick={() => setRows([...rows, EMPTY_ROW])}>
                  Add a rate
                </Button>
                {rows.length > 1 && (
                  <Button tone="critical" onClick={() => setRows(rows.slice(0, -1))}>
                    Remove the last rate
                  </Button>
                )}
                <backup.Form method="post">
                  <input type="hidden" name="intent" value="backup" />
                  <input type="hidden" name="currency" value={data.currency} />
                  <input type="hidden" name="rows" value={JSON.stringify(rows)} />
                  <Button submit variant="primary" loading={backup.state !== "idle"}>
                    Save backup rates
                  </Button>
                </backup.Form>
              </InlineStack>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
