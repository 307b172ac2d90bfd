import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import {
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
  useSubmit,
} from "@remix-run/react";
import { useRef, useState } from "react";
import { Banner, BlockStack, Button, Card, Layout, Page, Text } from "@shopify/polaris";
import { z } from "zod";
import { authenticate } from "../shopify.server";
import { deleteMapping, getMapping } from "../models/mapping.server";
import {
  loadMappingCatalogue,
  mappingToFormValues,
  saveMappingFromForm,
} from "../models/mapping-form.server";
import { getVariants, variantGid } from "../models/products.server";
import { ShopifyAdminError } from "../services/shopify-admin";
import { getPrintSettingsForDisplay } from "../models/print-settings.server";
import { MappingFormBody, type MappingValues } from "../components/MappingFields";
import { CatalogueLoaded, RouteError } from "../components/States";
import { MappingBadge } from "../components/StatusBadge";
import { useFormat } from "../components/format";

const idSchema = z.string().regex(/^\d{1,20}$/);

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const shop = session.shop;
  const id = idSchema.safeParse(params.variantId);
  if (!id.success) throw json("Variant not found", { status: 404 });
  const gid = variantGid(id.data);
  let variant;
  try {
    [variant] = await getVariants({ admin, variantIds: [gid] });
  } catch (error) {
    if (error instanceof ShopifyAdminError) throw json(error.message, { status: 502 });
    throw error;
  }
  if (!variant) throw json("Variant not found", { status: 404 });
  const [mapping, settings, catalogue] = await Promise.all([
    getMapping({ shop, variantId: gid }),
    getPrintSettingsForDisplay({ shop }),
    loadMappingCatalogue({ shop }),
  ]);
  return json({
    variant,
    mapped: mapping
      ? {
          state: mapping.fileProperty ? "file_per_order" : "mapped",
          offeringId: mapping.offeringId,
          numberOfPages: mapping.numberOfPages,
        }
      : null,
    values: mappingToFormValues(mapping),
    currency: settings?.currency ?? variant.price.currency,
    ...catalogue,
  });
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const shop = session.shop;
  const id = idSchema.safeParse(params.variantId);
  if (!id.success) throw json("Variant not found", { status: 404 });
  const gid = variantGid(id.data);
  const form = await request.formData();
  if (form.get("intent") === "unmap") {
    await deleteMapping({ shop, variantId: gid });
    return redirect(`/app/products/${id.data}?unmapped=1`);
  }
  const result = await saveMappingFromForm({ shop, admin, form, variantIds: [gid] });
  if (!result.ok) return json({ fieldErrors: result.fieldErrors });
  if (result.saved === 0) throw json("Variant not found", { status: 404 });
  return redirect(`/app/products/${id.data}?saved=1`);
};

export default function MapVariant() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const submit = useSubmit();
  const fmt = useFormat();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<MappingValues>(data.values);
  const set = (key: keyof MappingValues) => (v: string) => setValues((s) => ({ ...s, [key]: v }));
  const errors = (result?.fieldErrors ?? {}) as Partial<Record<keyof MappingValues, string>>;
  const offering = data.offerings?.find((o) => String(o.id) === values.offeringId);
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("intent") !== "unmap";
  const unmapping =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "unmap";
  const { variant } = data;
  const quoteUrl = `/app/quote?variant=${variant.legacyId}`;

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
        ...(data.mapped ? [{ content: "See quote and margin", url: quoteUrl }] : []),
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
        {params.get("saved") && data.mapped ? (
          <Layout.Section variant="fullWidth">
            <Banner
              tone="success"
              title="Mapping saved"
              action={{ content: "See quote and margin", url: quoteUrl }}
            >
              <p>
                New paid orders of this variant go to print as offering {data.mapped.offeringId}.
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
        {result?.fieldErrors ? (
          <Layout.Section variant="fullWidth">
            <Banner tone="critical" title="The mapping was not saved">
              <p>Fix the fields marked below; your input is kept.</p>
            </Banner>
          </Layout.Section>
        ) : null}
        <Layout.Section>
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
              />
            </form>
          </CatalogueLoaded>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                Variant
              </Text>
              <Text as="p">{variant.productTitle}</Text>
              <Text as="p" tone="subdued">
                {variant.title}
              </Text>
              <Text as="p">Shopify price: {fmt.money(variant.price)}</Text>
              {data.mapped ? (
                <Button url={quoteUrl}>See quote and margin</Button>
              ) : (
                <Text as="p" tone="subdued">
                  Save a mapping to see what printing it costs and your margin.
                </Text>
              )}
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteError title="Map variant" />;
}
