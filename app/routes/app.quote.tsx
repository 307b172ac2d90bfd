import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Layout, Page } from "@shopify/polaris";
import { authenticate } from "../shopify.server";
import { loadQuotePage } from "../pages/quote/quote-page.server";
import { NoCredentials, ProblemBanner, RouteError } from "../components/States";
import { QuoteForm } from "../components/QuoteForm";
import { QuoteResult } from "../components/QuoteResult";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const searchParams = new URL(request.url).searchParams;
  return json(await loadQuotePage({ shop: session.shop, admin, searchParams }));
};

export default function QuotePage() {
  const data = useLoaderData<typeof loader>();
  return (
    <Page
      fullWidth
      title="Quote"
      subtitle="What printing and shipping cost, and your margin against the Shopify price."
      backAction={{ content: "Home", url: "/app" }}
    >
      <Layout>
        {data.noCredentials ? (
          <Layout.Section variant="fullWidth">
            <NoCredentials what="quotes" />
          </Layout.Section>
        ) : (
          <>
            <Layout.Section variant="fullWidth">
              <QuoteForm data={data} />
            </Layout.Section>
            {data.problem ? (
              <Layout.Section variant="fullWidth">
                <ProblemBanner problem={data.problem} title="No quote" />
              </Layout.Section>
            ) : null}
            {data.quote ? (
              <Layout.Section variant="fullWidth">
                <QuoteResult quote={data.quote} />
              </Layout.Section>
            ) : null}
          </>
        )}
      </Layout>
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteError title="Quote" />;
}
