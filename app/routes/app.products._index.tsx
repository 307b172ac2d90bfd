import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  Form,
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
  useSearchParams,
  useSubmit,
} from "@remix-run/react";
import { useState, type ReactNode } from "react";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  EmptySearchResult,
  IndexTable,
  InlineStack,
  Link,
  Page,
  Pagination,
  Text,
  TextField,
  Thumbnail,
  useIndexResourceState,
} from "@shopify/polaris";
import { z } from "zod";
import { authenticate } from "../shopify.server";
import { unmapVariants } from "../models/mapping-form.server";
import { listProducts, variantGid } from "../models/products.server";
import { storedMargins, workOutMargins, type ListedMargin } from "../models/mapping-margin.server";
import { offeringNames } from "../models/catalogue.server";
import { countBelowTarget } from "../models/repricing.server";
import { ShopifyAdminError } from "../services/shopify-admin";
import { Empty, RouteError } from "../components/States";
import { MappingBadge } from "../components/StatusBadge";
import { useFormat } from "../components/format";
import { MarginAmount } from "../components/profit/MarginAmount";

const querySchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  after: z.string().max(500).optional(),
  before: z.string().max(500).optional(),
  mapped: z.coerce.number().int().nonnegative().optional().catch(undefined),
});

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  try {
    const page = await listProducts({
      shop: session.shop,
      admin,
      search: query.q,
      after: query.after,
      before: query.before,
    });
    const variants = page.products.flatMap((p) => p.variants);
    // Margins come from quotes stored when they were worked out: no quote per row per view.
    const [margins, names, belowTarget] = await Promise.all([
      storedMargins({ shop: session.shop, variants }),
      offeringNames({
        shop: session.shop,
        ids: variants.map((v) => v.mapping.offeringId).filter((id): id is number => id !== null),
      }),
      // Created products whose margin fell below the target (kept quotes only, no network).
      countBelowTarget({ shop: session.shop }),
    ]);
    return json({
      page,
      margins,
      belowTarget,
      offeringNames: names,
      error: null,
      q: query.q ?? "",
      mapped: query.mapped ?? null,
    });
  } catch (error) {
    if (!(error instanceof ShopifyAdminError)) throw error;
    return json({
      page: null,
      margins: {} as Record<string, ListedMargin>,
      belowTarget: 0,
      offeringNames: {} as Record<string, string>,
      error: error.message,
      q: query.q ?? "",
      mapped: query.mapped ?? null,
    });
  }
};

const variantIdList = z
  .string()
  .transform((v) => v.split(",").filter(Boolean))
  .pipe(
    z
      .array(z.string().regex(/^(gid:\/\/shopify\/ProductVariant\/)?\d+$/))
      .min(1)
      .max(250),
  );

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("unmap"), variantIds: variantIdList }),
  z.object({ intent: z.literal("margins"), variantIds: variantIdList }),
]);

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success)
    return json({ ok: false, message: "Choose variants to unmap." }, { status: 400 });
  if (parsed.data.intent === "margins") {
    const worked = await workOutMargins({
      shop: session.shop,
      admin,
      variantIds: parsed.data.variantIds.map(variantGid),
    });
    const count = (n: number) => (n === 1 ? "1 variant" : `${n} variants`);
    return json({
      ok: worked.failed === 0,
      message:
        `Margins worked out for ${count(worked.done)}.` +
        (worked.failed
          ? ` ${count(worked.failed)} could not be quoted: open ${worked.failed === 1 ? "its" : "their"} mapping to see why.`
          : ""),
    });
  }
  const result = await unmapVariants({
    shop: session.shop,
    admin,
    variantIds: parsed.data.variantIds.map(variantGid),
  });
  if (!result.ok) return json({ ok: false, message: result.message }, { status: 502 });
  const count = result.removed;
  return json({
    ok: true,
    message: count === 1 ? "1 variant unmapped." : `${count} variants unmapped.`,
  });
};

export default function Products() {
  const { page, margins, belowTarget, offeringNames, error, q, mapped } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const submit = useSubmit();
  const fmt = useFormat();
  const [search, setSearch] = useState(q);
  const loading = navigation.state !== "idle";

  const rows = (page?.products ?? []).flatMap((p) =>
    p.variants.map((v, i) => ({ ...v, id: v.id, product: p, first: i === 0 })),
  );
  const { selectedResources, allResourcesSelected, handleSelectionChange, clearSelection } =
    useIndexResourceState(rows);
  const selected = allResourcesSelected ? rows.map((r) => r.id) : selectedResources;

  const go = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    next.delete("mapped");
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    clearSelection();
    navigate(`/app/products?${next.toString()}`);
  };

  const bulkMap = () => {
    const next = new URLSearchParams();
    for (const id of selected) next.append("variant", id.split("/").pop() ?? id);
    navigate(`/app/products/bulk?${next.toString()}`);
  };
  const missingMargins = rows
    .filter((r) => r.mapping.offeringId !== null && margins[r.id]?.status === "unknown")
    .map((r) => r.id);
  const workingOut =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "margins";
  const unmap = () => {
    submit({ intent: "unmap", variantIds: selected.join(",") }, { method: "post" });
    clearSelection();
  };

  return (
    <Page
      title="Products"
      subtitle="Link each Shopify variant to what the print service makes."
      backAction={{ content: "Home", url: "/app" }}
      primaryAction={{ content: "Create product", url: "/app/products/new" }}
      secondaryActions={[{ content: "Prices below target", url: "/app/products/prices" }]}
    >
      <BlockStack gap="400">
        {mapped ? (
          <Banner tone="success" title={`${fmt.number(mapped)} variant(s) mapped.`} />
        ) : null}
        {result ? (
          <Banner tone={result.ok ? "success" : "critical"} title={result.message} />
        ) : null}
        {belowTarget > 0 ? (
          <Banner
            tone="warning"
            title={
              belowTarget === 1
                ? "1 variant sells below your target margin"
                : `${fmt.number(belowTarget)} variants sell below your target margin`
            }
            action={{ content: "Review prices", url: "/app/products/prices" }}
          >
            <p>
              Their print cost went up, or their price changed, since they were priced. Review them
              and reprice them in one go.
            </p>
          </Banner>
        ) : null}
        {missingMargins.length ? (
          <Banner
            tone="info"
            title={
              missingMargins.length === 1
                ? "1 mapped variant on this page has no margin worked out yet"
                : `${fmt.number(missingMargins.length)} mapped variants on this page have no margin worked out yet`
            }
          >
            <BlockStack gap="200">
              <p>
                The margin is the Shopify price minus print, shipping and VAT to your shop&apos;s
                country. Working it out asks the print service for a quote of each.
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="margins" />
                <input type="hidden" name="variantIds" value={missingMargins.join(",")} />
                <Button submit loading={workingOut}>
                  Work out margins
                </Button>
              </Form>
            </BlockStack>
          </Banner>
        ) : null}
        {error ? (
          <Banner tone="critical" title="Your products could not be loaded from Shopify">
            <p>{error}</p>
            <p>Reload the page to try again.</p>
          </Banner>
        ) : null}
        <Card padding="0">
          <Box padding="300">
            <Form method="get" action="/app/products">
              <InlineStack gap="200" blockAlign="end" wrap={false}>
                <div style={{ flex: 1 }}>
                  <TextField
                    label="Search products"
                    labelHidden
                    name="q"
                    value={search}
                    onChange={setSearch}
                    placeholder="Search by title, SKU or type"
                    autoComplete="off"
                    clearButton
                    onClearButtonClick={() => setSearch("")}
                  />
                </div>
                <Button submit loading={loading && navigation.formMethod === "GET"}>
                  Search
                </Button>
              </InlineStack>
            </Form>
          </Box>
          <IndexTable
            resourceName={{ singular: "variant", plural: "variants" }}
            itemCount={rows.length}
            selectedItemsCount={allResourcesSelected ? "All" : selectedResources.length}
            onSelectionChange={handleSelectionChange}
            loading={loading}
            promotedBulkActions={[{ content: "Map to one offering", onAction: bulkMap }]}
            bulkActions={[{ content: "Unmap", onAction: unmap }]}
            emptyState={
              q ? (
                <EmptySearchResult
                  title="No products found"
                  description={`Nothing matches “${q}”.`}
                  withIllustration
                />
              ) : (
                <Empty heading="No products yet">
                  <p>Add products in Shopify, then map them to print offerings here.</p>
                </Empty>
              )
            }
            headings={[
              { title: "Product" },
              { title: "Variant" },
              { title: "SKU" },
              { title: "Price", alignment: "end" },
              { title: "Margin", alignment: "end" },
              { title: "Print mapping" },
              { title: "Offering" },
            ]}
          >
            {rows.map((row, index) => (
              <IndexTable.Row
                id={row.id}
                key={row.id}
                position={index}
                selected={selected.includes(row.id)}
              >
                <IndexTable.Cell>
                  <InlineStack gap="200" blockAlign="center" wrap={false}>
                    {row.first ? (
                      // A wrapping title next to it must not squeeze the picture.
                      <div style={{ flexShrink: 0 }}>
                        <Thumbnail
                          source={
                            row.product.imageUrl ??
                            "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"
                          }
                          alt=""
                          size="small"
                        />
                      </div>
                    ) : (
                      <Box minWidth="40px" />
                    )}
                    <Wrap minWidth={120}>
                      <Text
                        as="span"
                        fontWeight={row.first ? "semibold" : "regular"}
                        tone={row.first ? undefined : "subdued"}
                      >
                        {row.product.title}
                      </Text>
                    </Wrap>
                  </InlineStack>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Wrap minWidth={72}>
                    <Link url={`/app/products/${row.legacyId}`} dataPrimaryLink removeUnderline>
                      {row.title === "Default Title" ? "Default" : row.title}
                    </Link>
                  </Wrap>
                </IndexTable.Cell>
                <IndexTable.Cell>{row.sku ?? "—"}</IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {fmt.money(row.price)}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <MarginCell margin={margins[row.id]} />
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <MappingBadge state={row.mapping.state} />
                </IndexTable.Cell>
                <IndexTable.Cell>
                  {row.mapping.offeringId ? (
                    <Wrap minWidth={100}>
                      <Link
                        url={`/app/catalogue/${row.mapping.offeringId}`}
                        removeUnderline
                        monochrome
                      >
                        {offeringNames[String(row.mapping.offeringId)] ??
                          `Offering ${row.mapping.offeringId}`}
                      </Link>
                    </Wrap>
                  ) : (
                    <Button
                      variant="plain"
                      url={`/app/products/${row.legacyId}`}
                      accessibilityLabel={`Map ${row.displayName}`}
                    >
                      Map
                    </Button>
                  )}
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
          {page && (page.pageInfo.hasNextPage || page.pageInfo.hasPreviousPage) ? (
            <Box padding="300" borderBlockStartWidth="025" borderColor="border">
              <InlineStack align="center">
                <Pagination
                  hasPrevious={page.pageInfo.hasPreviousPage}
                  onPrevious={() => go({ before: page.pageInfo.startCursor, after: null })}
                  hasNext={page.pageInfo.hasNextPage}
                  onNext={() => go({ after: page.pageInfo.endCursor, before: null })}
                />
              </InlineStack>
            </Box>
          ) : null}
        </Card>
      </BlockStack>
    </Page>
  );
}

/** Long titles and names wrap instead of pushing columns behind a horizontal scroll. */
function Wrap({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  return <div style={{ whiteSpace: "normal", minWidth, overflowWrap: "anywhere" }}>{children}</div>;
}

/** Margin of one sale to the shop's country; a loss in the critical tone and in words. */
function MarginCell({ margin }: { margin: ListedMargin | undefined }) {
  const fmt = useFormat();
  if (!margin)
    return (
      <Text as="p" alignment="end">
        —
      </Text>
    );
  if (margin.status === "unknown")
    return (
      <Text as="p" tone="subdued" alignment="end">
        Not worked out
      </Text>
    );
  if (margin.status === "no_rate")
    return (
      <Text as="p" tone="subdued" alignment="end">
        No exchange rate
      </Text>
    );
  const copies = margin.quantity === 1 ? "1 copy" : `${fmt.number(margin.quantity)} copies`;
  return (
    <BlockStack gap="050" inlineAlign="end">
      <Text as="span" numeric alignment="end">
        <MarginAmount margin={margin.margin} text={fmt.money(margin.margin)} />
      </Text>
      <Text as="span" variant="bodySm" tone="subdued" alignment="end">
        {copies} to {margin.countryCode}
      </Text>
    </BlockStack>
  );
}

export function ErrorBoundary() {
  return <RouteError title="Products" />;
}
