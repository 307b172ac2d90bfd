import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Banner, Layout } from "@shopify/polaris";
import type { ImportOffer } from "../../pages/import-orders/offer.server";
import { countOf } from "../../services/merchant-text/orders";

/**
 * Home's one-time offer to import orders paid before the install. Asked after Home shows (it
 * reads Shopify's orders); dismissed for good with its close button.
 */
export function ImportOfferBanner() {
  const finder = useFetcher<{ offer: ImportOffer | null }>();
  const dismisser = useFetcher();
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    finder.load("/app/import-offer");
    // Once per visit of Home.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const offer = finder.data?.offer;
  if (!offer || dismissed) return null;
  const orders = `${offer.more ? "At least " : ""}${countOf(offer.count, "paid order")}`;
  return (
    <Layout.Section variant="fullWidth">
      <Banner
        tone="info"
        title={`${orders} from before you installed Print Connect can be printed`}
        action={{
          content: "Review and import",
          url: `/app/orders/import?from=${offer.from}&to=${offer.to}`,
        }}
        onDismiss={() => {
          setDismissed(true);
          dismisser.submit(
            { intent: "dismiss-offer" },
            { method: "post", action: "/app/orders/import" },
          );
        }}
      >
        <p>
          They were paid in Shopify and are not fulfilled yet. See what each would print and cost,
          then import them; nothing is sent before you confirm. This offer is shown once.
        </p>
      </Banner>
    </Layout.Section>
  );
}
