import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { defer, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Layout, Page } from "@shopify/polaris";
import { authenticate } from "../shopify.server";
import { loadHome, runHomeAction } from "../pages/home/home.server";
import { adminGraphql } from "../services/shopify-admin";
import { AttentionList } from "../components/home/AttentionList";
import { HomeNotices } from "../components/home/HomeNotices";
import { OrderCounts } from "../components/home/OrderCounts";
import { RecentActivity } from "../components/home/RecentActivity";
import { SetupCheckCard } from "../components/home/SetupCheckCard";
import {
  DeliveryHealthCard,
  NotTakenInBanner,
  WebhooksStoppedBanner,
} from "../components/home/DeliveryHealth";
import { ImportOfferBanner } from "../components/import-orders/ImportOfferBanner";
import { RouteError } from "../components/States";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  return defer(
    await loadHome({
      shop: session.shop,
      grantedScopes: session.scope ?? "",
      graphql: adminGraphql(admin),
    }),
  );
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const { status, body } = await runHomeAction({
    shop: session.shop,
    form: await request.formData(),
    graphql: adminGraphql(admin),
  });
  return json(body, { status });
};

export default function Home() {
  const data = useLoaderData<typeof loader>();
  return (
    <Page title="Print Connect">
      <Layout>
        {data.deliveryHealth.webhooksStopped ? (
          <Layout.Section variant="fullWidth">
            <WebhooksStoppedBanner health={data.deliveryHealth} />
          </Layout.Section>
        ) : null}
        {data.deliveryHealth.notTakenIn.count > 0 ? (
          <Layout.Section variant="fullWidth">
            <NotTakenInBanner summary={data.deliveryHealth.notTakenIn} />
          </Layout.Section>
        ) : null}
        <ImportOfferBanner />
        <HomeNotices
          keys={data.keys}
          belowTarget={data.belowTarget}
          scopesOk={data.scopesOk}
          scopeDetail={data.scopeDetail}
        />

        <Layout.Section variant="fullWidth">
          <OrderCounts counts={data.counts} />
        </Layout.Section>

        <Layout.Section variant="fullWidth">
          <DeliveryHealthCard health={data.deliveryHealth} />
        </Layout.Section>

        <Layout.Section>
          <AttentionList rows={data.attention} />
        </Layout.Section>

        <Layout.Section variant="oneThird">
          <RecentActivity events={data.activity} />
        </Layout.Section>

        <Layout.Section variant="fullWidth">
          {/* Last on the page: it streams in, and below it there is nothing it could push. */}
          <SetupCheckCard check={data.setupCheck} />
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteError title="Print Connect" />;
}
