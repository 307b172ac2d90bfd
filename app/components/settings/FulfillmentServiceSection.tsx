import { useFetcher } from "@remix-run/react";
import {
  BlockStack,
  Banner,
  Button,
  Card,
  Layout,
  List,
  ProgressBar,
  Text,
} from "@shopify/polaris";
import { useFormat } from "../format";
import type { SettingsPageData } from "./form";

type MoveAction = { intent: "service_move"; ok: boolean };

const TITLE = "Fulfilled by Print Connect in Shopify";
const DESCRIPTION =
  "Shopify's own order page then shows what the printer does: In progress, Request declined with the reason, Fulfilled by Print Connect. You can request a cancellation there while an order is not yet printing.";

/**
 * The shop's move to the app's fulfillment service: a preview of what moves, the one button
 * that confirms it, then its progress and where it stands (docs/decisions/0023).
 */
export function FulfillmentServiceSection({ service }: { service: SettingsPageData["service"] }) {
  const fmt = useFormat();
  const fetcher = useFetcher<MoveAction>();
  const refused = fetcher.data && !fetcher.data.ok;
  const products = (n: number) => `${fmt.number(n)} print product${n === 1 ? "" : "s"}`;
  let body;
  if (!service.registered) {
    body = (
      <Text as="p">
        Print Connect becomes a fulfillment service in Shopify once you grant the access it asks for
        on Home (&ldquo;Print Connect needs more access&rdquo;).
      </Text>
    );
  } else if (service.since) {
    body = (
      <BlockStack gap="200">
        <Text as="p">
          Since {fmt.dateTime(service.since)}, Shopify sends your print lines to Print Connect.{" "}
          {products(service.stocked)} stocked at the Print Connect location; your other products
          stay at your own locations.
        </Text>
        <ShopifySetting />
      </BlockStack>
    );
  } else if (service.moveAt) {
    const done = service.mapped ? Math.min(service.stocked, service.mapped) : 0;
    body = (
      <BlockStack gap="200">
        <Text as="p">
          Moving: {fmt.number(done)} of {products(service.mapped)} stocked at the Print Connect
          location. Reload the page to follow it; it takes a few seconds per 50 products.
        </Text>
        <ProgressBar progress={service.mapped ? (done / service.mapped) * 100 : 100} size="small" />
      </BlockStack>
    );
  } else {
    const more = service.mapped - service.named.length;
    body = (
      <BlockStack gap="300">
        <Text as="p">
          Today Print Connect fulfils your print lines from your own location, and Shopify shows
          them as Unfulfilled until the parcel ships. Moving stocks{" "}
          {service.mapped ? `your ${products(service.mapped)}` : "the print products you link"} at
          the Print Connect location in Shopify, so Shopify sends their lines to Print Connect:
        </Text>
        {service.named.length ? (
          <List>
            {service.named.map((n) => (
              <List.Item key={n.variantId}>{n.title || n.variantId}</List.Item>
            ))}
            {more > 0 ? <List.Item>and {products(more)} more</List.Item> : null}
          </List>
        ) : null}
        <Text as="p">
          Your other products stay at your own locations. Orders placed before the move are finished
          as they are; products you link later are stocked there as you link them.
        </Text>
        <ShopifySetting />
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="service_move" />
          <Button submit variant="primary" loading={fetcher.state !== "idle"}>
            Move to Print Connect fulfillment
          </Button>
        </fetcher.Form>
        {refused ? (
          <Banner tone="warning">
            The move could not start: it started already, or the fulfillment service is not
            registered yet. Reload the page.
          </Banner>
        ) : null}
      </BlockStack>
    );
  }
  return (
    <Layout.AnnotatedSection id="fulfillment-service" title={TITLE} description={DESCRIPTION}>
      <Card>{body}</Card>
    </Layout.AnnotatedSection>
  );
}

function ShopifySetting() {
  return (
    <Text as="p" tone="subdued">
      Shopify asks Print Connect for each order when its Settings, Checkout, &ldquo;After an order
      has been paid&rdquo; is &ldquo;Automatically fulfill the order&apos;s line items&rdquo; (or a
      Shopify Flow workflow with &ldquo;Submit fulfillment request&rdquo; asks); otherwise choose
      &ldquo;Request fulfillment&rdquo; on the order. Orders are printed as soon as they are paid
      either way; the tracking goes out once Shopify has asked.
    </Text>
  );
}
