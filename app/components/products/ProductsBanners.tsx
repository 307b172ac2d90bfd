import { Form, useNavigation } from "@remix-run/react";
import { Banner, BlockStack, Button } from "@shopify/polaris";
import { useFormat } from "../format";

/** What the Products page says above its table: the last action, prices below target, missing margins, a failed load. */
export function ProductsBanners({
  mapped,
  result,
  belowTarget,
  missingMargins,
  error,
}: {
  /** Variants mapped by the bulk page that sent the merchant here. */
  mapped: number | null;
  result: { ok: boolean; message: string } | undefined;
  belowTarget: number;
  /** Mapped variants on this page without a kept margin (GIDs). */
  missingMargins: string[];
  error: string | null;
}) {
  const fmt = useFormat();
  const navigation = useNavigation();
  const workingOut =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "margins";
  return (
    <>
      {mapped ? <Banner tone="success" title={`${fmt.number(mapped)} variant(s) mapped.`} /> : null}
      {result ? <Banner tone={result.ok ? "success" : "critical"} title={result.message} /> : null}
      {belowTarget > 0 ? (
        <Banner
          tone="warning"
          title={
            belowTarget === 1
              ? "1 variant sells below your target margin"
              : `${fmt.number(belowTarget)} variants sell below your target margin`
          }
          action={{ content: "Review prices", url: "/app/products/prices" }}
        >
          <p>
            Their print cost went up, or their price changed, since they were priced. Review them
            and reprice them in one go.
          </p>
        </Banner>
      ) : null}
      {missingMargins.length ? (
        <Banner
          tone="info"
          title={
            missingMargins.length === 1
              ? "1 mapped variant on this page has no margin worked out yet"
              : `${fmt.number(missingMargins.length)} mapped variants on this page have no margin worked out yet`
          }
        >
          <BlockStack gap="200">
            <p>
              The margin is the Shopify price minus print, shipping and VAT to your shop&apos;s
              country. Working it out asks the print service for a quote of each.
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="margins" />
              <input type="hidden" name="variantIds" value={missingMargins.join(",")} />
              <Button submit loading={workingOut}>
                Work out margins
              </Button>
            </Form>
          </BlockStack>
        </Banner>
      ) : null}
      {error ? (
        <Banner tone="critical" title="Your products could not be loaded from Shopify">
          <p>{error}</p>
          <p>Reload the page to try again.</p>
        </Banner>
      ) : null}
    </>
  );
}
