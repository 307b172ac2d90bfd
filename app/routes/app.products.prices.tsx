import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { Banner, BlockStack, Card, List, Page, Text } from "@shopify/polaris";
import { z } from "zod";
import { authenticate } from "../shopify.server";
import {
  checkPrintPrices,
  listBelowTarget,
  repriceVariants,
  type BelowTargetList,
} from "../models/repricing.server";
import { countryName } from "../models/mapping-margin.server";
import { ShopifyAdminError } from "../services/shopify-admin";
import { Empty, RouteError } from "../components/States";
import { useFormat } from "../components/format";
import { RepriceTable } from "../components/repricing/RepriceTable";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  try {
    const list = await listBelowTarget({ shop: session.shop, admin });
    return json({
      list,
      countryName: list.countryCode ? countryName(list.countryCode) : null,
      error: null,
    });
  } catch (error) {
    if (!(error instanceof ShopifyAdminError)) throw error;
    return json({ list: null as BelowTargetList | null, countryName: null, error: error.message });
  }
};

const variantIds = z
  .string()
  .transform((v) => v.split(",").filter(Boolean))
  .pipe(
    z
      .array(z.string().regex(/^gid:\/\/shopify\/ProductVariant\/\d+$/))
      .min(1)
      .max(250),
  );

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("check") }),
  z.object({ intent: z.literal("reprice"), variantIds }),
]);

const count = (n: number) => (n === 1 ? "1 variant" : `${n} variants`);

interface Answer {
  /** Everything asked for was done. */
  ok: boolean;
  /** Some of it was done (a warning rather than an error). */
  partly: boolean;
  message: string;
  failed: { variantId: string; title: string; message: string }[];
}

const answer = (a: Answer, status = 200) => json(a, { status });

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success)
    return answer(
      {
        ok: false,
        partly: false,
        message: "Nothing to reprice: reload the page and try again.",
        failed: [],
      },
      400,
    );
  if (parsed.data.intent === "check") {
    const result = await checkPrintPrices({ shop: session.shop, admin });
    if (result.problem && result.checked === 0)
      return answer({ ok: false, partly: false, message: result.problem, failed: [] });
    if (result.checked === 0)
      return answer({
        ok: true,
        partly: false,
        message: "There are no products created with Print Connect to check yet.",
        failed: [],
      });
    return answer({
      ok: !result.problem,
      partly: Boolean(result.problem),
      message:
        `Print prices checked for ${count(result.checked)}: ` +
        (result.changed === 0 ? "none changed." : `${result.changed} changed.`) +
        (result.problem ? ` ${result.problem}` : ""),
      failed: [],
    });
  }
  try {
    const result = await repriceVariants({
      shop: session.shop,
      admin,
      variantIds: parsed.data.variantIds,
    });
    const parts = [`${count(result.repriced)} repriced in Shopify.`];
    if (result.skipped)
      parts.push(
        result.skipped === 1
          ? "1 variant already meets its target and was left as it was."
          : `${result.skipped} variants already meet their target and were left as they were.`,
      );
    if (result.failed.length) parts.push(`${count(result.failed.length)} could not be repriced:`);
    return answer({
      ok: result.failed.length === 0,
      partly: result.failed.length > 0 && result.repriced > 0,
      message: parts.join(" "),
      failed: result.failed,
    });
  } catch (error) {
    if (!(error instanceof ShopifyAdminError)) throw error;
    return answer({
      ok: false,
      partly: false,
      message: `Nothing was repriced: ${error.message} Try again in a moment.`,
      failed: [],
    });
  }
};

export default function PricesBelowTarget() {
  const { list, countryName, error } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const fmt = useFormat();
  const busy = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const rows = list?.rows ?? [];
  const market = countryName ?? "your shop's country";

  const reprice = () =>
    submit(
      { intent: "reprice", variantIds: rows.map((r) => r.variantId).join(",") },
      { method: "post" },
    );
  const check = () => submit({ intent: "check" }, { method: "post" });

  return (
    <Page
      title="Prices below your target margin"
      subtitle="Products created with Print Connect whose print cost went up since their price was set."
      backAction={{ content: "Products", url: "/app/products" }}
      primaryAction={
        rows.length
          ? {
              content:
                rows.length === 1
                  ? "Reprice 1 variant"
                  : `Reprice ${fmt.number(rows.length)} variants`,
              disabled: Boolean(busy),
              loading: busy === "reprice",
              onAction: reprice,
            }
          : undefined
      }
      secondaryActions={[
        {
          content: "Check print prices now",
          disabled: Boolean(busy),
          loading: busy === "check",
          onAction: check,
        },
      ]}
    >
      <BlockStack gap="400">
        {result ? (
          <Banner
            tone={result.ok ? "success" : result.partly ? "warning" : "critical"}
            title={result.message}
          >
            {result.failed.length ? (
              <List>
                {result.failed.map((f) => (
                  <List.Item key={f.variantId}>
                    {f.title ? <strong>{f.title}: </strong> : null}
                    {f.message}
                  </List.Item>
                ))}
              </List>
            ) : null}
          </Banner>
        ) : null}
        {list?.recheck ? <RecheckBanner recheck={list.recheck} /> : null}
        {error ? (
          <Banner tone="critical" title="Your prices could not be read from Shopify">
            <p>{error}</p>
            <p>Reload the page to try again.</p>
          </Banner>
        ) : null}
        {list?.notes.length ? (
          <Banner tone="info" title="Some variants are not compared">
            <List>
              {list.notes.map((note) => (
                <List.Item key={note}>{note}</List.Item>
              ))}
            </List>
          </Banner>
        ) : null}
        {list ? (
          <Card padding="0">
            {rows.length ? (
              <RepriceTable rows={rows} countryName={countryName} />
            ) : list.watched === 0 && list.notes.length === 0 ? (
              <Empty
                heading="No products created with Print Connect yet"
                action={{ content: "Create product", url: "/app/products/new" }}
              >
                <p>
                  Products you create here are watched: when the print service&apos;s prices go up,
                  the ones that no longer earn your target margin are listed on this page.
                </p>
              </Empty>
            ) : (
              <Empty heading="All prices are at or above your target margin">
                <p>
                  {list.watched === 1
                    ? "The variant created with Print Connect earns"
                    : `All ${fmt.number(list.watched)} variants created with Print Connect earn`}{" "}
                  at least the margin you chose when you created{" "}
                  {list.watched === 1 ? "it" : "them"}.
                </p>
              </Empty>
            )}
          </Card>
        ) : null}
        {list ? (
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                How the new price is worked out
              </Text>
              <Text as="p">
                The print cost is what the print service charges for the smallest sale of a variant
                to {market}: printing, shipping and VAT, for one copy (or per copy when it is sold
                by more than one). The new price is that cost with the margin or markup you chose
                when you created the product, rounded up the way you chose (for example to .99), so
                it never earns less than your target. A variant is listed when its Shopify price
                earns less than that target.
              </Text>
              <Text as="p" tone="subdued">
                {list.checkedAt
                  ? `Print prices last checked ${fmt.dateTime(list.checkedAt)}.`
                  : "Print prices not checked yet."}{" "}
                {list.validUntil
                  ? `The print service promises its current prices until ${fmt.dateTime(list.validUntil)}; after that they are checked again when you open this page.`
                  : "They are checked again when you open this page after a week, or whenever you choose “Check print prices now”."}
              </Text>
            </BlockStack>
          </Card>
        ) : null}
      </BlockStack>
    </Page>
  );
}

function RecheckBanner({ recheck }: { recheck: NonNullable<BelowTargetList["recheck"]> }) {
  const why =
    recheck.reason === "expired"
      ? "The print service's prices were due for renewal"
      : "Some variants had no print price yet";
  if (recheck.problem && recheck.checked === 0)
    return (
      <Banner tone="warning" title={`${why}, but they could not be checked`}>
        <p>{recheck.problem}</p>
        <p>The list below uses the print prices last known. Check print prices again later.</p>
      </Banner>
    );
  return (
    <Banner
      tone="info"
      title={`${why}, so they were checked again: ${
        recheck.changed === 0
          ? "no change"
          : `${recheck.changed === 1 ? "1 variant's" : `${recheck.changed} variants'`} print cost changed`
      }.`}
    >
      {recheck.problem ? <p>{recheck.problem}</p> : null}
    </Banner>
  );
}

export function ErrorBoundary() {
  return <RouteError title="Prices below your target margin" />;
}
