import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Banner, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import type { ImportAnswer } from "../../pages/import-orders/import.server";
import type { ImportPreview } from "../../pages/import-orders/preview.server";
import { countOf } from "../../services/merchant-text/orders";
import { useFormat } from "../format";

/** The same period, read from Shopify now rather than from the look kept a moment ago. */
function readAgainUrl(form: { from: string; to: string; after: string | null }): string {
  const query = new URLSearchParams({ from: form.from, to: form.to, fresh: "1" });
  if (form.after) query.set("after", form.after);
  return `/app/orders/import?${query}`;
}

/**
 * The preview's totals and the confirmation: "Import N orders" asks once more, with the
 * routing and the cost, before anything is recorded.
 */
export function ImportConfirm({ preview }: { preview: ImportPreview }) {
  const fmt = useFormat();
  const importer = useFetcher<ImportAnswer>();
  const [asking, setAsking] = useState(false);
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
  const busy = importer.state !== "idle";
  const count = preview.toPrint.length;
  useEffect(() => {
    if (importer.state === "idle" && importer.data) {
      setAnswer(importer.data);
      setAsking(false);
    }
  }, [importer.state, importer.data]);

  const runImport = () => {
    const form = new FormData();
    form.set("intent", "import");
    form.set("from", preview.form.from);
    form.set("to", preview.form.to);
    if (preview.form.after) form.set("after", preview.form.after);
    for (const o of preview.toPrint) form.append("orderId", o.id);
    importer.submit(form, { method: "post", action: "/app/orders/import" });
  };

  const cost = preview.total ? fmt.money(preview.total) : null;
  const costSentence = cost
    ? `Print cost quoted: ${cost}` +
      (preview.unquoted
        ? ` for ${countOf(count - preview.unquoted, "order")}; ${countOf(preview.unquoted, "order")} without a quote.`
        : ".")
    : count > 0
      ? "No print cost could be quoted."
      : null;

  return (
    <BlockStack gap="400">
      {answer ? (
        <Banner
          tone={answer.tone}
          title={answer.message}
          onDismiss={() => setAnswer(null)}
          action={
            answer.imported > 0 ? { content: "See print orders", url: "/app/orders" } : undefined
          }
        />
      ) : null}
      <Card>
        <BlockStack gap="300">
          <InlineStack gap="400" wrap>
            <Text as="p" variant="headingLg">
              {countOf(count, "order")} to print
            </Text>
            {preview.handled.length ? (
              <Text as="p" variant="headingLg" tone="subdued">
                {countOf(preview.handled.length, "order")} already in Print Connect
              </Text>
            ) : null}
            <Text as="p" variant="headingLg" tone="subdued">
              {countOf(preview.leftOut.length, "order")} not printed
            </Text>
          </InlineStack>
          {costSentence ? <Text as="p">{costSentence}</Text> : null}
          {preview.readAt ? (
            <InlineStack gap="200" blockAlign="center" wrap>
              <Text as="p" tone="subdued">
                {`Orders as Shopify had them at ${fmt.dateTime(preview.readAt)}.`}
              </Text>
              <Button variant="plain" url={readAgainUrl(preview.form)}>
                Read Shopify again
              </Button>
            </InlineStack>
          ) : null}
          {preview.routing ? (
            <Text as="p" tone="subdued">
              Your routing ({preview.routing.label.toLowerCase()}) applies to imported orders.{" "}
              {preview.routing.effect} Each Shopify order is printed once, however often you import.
            </Text>
          ) : null}
          {count > 0 && !asking ? (
            <InlineStack>
              <Button variant="primary" onClick={() => setAsking(true)}>
                {`Import ${countOf(count, "order")}`}
              </Button>
            </InlineStack>
          ) : null}
          {asking ? (
            <Banner
              tone="warning"
              title={`Import ${countOf(count, "order")}?`}
              action={{ content: "Yes, import them", onAction: runImport, loading: busy }}
              secondaryAction={{ content: "Not now", onAction: () => setAsking(false) }}
            >
              <p>
                {preview.routing?.effect}{" "}
                {cost ? `The print service's quote for them is ${cost}.` : null} The Shopify orders
                are not changed until their parcels ship.
              </p>
            </Banner>
          ) : null}
        </BlockStack>
      </Card>
    </BlockStack>
  );
}
