import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  InlineStack,
  Layout,
  Link,
  Page,
  Text,
} from "@shopify/polaris";
import { z } from "zod";
import { authenticate } from "../shopify.server";
import { createPublication, loadPublicationsPage } from "../models/publications.server";
import { ProblemBanner, RouteError } from "../components/States";
import { PublicationForm } from "../components/PublicationForm";
import { PublicationList } from "../components/PublicationList";
import { httpUrlOrNull } from "../services/safe-url";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const shop = session.shop;
  const after = z
    .string()
    .max(200)
    .optional()
    .catch(undefined)
    .parse(new URL(request.url).searchParams.get("after") ?? undefined);
  return json(await loadPublicationsPage({ shop, after }));
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const result = await createPublication({
    shop: session.shop,
    input: Object.fromEntries(await request.formData()),
  });
  // Validation and service refusals are answers the page shows, not HTTP errors.
  return json(result);
};

export default function Publications() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();

  return (
    <Page
      title="Publications"
      subtitle="Listings shoppers order through the print service's hosted checkout."
      backAction={{ content: "Home", url: "/app" }}
    >
      <Layout>
        {result?.ok ? (
          <Layout.Section variant="fullWidth">
            <Banner tone="success" title="Publication created">
              <p>
                Checkout link:{" "}
                {httpUrlOrNull(result.checkoutUrl) ? (
                  <Link url={result.checkoutUrl} target="_blank">
                    {result.checkoutUrl}
                  </Link>
                ) : (
                  result.checkoutUrl
                )}
                {result.secure ? " (secure checkout)" : ""}
              </p>
            </Banner>
          </Layout.Section>
        ) : result?.problem ? (
          <Layout.Section variant="fullWidth">
            <ProblemBanner problem={result.problem} title="The publication was not created" />
          </Layout.Section>
        ) : result && !result.ok ? (
          <Layout.Section variant="fullWidth">
            <Banner
              tone="critical"
              title={result.fieldErrors.form ?? "Fix the fields marked below; your input is kept."}
            />
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <PublicationList page={data.page} after={data.after} />
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <Card>
            {!data.connected ? (
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  Create a publication
                </Text>
                <Text as="p" tone="subdued">
                  Save your print-service keys in Settings first.
                </Text>
                <InlineStack>
                  <Button url="/app/settings">Open Settings</Button>
                </InlineStack>
              </BlockStack>
            ) : (
              <PublicationForm data={data} result={result} />
            )}
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteError title="Publications" />;
}
