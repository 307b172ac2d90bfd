import type { SerializeFrom } from "@remix-run/node";
import { useNavigation, useSubmit } from "@remix-run/react";
import { useRef, useState } from "react";
import { Banner, BlockStack, Card, Layout, List, Page, Text } from "@shopify/polaris";
import type { loadBulkMapping, saveBulkMapping } from "../../pages/mapping/bulk-mapping.server";
import { MappingFormBody, type MappingValues } from "../MappingFields";
import { PreflightResult } from "../PreflightResult";
import { useFieldErrors } from "../form-field";
import { UnsavedChanges, useFormBaseline } from "../UnsavedChanges";
import { CatalogueLoaded } from "../States";
import { useFormat } from "../format";

/** The selected variants and the catalogue, as the loader gives them. */
export type BulkMappingData = SerializeFrom<
  Extract<Awaited<ReturnType<typeof loadBulkMapping>>, { status: "ok" }>["data"]
>;
/** A save that stays on the page: refused, or saved with a shared file that needs attention. */
export type BulkMappingActionData = SerializeFrom<
  Exclude<Awaited<ReturnType<typeof saveBulkMapping>>, { status: "saved" }>["body"]
>;

/** Map several variants at once: one offering and print settings for all of them. */
export function BulkMappingPage({
  data,
  result,
}: {
  data: BulkMappingData;
  result: BulkMappingActionData | undefined;
}) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const fmt = useFormat();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormBaseline<MappingValues>({ ...data.values, fileSource: "per_order" });
  const { values, setValues } = form;
  const set = (key: keyof MappingValues) => (v: string) => setValues((s) => ({ ...s, [key]: v }));
  const fieldErrors = result && "fieldErrors" in result ? result.fieldErrors : null;
  const errors = useFieldErrors(fieldErrors, values);
  const saved = result && "saved" in result ? result : null;
  // Mapped but the shared file needs attention (the page stays): what was sent is saved now.
  // (A full success leaves the page; a refusal keeps the input unsaved.)
  const [sent, setSent] = useState<MappingValues | null>(null);
  const [handledResult, setHandledResult] = useState(result);
  if (handledResult !== result) {
    setHandledResult(result);
    if (saved && sent) form.commit(sent);
  }
  const offering = data.offerings?.find((o) => String(o.id) === values.offeringId);
  const saving = navigation.state === "submitting";
  return (
    <Page
      title={`Map ${data.variants.length} ${data.variants.length === 1 ? "variant" : "variants"}`}
      subtitle="Every selected variant gets the same offering and print settings."
      backAction={{ content: "Products", url: "/app/products" }}
      primaryAction={{
        content: "Map variants",
        loading: saving,
        disabled: !data.offerings,
        onAction: () => formRef.current?.requestSubmit(),
      }}
    >
      <Layout>
        {fieldErrors ? (
          <Layout.Section variant="fullWidth">
            <Banner tone="critical" title="Nothing was mapped">
              <p>{fieldErrors.form ?? "Fix the fields marked below; your input is kept."}</p>
            </Banner>
          </Layout.Section>
        ) : null}
        {saved ? (
          <Layout.Section variant="fullWidth">
            <BlockStack gap="400">
              <Banner
                tone="warning"
                title={`${saved.saved} ${saved.saved === 1 ? "variant" : "variants"} mapped, but the print file needs attention`}
                action={{ content: "Back to products", url: `/app/products?mapped=${saved.saved}` }}
              >
                <p>
                  They share the file below. Fix it at its address, then check it again; the mapping
                  itself is saved.
                </p>
              </Banner>
              <PreflightResult
                check={saved.fileCheck}
                perOrder={false}
                hasFile
                variants="these variants"
                checking={saving}
                onCheckAgain={() => {
                  if (!formRef.current) return;
                  const body = new FormData(formRef.current);
                  body.set("intent", "check_file");
                  // The action maps again with the form as it is now.
                  setSent(values);
                  submit(body, { method: "post" });
                }}
              />
            </BlockStack>
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <CatalogueLoaded catalogue={data.catalogue}>
            <form
              ref={formRef}
              method="post"
              onSubmit={(e) => {
                e.preventDefault();
                setSent(values);
                submit(e.currentTarget, { method: "post" });
              }}
            >
              {data.variants.map((v) => (
                <input key={v.id} type="hidden" name="variant" value={v.legacyId} />
              ))}
              <input type="hidden" name="offeringId" value={values.offeringId} />
              <MappingFormBody
                offerings={data.offerings ?? []}
                categories={data.categories}
                values={values}
                set={set}
                errors={errors}
                offering={offering}
                saving={saving}
                submitLabel="Map variants"
              />
            </form>
          </CatalogueLoaded>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                Selected variants
              </Text>
              <List>
                {data.variants.map((v) => (
                  <List.Item key={v.id}>
                    {v.displayName}{" "}
                    <Text as="span" tone="subdued">
                      ({fmt.money(v.price)})
                    </Text>
                  </List.Item>
                ))}
              </List>
            </BlockStack>
          </Card>
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
