import type { SerializeFrom } from "@remix-run/node";
import { useLocation, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { useRef, useState } from "react";
import { Banner, BlockStack, Button, Card, Layout, Link, Page, Text } from "@shopify/polaris";
import type {
  loadVariantMapping,
  runVariantMappingAction,
} from "../../pages/mapping/variant-mapping.server";
import { isSinglePage } from "../../services/catalogue/mapping-rules";
import { MappingFormBody, type MappingValues } from "../MappingFields";
import { MappingInsights } from "../MappingInsights";
import { CoverTemplateLink, mappingTemplateLink } from "../CoverTemplateLink";
import { PreflightResult } from "../PreflightResult";
import { useFieldErrors } from "../form-field";
import { UnsavedChanges, useFormBaseline } from "../UnsavedChanges";
import { CatalogueLoaded } from "../States";
import { MappingBadge } from "../StatusBadge";
import { useFormat } from "../format";
import { savedMappingNotices } from "../../services/merchant-text/mapping";
import { ISBN_TEXT } from "../../services/merchant-text/isbn";
import { isDefaultVariantTitle } from "../../services/merchant-text/variants";

/** The variant's page as the loader gives it (a variant that was found). */
export type VariantMappingData = SerializeFrom<
  Extract<Awaited<ReturnType<typeof loadVariantMapping>>, { status: "ok" }>["data"]
>;
/** A refused action's answer (a done one redirects). */
export type VariantMappingActionData = SerializeFrom<
  Extract<Awaited<ReturnType<typeof runVariantMappingAction>>, { status: "refused" }>["body"]
>;

/** What the saved file's check depends on: when the form changes one, the check is not its. */
const FILE_CHECK_FIELDS = [
  "offeringId",
  "fileSource",
  "contentUrl",
  "contentWidth",
  "contentHeight",
  "numberOfPages",
] as const satisfies readonly (keyof MappingValues)[];

/** One variant's mapping: its notices, the file check, the mapping form and what it costs. */
export function VariantMappingPage({
  data,
  result,
}: {
  data: VariantMappingData;
  result: VariantMappingActionData | undefined;
}) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const submit = useSubmit();
  const fmt = useFormat();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormBaseline<MappingValues>(data.values);
  const { values, setValues } = form;
  // Saved (the action redirects with ?saved=1): the stored mapping is the form and its baseline,
  // even where it reads the input differently; a refused save keeps the input, still unsaved.
  const location = useLocation();
  const [seenLocation, setSeenLocation] = useState(location.key);
  // The address keeps ?saved=1 after a save; a later refused save (its answer is the action's
  // data) comes back to it, and keeps the merchant's input rather than the stored mapping.
  const refusedNow = result !== undefined;
  if (seenLocation !== location.key) {
    setSeenLocation(location.key);
    if (params.get("saved") && !refusedNow) form.reset(data.values);
  }
  const set = (key: keyof MappingValues) => (v: string) => setValues((s) => ({ ...s, [key]: v }));
  const fieldErrors = result && "fieldErrors" in result ? result.fieldErrors : null;
  const errors = useFieldErrors(fieldErrors, values);
  const offering = data.offerings?.find((o) => String(o.id) === values.offeringId);
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const saving = navigation.state === "submitting" && !submitting;
  const unmapping = submitting === "unmap";
  const checking = submitting === "check_file";
  const { variant } = data;
  const quoteUrl = `/app/quote?variant=${variant.legacyId}`;
  const mappedOffering = data.mapped
    ? (data.offerings?.find((o) => o.id === data.mapped?.offeringId)?.name ??
      `offering ${data.mapped.offeringId}`)
    : "";
  const savedNotices = savedMappingNotices({
    offeringName: mappedOffering,
    margin: data.saved?.margin ?? null,
    targetBps: data.saved?.targetBps ?? null,
    fileNeedsFixing: data.fileCheck?.status === "failed",
    format: {
      money: fmt.money,
      percent: (share) => fmt.number(share, { style: "percent", maximumFractionDigits: 1 }),
    },
  });

  return (
    <Page
      title={variant.displayName}
      titleMetadata={<MappingBadge state={data.mapped?.state ?? "unmapped"} />}
      subtitle={`${variant.sku ? `SKU ${variant.sku} · ` : ""}${fmt.money(variant.price)} in Shopify`}
      backAction={{ content: "Products", url: "/app/products" }}
      primaryAction={{
        content: "Save mapping",
        disabled: !data.offerings,
        loading: saving,
        onAction: () => formRef.current?.requestSubmit(),
      }}
      secondaryActions={[
        ...(data.mapped ? [{ content: "Quote this variant", url: quoteUrl }] : []),
        ...(data.mapped
          ? [
              {
                content: "Unmap",
                destructive: true,
                loading: unmapping,
                onAction: () => submit({ intent: "unmap" }, { method: "post" }),
              },
            ]
          : []),
      ]}
    >
      <Layout>
        {params.get("saved") && data.mapped && !refusedNow ? (
          <Layout.Section variant="fullWidth">
            <BlockStack gap="300">
              {savedNotices.map((n) => (
                <Banner
                  key={n.kind}
                  tone={n.tone}
                  title={n.title}
                  action={
                    n.kind === "file"
                      ? undefined
                      : n.kind === "below_target"
                        ? { content: "See prices below target", url: "/app/products/prices" }
                        : { content: "See the cost breakdown", url: quoteUrl }
                  }
                >
                  <p>{n.body}</p>
                </Banner>
              ))}
            </BlockStack>
          </Layout.Section>
        ) : null}
        {data.isbnNotInShopify || (params.get("saved") && params.get("isbn") === "not_written") ? (
          <Layout.Section variant="fullWidth">
            <Banner tone="warning" title={ISBN_TEXT.notWrittenTitle}>
              <p>
                {params.get("isbn") === "not_written" || !data.isbnNotInShopify
                  ? ISBN_TEXT.notWrittenBody
                  : ISBN_TEXT.notInShopifyBody(
                      data.isbnNotInShopify.isbn,
                      data.isbnNotInShopify.barcode,
                    )}
              </p>
            </Banner>
          </Layout.Section>
        ) : null}
        {params.get("unmapped") && !data.mapped ? (
          <Layout.Section variant="fullWidth">
            <Banner
              tone="info"
              title="Unmapped: new orders of this variant are no longer printed."
            />
          </Layout.Section>
        ) : null}
        {fieldErrors ? (
          <Layout.Section variant="fullWidth">
            <Banner tone="critical" title="The mapping was not saved">
              <p>Fix the fields marked below; your input is kept.</p>
            </Banner>
          </Layout.Section>
        ) : null}
        {result && "problem" in result ? (
          <Layout.Section variant="fullWidth">
            <Banner tone="critical" title={result.problem} />
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <BlockStack gap="400">
            {data.mapped ? (
              <PreflightResult
                check={data.fileCheck}
                perOrder={data.mapped.state === "file_per_order"}
                hasFile={data.mapped.hasFile}
                checking={checking}
                onCheckAgain={() => submit({ intent: "check_file" }, { method: "post" })}
                formChanged={FILE_CHECK_FIELDS.some((k) => values[k] !== form.saved[k])}
              />
            ) : null}
            <CatalogueLoaded catalogue={data.catalogue}>
              <form
                ref={formRef}
                method="post"
                onSubmit={(e) => {
                  e.preventDefault();
                  submit(e.currentTarget, { method: "post" });
                }}
              >
                <input type="hidden" name="offeringId" value={values.offeringId} />
                <MappingFormBody
                  offerings={data.offerings ?? []}
                  categories={data.categories}
                  values={values}
                  set={set}
                  errors={errors}
                  offering={offering}
                  saving={saving}
                  submitLabel="Save mapping"
                  asksIsbn
                  isbnUses={{ variantId: variant.legacyId, initial: data.isbnUses }}
                />
              </form>
            </CatalogueLoaded>
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  Variant
                </Text>
                <Text as="p">{variant.productTitle}</Text>
                {isDefaultVariantTitle(variant.title) ? null : (
                  <Text as="p" tone="subdued">
                    {variant.title}
                  </Text>
                )}
                <Text as="p">Shopify price: {fmt.money(variant.price)}</Text>
                {data.stocking ? (
                  <Text as="p" tone="subdued">
                    {data.stocking.text}
                    {data.stocking.offerMove ? (
                      <>
                        {" "}
                        <Link url="/app/settings#fulfillment-service">
                          Move to Print Connect fulfillment
                        </Link>
                      </>
                    ) : null}
                  </Text>
                ) : null}
                {data.mapped ? (
                  <BlockStack gap="200">
                    <Button url={quoteUrl}>Quote other countries and quantities</Button>
                    {/* In the card, not the header: a fourth header action is folded into
                        "More actions" after the page is drawn, which moves the whole page.
                        A personalised product's file comes with each order: none to proof. */}
                    {data.mapped.state === "mapped" ? (
                      <Button url={`/app/proofs/new?variantId=${variant.legacyId}`}>
                        Order a proof copy
                      </Button>
                    ) : null}
                  </BlockStack>
                ) : (
                  <Text as="p" tone="subdued">
                    Save a mapping to see what printing it costs and your margin.
                  </Text>
                )}
              </BlockStack>
            </Card>
            {values.offeringId ? (
              <MappingInsights
                variantId={variant.legacyId}
                offeringId={values.offeringId}
                numberOfPages={offering && isSinglePage(offering) ? "1" : values.numberOfPages}
                unsaved={
                  Boolean(data.mapped) &&
                  (values.offeringId !== form.saved.offeringId ||
                    values.numberOfPages !== form.saved.numberOfPages)
                }
                coverTemplate={
                  <CoverTemplateLink
                    offeringId={values.offeringId}
                    pages={values.numberOfPages}
                    title={variant.productTitle}
                    isbn={values.isbn}
                    showSpine={false}
                    {...mappingTemplateLink({
                      variantId: variant.legacyId,
                      mapped: Boolean(data.mapped),
                      saved: data.values,
                      current: values,
                    })}
                  />
                }
              />
            ) : null}
          </BlockStack>
        </Layout.Section>
      </Layout>
      <UnsavedChanges
        dirty={form.dirty}
        saving={saving}
        onSave={() => formRef.current?.requestSubmit()}
        onDiscard={form.discard}
      />
    </Page>
  );
}
