import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Box, Card, Layout, Link, Page, Text } from "@shopify/polaris";
import { authenticate } from "../shopify.server";
import {
  loadBillingEntitiesPage,
  runBillingEntitiesAction,
} from "../pages/billing-entities/billing-entities-page.server";
import { BillingEntities } from "../components/settings/BillingEntities";
import { ProblemBanner, RouteError } from "../components/States";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return json(await loadBillingEntitiesPage({ shop: session.shop }));
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const { answer, status } = await runBillingEntitiesAction({
    shop: session.shop,
    form: await request.formData(),
  });
  return json(answer, { status });
};

export default function BillingEntitiesPage() {
  const { billing, defaultBillingEntityId } = useLoaderData<typeof loader>();
  return (
    <Page title="Billing entities">
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {/* On a phone the cards run edge to edge; the text keeps their inset. */}
            <Box paddingInline={{ xs: "400", sm: "0" }}>
              <Text as="p" tone="subdued">
                The companies the print service invoices, as a tree.{" "}
                {defaultBillingEntityId
                  ? `New print orders are billed to #${defaultBillingEntityId}; `
                  : "New print orders are billed to your print-service account; "}
                choose another under <Link url="/app/settings">Settings</Link>.
              </Text>
            </Box>
            <Card>
              {billing === null ? (
                <Text as="p" tone="subdued">
                  Save your print-service keys in <Link url="/app/settings">Settings</Link> to see
                  and add billing entities.
                </Text>
              ) : billing.status === "error" ? (
                <ProblemBanner
                  problem={billing.problem}
                  title="Billing entities could not be loaded"
                />
              ) : (
                <BillingEntities billing={billing} />
              )}
            </Card>
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteError title="Billing entities" />;
}
