import type { SerializeFrom } from "@remix-run/node";
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
} from "@shopify/polaris";
import { legacyIdOf } from "../models/admin-shared";
import type { PublicationRow } from "../models/publications.server";
import { httpUrlOrNull } from "../services/safe-url";
import { Empty } from "./States";
import { useFormat } from "./format";

/** The shop's publications, newest first, with their checkout links; older ones page by page. */
export function PublicationList({
  page,
  after,
}: {
  page: { rows: SerializeFrom<PublicationRow>[]; nextCursor: string | null };
  after: string | null;
}) {
  const fmt = useFormat();
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
          { title: "Checkout link" },
          { title: "Currency" },
          { title: "Created" },
        ]}
      >
        {page.rows.map((p, i) => (
          <IndexTable.Row id={p.id} key={p.id} position={i}>
            <IndexTable.Cell>
              <BlockStack gap="050">
                <Text as="span" fontWeight="semibold">
                  {p.title}
                </Text>
                <Text as="span" tone="subdued" variant="bodySm">
                  {p.variantId ? `From variant ${legacyIdOf(p.variantId)}` : "From a file"}
                </Text>
              </BlockStack>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <InlineStack gap="200" blockAlign="center">
                {/* The checkout URL comes from the print service: http(s) only. */}
                {httpUrlOrNull(p.checkoutUrl) ? (
                  <Link url={p.checkoutUrl} target="_blank" removeUnderline>
                    Open checkout
                  </Link>
                ) : null}
                {p.secure ? <Badge tone="info">Secure</Badge> : null}
              </InlineStack>
            </IndexTable.Cell>
            <IndexTable.Cell>
              {p.currency} · {p.locale}
            </IndexTable.Cell>
            <IndexTable.Cell>{fmt.dateTime(p.createdAt)}</IndexTable.Cell>
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
