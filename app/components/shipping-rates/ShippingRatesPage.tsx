import type { SerializeFrom } from "@remix-run/node";
import { useFetcher } from "@remix-run/react";
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
import { useRef, useState } from "react";
import { listFieldValues, useFieldErrors } from "../form-field";
import { UnsavedChanges, useFormBaseline } from "../UnsavedChanges";
import { useFormatContext } from "../format";
import type {
  loadShippingRatesPage,
  ShippingRatesAnswer,
} from "../../pages/shipping-rates/shipping-rates.server";
import {
  backupRateRows,
  type BackupRateRow,
  type BackupRatesFormResult,
} from "../../services/rates/backup-rate-form";

export type ShippingRatesPageData = SerializeFrom<
  Awaited<ReturnType<typeof loadShippingRatesPage>>
>;

const EMPTY_ROW: BackupRateRow = { name: "", code: "", amount: "", minDays: "", maxDays: "" };

/** Checkout shipping rates: the carrier service on or off, and the backup rates. */
export function ShippingRatesPage({ data }: { data: ShippingRatesPageData }) {
  const toggle = useFetcher<ShippingRatesAnswer>();
  const backup = useFetcher<BackupRatesFormResult>();
  // Prices are shown and read in the admin's language ("4,95" in German).
  const { locale } = useFormatContext();
  const form = useFormBaseline<BackupRateRow[]>(
    data.backupRates.length ? backupRateRows(data.backupRates, data.currency, locale) : [EMPTY_ROW],
  );
  const { values: rows, setValues: setRows } = form;
  // Saved: the rows sent are the baseline (then the stored rates, as the loader reads them back).
  // A refusal keeps the rows unsaved.
  const backupForm = useRef<HTMLFormElement>(null);
  const [sent, setSent] = useState<BackupRateRow[] | null>(null);
  const [handledResult, setHandledResult] = useState(backup.data);
  if (handledResult !== backup.data) {
    setHandledResult(backup.data);
    if (backup.data?.ok && sent) form.commit(sent);
  }
  const update = (i: number, field: keyof BackupRateRow) => (value: string) =>
    setRows((current) => current.map((r, j) => (j === i ? { ...r, [field]: value } : r)));
  // Errors are keyed "rows.<i>.<field>"; each goes once its field changes.
  const errors = useFieldErrors(
    backup.data && !backup.data.ok ? backup.data.fieldErrors : null,
    listFieldValues("rows", rows),
  );
  const rowField = (i: number, field: keyof BackupRateRow) => ({
    value: rows[i]![field],
    onChange: update(i, field),
    error: errors[`rows.${i}.${field}`],
    autoComplete: "off",
  });
  const busy = toggle.state !== "idle";
  const result = toggle.data ?? backup.data;

  return (
    <Page title="Shipping rates at checkout" backAction={{ content: "Home", url: "/app" }}>
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
                {data.callback}
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
              {rows.map((_, i) => (
                <Box key={i} paddingBlockEnd="200">
                  <InlineGrid columns={{ xs: 1, md: 5 }} gap="200">
                    <TextField label="Name" {...rowField(i, "name")} />
                    <TextField label="Code" {...rowField(i, "code")} />
                    <TextField
                      label={`Price (${data.currency})`}
                      {...rowField(i, "amount")}
                      inputMode="decimal"
                    />
                    <TextField label="Min. days" {...rowField(i, "minDays")} inputMode="numeric" />
                    <TextField label="Max. days" {...rowField(i, "maxDays")} inputMode="numeric" />
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
                <backup.Form method="post" ref={backupForm} onSubmit={() => setSent(rows)}>
                  <input type="hidden" name="intent" value="backup" />
                  <input type="hidden" name="locale" value={locale} />
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
      <UnsavedChanges
        dirty={form.dirty}
        saving={backup.state !== "idle"}
        onSave={() => backupForm.current?.requestSubmit()}
        onDiscard={form.discard}
      />
    </Page>
  );
}
