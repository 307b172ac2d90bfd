import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  DataTable,
  InlineStack,
  Layout,
  Link,
  Page,
  Text,
} from "@shopify/polaris";
import type { CreationView } from "../../pages/create-product/index.server";
import { ISBN_TEXT } from "../../services/merchant-text/isbn";
import { CopyField } from "../CopyField";
import { useFormat } from "../format";
import { MarginAmount } from "../profit/MarginAmount";
import { httpUrlOrNull } from "../../services/safe-url";
import { ProofApprovalCard } from "./ProofApprovalCard";

/**
 * What a product creation made: the product in Shopify, each variant with its
 * price, cost and margin and a link to its mapping, the image, the checkout
 * page listing, and what went wrong, in plain words. A failed creation says
 * what happened and offers to try again with the same values.
 */
export function CreationSummary({
  creation,
  approvalProblem = null,
}: {
  creation: CreationView;
  /** Why approving the proof did not go through, from the action. */
  approvalProblem?: string | null;
}) {
  const fmt = useFormat();
  const failed = creation.state === "failed";
  const done = creation.state === "done";
  const listings = creation.publications?.length
    ? creation.publications
    : creation.publication
      ? [{ label: "", checkoutUrl: creation.publication.checkoutUrl }]
      : [];
  const retryUrl = `/app/products/new?retry=${encodeURIComponent(creation.id)}`;
  const money = (amountMinor: number | null, currency: string) =>
    amountMinor === null ? "—" : fmt.money({ amountMinor, currency });
  const share = (bps: number | null) =>
    bps === null ? "—" : fmt.number(bps / 10_000, { style: "percent", maximumFractionDigits: 1 });
  return (
    <Page
      title={creation.title}
      titleMetadata={
        failed ? (
          <Badge tone="critical">Not created</Badge>
        ) : !done ? (
          <Badge tone="attention">Unfinished</Badge>
        ) : creation.status === "active" ? (
          <Badge tone="success">Active</Badge>
        ) : (
          <Badge>Draft</Badge>
        )
      }
      subtitle={`${done ? "Created" : "Started"} ${fmt.dateTime(creation.createdAt)}`}
      backAction={{ content: "Products", url: "/app/products" }}
      primaryAction={
        failed
          ? { content: "Try again", url: retryUrl }
          : creation.adminUrl
            ? { content: "Open in Shopify", url: creation.adminUrl, target: "_top" }
            : undefined
      }
      secondaryActions={[{ content: "Create another product", url: "/app/products/new" }]}
    >
      <Layout>
        <Layout.Section variant="fullWidth">
          {failed ? (
            <Banner tone="critical" title="The product was not created">
              <BlockStack gap="200">
                <Text as="p">{creation.problem ?? "Something went wrong while creating it."}</Text>
                <Text as="p">Try again opens the form with the same values.</Text>
              </BlockStack>
            </Banner>
          ) : done ? (
            <Banner
              tone={creation.problem ? "warning" : "success"}
              title={
                creation.status === "active"
                  ? "Product created and for sale in your store"
                  : "Product created as a draft in your store"
              }
            >
              <BlockStack gap="200">
                <Text as="p">
                  Its variants are mapped: paid orders of them go to print without anything else to
                  do.
                </Text>
                {creation.problem ? <Text as="p">{creation.problem}</Text> : null}
              </BlockStack>
            </Banner>
          ) : (
            <Banner tone="warning" title="This product is not finished">
              <BlockStack gap="200">
                <Text as="p">
                  {creation.problem ??
                    "Creating it stopped before the end. Trying again finishes it without making a second product."}
                </Text>
              </BlockStack>
            </Banner>
          )}
        </Layout.Section>
        {creation.variants.length ? (
          <Layout.Section>
            <Card padding="0">
              <BlockStack>
                <div style={{ padding: "var(--p-space-400)" }}>
                  <Text as="h2" variant="headingMd">
                    {done ? "Variants" : "Planned variants"}
                  </Text>
                </div>
                {creation.variants.some((v) => v.isbnAlsoOn?.length) ? (
                  <div style={{ padding: "0 var(--p-space-400) var(--p-space-400)" }}>
                    <Banner tone="warning" title="An ISBN is on another product too">
                      <BlockStack gap="100">
                        {creation.variants
                          .filter((v) => v.isbn && v.isbnAlsoOn?.length)
                          .map((v) => (
                            <BlockStack gap="050" key={v.index}>
                              <Text as="p">
                                {ISBN_TEXT.alsoOn(
                                  v.isbn!,
                                  v.isbnAlsoOn.map((u) => u.title),
                                )}
                              </Text>
                              <InlineStack gap="300">
                                {v.isbnAlsoOn.map((u) => (
                                  <Link key={u.url} url={u.url}>
                                    {`Open “${u.title || "the other product"}”`}
                                  </Link>
                                ))}
                                {v.mappingUrl ? (
                                  <Link url={v.mappingUrl}>{`Change the ISBN of ${v.label}`}</Link>
                                ) : null}
                              </InlineStack>
                            </BlockStack>
                          ))}
                      </BlockStack>
                    </Banner>
                  </div>
                ) : null}
                <DataTable
                  columnContentTypes={["text", "numeric", "numeric", "numeric", "numeric", "text"]}
                  headings={["Variant", "Price", "Cost", "Margin", "Share", "Mapping"]}
                  rows={creation.variants.map((v) => [
                    <BlockStack gap="050" key="label">
                      <Text as="span" fontWeight="semibold">
                        {v.label}
                      </Text>
                      {v.offeringName && v.offeringName !== v.label ? (
                        <Text as="span" variant="bodySm" tone="subdued">
                          {v.offeringName}
                        </Text>
                      ) : null}
                      {v.isbn ? (
                        <Text as="span" variant="bodySm" tone="subdued">
                          ISBN {v.isbn}
                        </Text>
                      ) : null}
                    </BlockStack>,
                    money(v.priceMinor, v.currency),
                    money(v.costMinor, v.currency),
                    v.marginMinor === null ? (
                      "—"
                    ) : (
                      <MarginAmount
                        key="margin"
                        margin={{ amountMinor: v.marginMinor, currency: v.currency }}
                        text={money(v.marginMinor, v.currency)}
                      />
                    ),
                    share(v.marginBps),
                    v.mappingUrl ? (
                      <BlockStack gap="100" key="mapping">
                        <Link url={v.mappingUrl} accessibilityLabel={`Mapping of ${v.label}`}>
                          Mapping
                        </Link>
                        {v.proofUrl ? (
                          <Link
                            url={v.proofUrl}
                            accessibilityLabel={`Order a proof copy of ${v.label}`}
                          >
                            Order a proof copy
                          </Link>
                        ) : null}
                      </BlockStack>
                    ) : (
                      "—"
                    ),
                  ])}
                />
              </BlockStack>
            </Card>
          </Layout.Section>
        ) : null}
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            {done && creation.proofApproval ? (
              <ProofApprovalCard
                approval={creation.proofApproval}
                proofUrls={creation.variants.flatMap((v) =>
                  v.proofUrl ? [{ label: v.label, url: v.proofUrl }] : [],
                )}
                problem={approvalProblem}
              />
            ) : null}
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  In Shopify
                </Text>
                {creation.adminUrl ? (
                  <>
                    <Text as="p">
                      {creation.status === "active"
                        ? "Active: for sale on your sales channels."
                        : creation.proofApproval && !creation.proofApproval.approvedAt
                          ? "Draft until you approve its proof copy."
                          : "Draft: make it active in Shopify when you want to sell it."}
                    </Text>
                    <InlineStack>
                      <Button url={creation.adminUrl} target="_top">
                        Open in Shopify
                      </Button>
                    </InlineStack>
                  </>
                ) : (
                  <Text as="p" tone="subdued">
                    No product in your store.
                  </Text>
                )}
                <Text as="p">{imageWords(creation.imageStatus)}</Text>
              </BlockStack>
            </Card>
            {listings.length ? (
              <Card>
                <BlockStack gap="300">
                  <Text as="h2" variant="headingMd">
                    Print service checkout page
                  </Text>
                  {listings.map((listing) => (
                    <BlockStack gap="100" key={listing.checkoutUrl}>
                      <CopyField
                        label={listing.label ? `Checkout link: ${listing.label}` : "Checkout link"}
                        value={listing.checkoutUrl}
                      />
                      {httpUrlOrNull(listing.checkoutUrl) ? (
                        <Link url={listing.checkoutUrl} target="_blank">
                          Open the checkout
                        </Link>
                      ) : null}
                    </BlockStack>
                  ))}
                </BlockStack>
              </Card>
            ) : null}
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

/** The product image's state in Shopify, in words. */
function imageWords(status: string | null): string {
  if (status === "ready") return "Image: ready.";
  if (status === "failed")
    return "Image: Shopify could not use it. Add one to the product in Shopify.";
  if (status === "processing" || status === "uploaded")
    return "Image: Shopify is still processing it.";
  return "No image.";
}
