import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Banner, BlockStack, Card, Layout, Page, Text } from "@shopify/polaris";
import { authenticate } from "../shopify.server";
import { loadImportPreview } from "../pages/import-orders/preview.server";
import { runImportAction } from "../pages/import-orders/import.server";
import { ImportPeriodForm } from "../components/import-orders/ImportPeriodForm";
import { ImportConfirm } from "../components/import-orders/ImportConfirm";
import {
  OrdersHandled,
  OrdersLeftOut,
  OrdersToPrint,
} from "../components/import-orders/ImportPreview";
import { Empty, RouteError } from "../components/States";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const searchParams = new URL(request.url).searchParams;
  return json(await loadImportPreview({ shop: session.shop, admin, searchParams }));
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const { status, answer } = await runImportAction({
    shop: session.shop,
    admin,
    form: await request.formData(),
  });
  return json(answer, { status });
};

export default function ImportOrders() {
  const preview = useLoaderData<typeof loader>();
  const nothing =
    preview.toPrint.length === 0 && preview.handled.length === 0 && preview.leftOut.length === 0;
  return (
    <Page
      title="Import past orders"
      subtitle="Print paid orders that reached Shopify before Print Connect could take them."
      backAction={{ content: "Print orders", url: "/app/orders" }}
    >
      <Layout>
        <Layout.Section variant="fullWidth">
          <ImportPeriodForm
            key={`${preview.form.from}:${preview.form.to}`}
            form={preview.form}
            error={preview.periodError}
          />
        </Layout.Section>
        {preview.problem ? (
          <Layout.Section variant="fullWidth">
            <Banner tone="critical" title="No orders read">
              <p>{preview.problem}</p>
            </Banner>
          </Layout.Section>
        ) : null}
        {preview.mappings === 0 && !preview.periodError ? (
          <Layout.Section variant="fullWidth">
            <Banner
              tone="info"
              title="No product is mapped to a print offering yet"
              action={{ content: "Map products", url: "/app/products" }}
            >
              <p>Only mapped products are printed. Map them first, then import.</p>
            </Banner>
          </Layout.Section>
        ) : null}
        {preview.periodError || preview.problem ? null : (
          <>
            <Layout.Section variant="fullWidth">
              <ImportConfirm
                key={`${preview.form.from}:${preview.form.to}:${preview.form.after ?? ""}`}
                preview={preview}
              />
            </Layout.Section>
            {preview.continueAfter ? (
              <Layout.Section variant="fullWidth">
                <Banner
                  tone="info"
                  title={`This period holds more than ${preview.limit} orders`}
                  action={{
                    content: "Look at the next orders",
                    url: `/app/orders/import?${new URLSearchParams({
                      from: preview.form.from,
                      to: preview.form.to,
                      after: preview.continueAfter,
                    })}`,
                  }}
                >
                  <p>
                    The oldest {preview.limit} are shown. Import them, then look at the next ones.
                  </p>
                </Banner>
              </Layout.Section>
            ) : null}
            {nothing ? (
              <Layout.Section variant="fullWidth">
                <Card>
                  <Empty heading="No paid orders in this period">
                    <p>Pick an earlier start date to look further back.</p>
                  </Empty>
                </Card>
              </Layout.Section>
            ) : null}
            {preview.toPrint.length > 0 ? (
              <Layout.Section variant="fullWidth">
                <OrdersToPrint orders={preview.toPrint} />
              </Layout.Section>
            ) : null}
            {preview.handled.length > 0 ? (
              <Layout.Section variant="fullWidth">
                <OrdersHandled orders={preview.handled} />
              </Layout.Section>
            ) : null}
            {preview.leftOut.length > 0 ? (
              <Layout.Section variant="fullWidth">
                <OrdersLeftOut orders={preview.leftOut} byReason={preview.byReason} />
              </Layout.Section>
            ) : null}
          </>
        )}
        <Layout.Section variant="fullWidth">
          <BlockStack gap="200">
            <Text as="p" tone="subdued" alignment="center">
              Orders paid from now on reach Print Connect by themselves.
            </Text>
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteError title="Import past orders" />;
}
