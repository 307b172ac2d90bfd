import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Button, Card, Layout, Page, Text } from "@shopify/polaris";
import { authenticate } from "../shopify.server";

/**
 * Any address under /app that no page answers: a "Page not found" inside the
 * app frame (the navigation stays), with HTTP 404.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  await authenticate.admin(request);
  return json({ path: new URL(request.url).pathname }, { status: 404 });
};

export const meta: MetaFunction = () => [{ title: "Page not found · Print Connect" }];

export default function NotFound() {
  const { path } = useLoaderData<typeof loader>();
  return (
    <Page title="Page not found">
      <Layout>
        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <Text as="p">
                There is no page at this address in Print Connect. It may have moved, or the link
                may be mistyped.
              </Text>
              <Text as="p" tone="subdued" variant="bodySm" breakWord>
                {path}
              </Text>
              <div>
                <Button url="/app" variant="primary">
                  Go to Home
                </Button>
              </div>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
