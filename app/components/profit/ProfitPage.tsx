import type { SerializeFrom } from "@remix-run/node";
import { useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { useId, useState, type ReactNode } from "react";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  ButtonGroup,
  Card,
  DataTable,
  InlineGrid,
  InlineStack,
  Layout,
  Page,
  Text,
} from "@shopify/polaris";
import type { loadProfitPage } from "../../pages/profit/profit-page.server";
import { PageNote } from "../PageNote";
import { saveAsFile } from "../save-file";
import { useFormat } from "../format";
import { MarginAmount } from "./MarginAmount";
import { ProfitChart } from "./ProfitChart";
import { PeriodForm } from "./PeriodForm";
import { csvFileName, type CsvRows } from "./csv";
import type { ProfitReportView } from "./types";
import {
  PROOFS_EXPLAINED,
  proofsLine,
  proofsProfitText,
} from "../../services/merchant-text/proofs";

/** What the Profit route's loader gives: the page's figures and which table is shown. */
export type ProfitPageData = SerializeFrom<
  Awaited<ReturnType<typeof loadProfitPage>> & { view: CsvRows }
>;

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/** The Profit page: the period, the figures, the chart and the tables with their export. */
export function ProfitPage({ data }: { data: ProfitPageData }) {
  const { period, report, refusal, limits, view: rows } = data;
  const navigate = useNavigate();
  const fmt = useFormat();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const setRows = (next: CsvRows) => {
    const query = new URLSearchParams(params);
    if (next === "product") query.set("view", "product");
    else query.delete("view");
    navigate(`/app/profit?${query.toString()}`, { preventScrollReset: true });
  };
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const chartTitle = useId();
  const chartDescription = useId();
  const currency = report?.currency ?? "";
  const money = (amountMinor: number) => fmt.money({ amountMinor, currency });
  const margin = (amountMinor: number) => (
    <MarginAmount margin={{ amountMinor, currency }} text={money(amountMinor)} />
  );
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/app/profit";

  // The export is fetched (the session token goes with it), then saved as a file.
  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const query = new URLSearchParams(params);
      query.set("rows", rows);
      query.delete("view");
      const response = await fetch(`/app/profit/export?${query.toString()}`);
      if (response.status === 400) {
        setExportError((await response.text()).trim());
        return;
      }
      if (!response.ok) throw new Error(String(response.status));
      await saveAsFile(response, csvFileName(rows, period.from, period.to));
    } catch {
      setExportError("The export could not be made. Try again in a moment.");
    } finally {
      setExporting(false);
    }
  };

  const hasProofs = Boolean(report && report.proofs.printOrders > 0);
  const periodText = `${fmt.date(`${period.from}T12:00:00Z`)} – ${fmt.date(`${period.to}T12:00:00Z`)}`;

  return (
    <Page
      title="Profit"
      subtitle="Revenue, print cost and margin of your print orders."
      backAction={{ content: "Home", url: "/app" }}
    >
      <Layout>
        <Layout.Section>
          <Card>
            <PeriodForm
              period={period}
              limits={limits}
              refusal={refusal}
              rows={rows}
              loading={loading}
            />
            {report ? (
              <Box paddingBlockStart="200">
                <Text as="p" tone="subdued" variant="bodySm">
                  {periodText}, days in your shop&apos;s time zone ({period.timeZone}).
                </Text>
              </Box>
            ) : null}
          </Card>
        </Layout.Section>
        {report ? (
          <>
            {hasNotes(report) ? (
              <Layout.Section>
                <Notes report={report} />
              </Layout.Section>
            ) : null}
            <Layout.Section>
              <InlineGrid columns={{ xs: 1, sm: 2, md: 4 }} gap="300">
                <Figure label="Revenue" value={money(report.total.revenueMinor)} />
                <Figure label="Print cost" value={money(report.total.costMinor)} />
                <Figure label="Margin" value={margin(report.total.marginMinor)} />
                <Figure label="Print orders" value={fmt.number(report.total.printOrders)} />
              </InlineGrid>
            </Layout.Section>
            {hasProofs ? (
              <Layout.Section>
                <ProofsCard report={report} money={money} />
              </Layout.Section>
            ) : null}
            <Layout.Section>
              <Card>
                <BlockStack gap="300">
                  <Text as="h2" variant="headingMd" id={chartTitle}>
                    Per day
                  </Text>
                  <Text as="p" tone="subdued" id={chartDescription}>
                    Revenue and print cost as bars, margin as a line, in {report.currency}. The
                    table below has the same figures.
                  </Text>
                  <ProfitChart
                    report={report}
                    titleId={chartTitle}
                    descriptionId={chartDescription}
                  />
                </BlockStack>
              </Card>
            </Layout.Section>
            <Layout.Section>
              <Card padding="0">
                <Box padding="300">
                  <InlineStack align="space-between" blockAlign="center" gap="300" wrap>
                    <Text as="h2" variant="headingMd">
                      {rows === "day" ? "Table per day" : "Table per product"}
                    </Text>
                    <InlineStack gap="200" blockAlign="center" wrap>
                      <ButtonGroup variant="segmented">
                        <Button pressed={rows === "day"} onClick={() => setRows("day")}>
                          Per day
                        </Button>
                        <Button pressed={rows === "product"} onClick={() => setRows("product")}>
                          Per product
                        </Button>
                      </ButtonGroup>
                      <Button onClick={() => void exportCsv()} loading={exporting}>
                        {rows === "day" ? "Export days as CSV" : "Export products as CSV"}
                      </Button>
                    </InlineStack>
                  </InlineStack>
                  {exportError ? (
                    <Box paddingBlockStart="200">
                      <Banner tone="critical" title={exportError} />
                    </Box>
                  ) : null}
                </Box>
                {rows === "day" ? (
                  <DataTable
                    columnContentTypes={[
                      "text",
                      "numeric",
                      "numeric",
                      "numeric",
                      "numeric",
                      // Proofs and profit only when the period has proofs.
                      ...(hasProofs ? (["numeric", "numeric"] as const) : []),
                    ]}
                    headings={[
                      "Day",
                      "Print orders",
                      "Revenue",
                      "Print cost",
                      "Margin",
                      ...(hasProofs ? ["Proofs", "Profit"] : []),
                    ]}
                    rows={report.days.map((d) => [
                      fmt.date(`${d.day}T12:00:00Z`),
                      fmt.number(d.printOrders),
                      money(d.revenueMinor),
                      money(d.costMinor),
                      margin(d.marginMinor),
                      ...(hasProofs ? [money(d.proofCostMinor), margin(d.profitMinor)] : []),
                    ])}
                    totals={[
                      "",
                      fmt.number(report.total.printOrders),
                      money(report.total.revenueMinor),
                      money(report.total.costMinor),
                      margin(report.total.marginMinor),
                      ...(hasProofs
                        ? [money(report.total.proofCostMinor), margin(report.total.profitMinor)]
                        : []),
                    ]}
                    totalsName={{ singular: "Total", plural: "Total" }}
                    showTotalsInFooter
                  />
                ) : report.products.length ? (
                  <DataTable
                    columnContentTypes={["text", "numeric", "numeric", "numeric", "numeric"]}
                    headings={["Product", "Copies", "Revenue", "Print cost", "Margin"]}
                    rows={report.products.map((p) => [
                      p.title || "Untitled product",
                      fmt.number(p.copies),
                      money(p.revenueMinor),
                      money(p.costMinor),
                      margin(p.marginMinor),
                    ])}
                  />
                ) : (
                  <Box padding="300">
                    <Text as="p" tone="subdued">
                      No priced print orders in this period.
                    </Text>
                  </Box>
                )}
              </Card>
            </Layout.Section>
            <Layout.Section>
              <PageNote>
                Revenue is what your customers paid for the printed lines; print cost is what the
                print service charges for them (product, shipping and VAT); margin is the
                difference. Print orders count on the day they were planned; cancelled ones are left
                out. A print order of several products shares its cost between them by what each
                sold for. {PROOFS_EXPLAINED}
              </PageNote>
            </Layout.Section>
          </>
        ) : null}
      </Layout>
    </Page>
  );
}

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Card>
      <BlockStack gap="100">
        <Text as="h3" variant="headingSm" tone="subdued">
          {label}
        </Text>
        <Text as="p" variant="headingLg" numeric>
          {value}
        </Text>
      </BlockStack>
    </Card>
  );
}

/**
 * The period's proof copies: what they cost, and the profit once that cost is taken off the
 * margin, said in words.
 */
function ProofsCard({
  report,
  money,
}: {
  report: ProfitReportView;
  money: (amountMinor: number) => string;
}) {
  const loss = report.total.profitMinor < 0;
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          Proof copies
        </Text>
        <InlineStack align="space-between" blockAlign="baseline" gap="400" wrap>
          <Text as="p" variant="headingLg" numeric>
            {proofsLine(money(report.proofs.costMinor), report.proofs.copies)}
          </Text>
          {/* A loss is said in words and in the critical tone, not by colour alone. */}
          <Text as="p" variant="headingLg" numeric {...(loss ? { tone: "critical" as const } : {})}>
            {`${loss ? "Loss" : "Profit"} for the period: ${money(Math.abs(report.total.profitMinor))}`}
          </Text>
        </InlineStack>
        <Text as="p" tone="subdued">
          {proofsProfitText({
            margin: money(report.total.marginMinor),
            proofs: money(report.proofs.costMinor),
            profit: money(report.total.profitMinor),
            printOrders: report.proofs.printOrders,
          })}
        </Text>
      </BlockStack>
    </Card>
  );
}

function hasNotes(report: ProfitReportView): boolean {
  return Boolean(report.unpriced || report.unconverted.length || report.conversions.length);
}

/** What the figures leave out, and how other currencies were converted, in plain words. */
function Notes({ report }: { report: ProfitReportView }) {
  const notes: string[] = [];
  if (report.unpriced)
    notes.push(
      `${count(report.unpriced, "print order has", "print orders have")} no print cost yet (not quoted) and ${report.unpriced === 1 ? "is" : "are"} left out until ${report.unpriced === 1 ? "it is" : "they are"}.`,
    );
  for (const u of report.unconverted)
    notes.push(
      `${count(u.printOrders, "print order", "print orders")} in ${u.currency} ${u.printOrders === 1 ? "is" : "are"} left out: the print service gave no exchange rate to convert ${u.currency} to ${report.currency}.`,
    );
  if (report.conversions.length)
    notes.push(
      `Print costs in other currencies are converted to ${report.currency} at the print service's rate: ${report.conversions.join("; ")}.`,
    );
  if (!notes.length) return null;
  return (
    <Banner tone={report.unconverted.length ? "warning" : "info"}>
      <BlockStack gap="100">
        {notes.map((n) => (
          <p key={n}>{n}</p>
        ))}
      </BlockStack>
    </Banner>
  );
}
