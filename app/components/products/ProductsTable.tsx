import { Form, useNavigate, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import {
  Box,
  Button,
  Card,
  EmptySearchResult,
  IndexTable,
  InlineStack,
  Link,
  Pagination,
  Text,
  TextField,
  Thumbnail,
  useIndexResourceState,
} from "@shopify/polaris";
import type { ProductPage } from "../../pages/products/products.server";
import type { ListedMargin } from "../../services/pricing/mapping-margin";
import { legacyIdOf } from "../../services/shopify-admin/ids";
import { useFormat } from "../format";
import { Empty } from "../States";
import { MappingBadge } from "../StatusBadge";
import { MarginCell } from "./MarginCell";

/** A transparent pixel: rows without a product image keep their height and alignment. */
const NO_IMAGE = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

/** Long titles and names wrap instead of pushing columns behind a horizontal scroll. */
function Wrap({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  return <div style={{ whiteSpace: "normal", minWidth, overflowWrap: "anywhere" }}>{children}</div>;
}

/**
 * The search box. Its own component, so typing re-renders the box alone, not the table.
 */
function ProductSearch({ q, loading }: { q: string; loading: boolean }) {
  const [search, setSearch] = useState(q);
  return (
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
        <Button submit loading={loading}>
          Search
        </Button>
      </InlineStack>
    </Form>
  );
}

/**
 * The search box, one row per variant (the product named on its first), the
 * bulk actions (map to one offering, unmap) and the page links.
 */
export function ProductsTable({
  page,
  margins,
  offeringNames,
  q,
}: {
  page: ProductPage | null;
  margins: Record<string, ListedMargin>;
  offeringNames: Record<string, string>;
  q: string;
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const submit = useSubmit();
  const fmt = useFormat();
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
    for (const id of selected) next.append("variant", legacyIdOf(id));
    navigate(`/app/products/bulk?${next.toString()}`);
  };
  const unmap = () => {
    submit({ intent: "unmap", variantIds: selected.join(",") }, { method: "post" });
    clearSelection();
  };

  return (
    <Card padding="0">
      <Box padding="300">
        <ProductSearch q={q} loading={loading && navigation.formMethod === "GET"} />
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
                    <Thumbnail source={row.product.imageUrl ?? NO_IMAGE} alt="" size="small" />
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
                  <Link url={`/app/catalogue/${row.mapping.offeringId}`} removeUnderline monochrome>
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
  );
}
