import type { SerializeFrom } from "@remix-run/node";
import type { ReactNode } from "react";
import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  IndexTable,
  InlineStack,
  Link,
  Text,
  useBreakpoints,
} from "@shopify/polaris";
import type { PublicationRow } from "../data/publications.server";
import type {
  PublicationProduct,
  ShopperPrice,
} from "../pages/publications/publications-page.server";
import { httpUrlOrNull } from "../services/safe-url";
import {
  merchantEarns,
  shopperPays,
  shopperPriceDetail,
} from "../services/merchant-text/publications";
import { CopyButton } from "./CopyField";
import { LOCALES } from "./PublicationForm";
import { Empty } from "./States";
import { useFormat } from "./format";

type Row = SerializeFrom<PublicationRow>;

/** "English" for en; a language this app does not offer any more shows its code. */
const languageOf = (locale: string) => LOCALES.find((l) => l.value === locale)?.label ?? locale;

/** A cell's text wraps within it (table cells keep to one line), so every column fits at 1280 px. */
function Wrap({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  return <div style={{ whiteSpace: "normal", minWidth, overflowWrap: "anywhere" }}>{children}</div>;
}

/** What a listing sells, by name; the id follows in small print. */
/** The publication's title, with a subdued line under it. */
function TitleLine({ row, detail }: { row: Row; detail: string }) {
  return (
    <BlockStack gap="050">
      <Text as="span" fontWeight="semibold" breakWord>
        {row.title}
      </Text>
      <Text as="span" tone="subdued" variant="bodySm">
        {detail}
      </Text>
    </BlockStack>
  );
}

function ProductName({ product }: { product: PublicationProduct | null }) {
  if (!product)
    return (
      <Text as="span" tone="subdued">
        Not recorded
      </Text>
    );
  const name =
    product.kind === "offering"
      ? (product.name ?? "A product no longer in your catalogue")
      : `All of ${product.name ?? "a category"}`;
  return (
    <BlockStack gap="050">
      <Text as="span" breakWord>
        {name}
      </Text>
      <Text as="span" tone="subdued" variant="bodySm">
        {product.kind === "offering" ? `Offering ${product.id}` : `Category ${product.code}`}
      </Text>
    </BlockStack>
  );
}

/** What the shopper pays at the checkout it opens with, or where that is said. */
function ShopperPriceLine({ price }: { price: SerializeFrom<ShopperPrice> | undefined }) {
  const fmt = useFormat();
  if (!price || price.status !== "ok")
    return (
      <Text as="span" tone="subdued" variant="bodySm">
        {price?.reason ?? "Shown at checkout."}
      </Text>
    );
  return (
    <BlockStack gap="050">
      <Text as="span" fontWeight="semibold">
        {shopperPays(fmt.money(price.price))}
      </Text>
      <Text as="span" tone="subdued" variant="bodySm">
        {shopperPriceDetail(price.quantity, price.countryCode)}
      </Text>
      {price.earns ? (
        <Text as="span" variant="bodySm" tone={price.earns.amountMinor > 0 ? "success" : "caution"}>
          {merchantEarns(fmt.money(price.earns), price.earns.amountMinor <= 0)}
        </Text>
      ) : null}
    </BlockStack>
  );
}

function CheckoutLink({ row }: { row: Row }) {
  // The checkout URL comes from the print service: http(s) only.
  const url = httpUrlOrNull(row.checkoutUrl);
  return (
    <InlineStack gap="200" blockAlign="center">
      {url ? (
        <Link url={url} target="_blank" removeUnderline>
          Open checkout
        </Link>
      ) : null}
      <CopyButton of={row.title} value={row.checkoutUrl} />
      {row.secure ? <Badge tone="info">Secure</Badge> : null}
    </InlineStack>
  );
}

function RowActions({
  row,
  onEdit,
  onRemove,
}: {
  row: Row;
  onEdit: (row: Row) => void;
  onRemove: (row: Row) => void;
}) {
  return (
    <InlineStack gap="200" wrap={false}>
      <Button variant="plain" onClick={() => onEdit(row)} accessibilityLabel={`Edit ${row.title}`}>
        Edit
      </Button>
      <Button
        variant="plain"
        tone="critical"
        onClick={() => onRemove(row)}
        accessibilityLabel={`Remove ${row.title}`}
      >
        Remove
      </Button>
    </InlineStack>
  );
}

/**
 * The shop's publications, newest first: what each sells, its checkout link with a copy
 * button, and Edit and Remove; older ones page by page. On a phone each row stacks.
 */
export function PublicationList({
  page,
  after,
  products,
  sources,
  shopperPrices,
  onEdit,
  onRemove,
}: {
  page: { rows: Row[]; nextCursor: string | null };
  after: string | null;
  products: Record<string, PublicationProduct | null>;
  /** Where each listing comes from, in words ("From <variant>"). */
  sources: Record<string, string>;
  shopperPrices: Record<string, SerializeFrom<ShopperPrice>>;
  onEdit: (row: Row) => void;
  onRemove: (row: Row) => void;
}) {
  const fmt = useFormat();
  const { smDown } = useBreakpoints();
  const source = (p: Row) => sources[p.id] ?? "";
  const dates = (p: Row) =>
    p.updatedAt
      ? `${fmt.dateTime(p.createdAt)}, changed ${fmt.dateTime(p.updatedAt)}`
      : fmt.dateTime(p.createdAt);
  return (
    <Card padding="0">
      <Box padding="400">
        <Text as="h2" variant="headingMd">
          Your publications
        </Text>
      </Box>
      <IndexTable
        resourceName={{ singular: "publication", plural: "publications" }}
        itemCount={page.rows.length}
        selectable={false}
        condensed={smDown}
        emptyState={
          <Empty heading="No publications yet">
            <p>
              Create one from a mapped variant or a print file. Shoppers buy it through its checkout
              link.
            </p>
          </Empty>
        }
        headings={[
          { title: "Title" },
          { title: "Product" },
          { title: "Checkout link" },
          { title: "Currency and language" },
          { title: "Created" },
          { title: "Actions" },
        ]}
      >
        {page.rows.map((p, i) => (
          <IndexTable.Row id={p.id} key={p.id} position={i}>
            {smDown ? (
              <IndexTable.Cell>
                <BlockStack gap="200">
                  <TitleLine
                    row={p}
                    detail={`${source(p)} · ${p.currency} · ${languageOf(p.locale)} · ${dates(p)}`}
                  />
                  <ProductName product={products[p.id] ?? null} />
                  <ShopperPriceLine price={shopperPrices[p.id]} />
                  <CheckoutLink row={p} />
                  <RowActions row={p} onEdit={onEdit} onRemove={onRemove} />
                </BlockStack>
              </IndexTable.Cell>
            ) : (
              <>
                <IndexTable.Cell>
                  <Wrap minWidth={160}>
                    <TitleLine row={p} detail={source(p)} />
                  </Wrap>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Wrap minWidth={160}>
                    <BlockStack gap="200">
                      <ProductName product={products[p.id] ?? null} />
                      <ShopperPriceLine price={shopperPrices[p.id]} />
                    </BlockStack>
                  </Wrap>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <CheckoutLink row={p} />
                </IndexTable.Cell>
                <IndexTable.Cell>
                  {p.currency} · {languageOf(p.locale)}
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Wrap minWidth={110}>{dates(p)}</Wrap>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <RowActions row={p} onEdit={onEdit} onRemove={onRemove} />
                </IndexTable.Cell>
              </>
            )}
          </IndexTable.Row>
        ))}
      </IndexTable>
      {page.nextCursor || after ? (
        <Box padding="300">
          <InlineStack gap="200" align="center">
            {after ? <Button url="/app/publications">Newest</Button> : null}
            {page.nextCursor ? (
              <Button url={`/app/publications?after=${page.nextCursor}`}>Older</Button>
            ) : null}
          </InlineStack>
        </Box>
      ) : null}
    </Card>
  );
}
