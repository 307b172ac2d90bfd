import { Await } from "@remix-run/react";
import { Streamed } from "../Streamed";
import { Banner, Layout } from "@shopify/polaris";
import type { KeyCheck } from "../../services/print-connection/checks";
import { KeysBanner } from "./KeysBanner";

/** Home's banners: keys that fail (streamed in), prices below target, missing access. */
export function HomeNotices({
  keys,
  belowTarget,
  scopesOk,
  scopeDetail,
}: {
  keys: Promise<KeyCheck | null>;
  belowTarget: number;
  scopesOk: boolean;
  scopeDetail: string | null;
}) {
  return (
    <>
      <Streamed fallback={null}>
        <Await resolve={keys} errorElement={<></>}>
          {(keys) =>
            keys && keys.status !== "ok" && keys.status !== "not_set" ? (
              <Layout.Section variant="fullWidth">
                <KeysBanner keys={keys} />
              </Layout.Section>
            ) : null
          }
        </Await>
      </Streamed>
      {belowTarget > 0 ? (
        <Layout.Section variant="fullWidth">
          <Banner
            tone="warning"
            title={`${belowTarget === 1 ? "1 variant sells" : `${belowTarget} variants sell`} below your target margin`}
            action={{ content: "Review prices", url: "/app/products/prices" }}
          >
            <p>
              Their print cost went up, or their price changed, since they were priced. Review them
              and reprice them in one step.
            </p>
          </Banner>
        </Layout.Section>
      ) : null}
      {!scopesOk ? (
        <Layout.Section variant="fullWidth">
          <Banner tone="warning" title="Print Connect needs more access">
            <p>Approve the app's updated access in Shopify ({scopeDetail}).</p>
          </Banner>
        </Layout.Section>
      ) : null}
    </>
  );
}
