import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Layout, Page } from "@shopify/polaris";
import { authenticate } from "../shopify.server";
import { loadDeliveryPage, runDeliveryAction } from "../pages/delivery/delivery.server";
import { NotTakenInBanner, WebhooksStoppedBanner } from "../components/home/DeliveryHealth";
import {
  CheckCard,
  FoundOrdersCard,
  HandoffCard,
  NotTakenInCard,
} from "../components/delivery/DeliveryHealthPage";
import { RouteError } from "../components/States";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return json(await loadDeliveryPage({ shop: session.shop }));
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const { status, body } = await runDeliveryAction({
    shop: session.shop,
    form: await request.formData(),
  });
  return json(body, { status });
};

export default function DeliveryHealthRoute() {
  const view = useLoaderData<typeof loader>();
  return (
    <Page title="Delivery health" backAction={{ content: "Home", url: "/app" }}>
      <Layout>
        {view.health.webhooksStopped ? (
          <Layout.Section>
            <WebhooksStoppedBanner health={view.health} linkToPage={false} />
          </Layout.Section>
        ) : null}
        {view.health.notTakenIn.count > 0 ? (
          <Layout.Section>
            <NotTakenInBanner summary={view.health.notTakenIn} linkToPage={false} />
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <NotTakenInCard rows={view.notTakenIn} total={view.health.notTakenIn.count} />
        </Layout.Section>
        <Layout.Section>
          <HandoffCard periods={view.health.periods} />
        </Layout.Section>
        <Layout.Section>
          <CheckCard view={view} />
        </Layout.Section>
        <Layout.Section>
          <FoundOrdersCard found={view.found} />
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteError title="Delivery health" />;
}
