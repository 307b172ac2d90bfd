import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { Banner, BlockStack, Card, Text } from "@shopify/polaris";
import type { MappingMargin, MappingMarginResult } from "../services/pricing/mapping-margin";
import type { OfferingSpineResult } from "../services/catalogue/spine";
import { useFormat, type Money } from "./format";

/** What the resource route app.mapping-insights answers; nothing while the input is half-typed. */
export type MappingInsightsAnswer = {
  spine: OfferingSpineResult | null;
  margin: MappingMarginResult | null;
};

/**
 * The mapping page's print check: for a book, the spine width and the cover file's full size;
 * for every product, whether the Shopify price covers printing, shipping and VAT to the
 * shop's main market. Loads from the resource route app.mapping-insights as the form changes.
 */

/** Page counts are typed digit by digit: wait for a pause before asking the print service. */
const DEBOUNCE_MS = 300;
const INSIGHTS_ROUTE = "/app/mapping-insights";

export interface MappingInsightsData {
  spine: OfferingSpineResult | null;
  margin: MappingMarginResult | null;
}

export function MappingInsights(props: {
  variantId: string /* legacy numeric id */;
  offeringId: string;
  numberOfPages: string;
  /** Shown under a book's spine width: the cover template's download (CoverTemplateLink). */
  coverTemplate?: ReactNode;
  /** The offering or pages in the form are not saved: the card says its figures are theirs. */
  unsaved?: boolean;
}) {
  const fetcher = useFetcher<MappingInsightsAnswer>();
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  const { variantId, offeringId, numberOfPages } = props;
  const ready = /^\d+$/.test(offeringId.trim());
  // The page's own values load at once; only what the merchant types waits for a pause.
  const typed = useRef(false);
  useEffect(() => {
    if (!ready) return;
    const query = new URLSearchParams({
      variant: variantId,
      offeringId: offeringId.trim(),
      pages: numberOfPages.trim(),
    });
    const delay = typed.current ? DEBOUNCE_MS : 0;
    typed.current = true;
    const timer = setTimeout(() => load.current(`${INSIGHTS_ROUTE}?${query}`), delay);
    return () => clearTimeout(timer);
  }, [ready, variantId, offeringId, numberOfPages]);

  if (!ready) return null;
  return (
    <>
      {/* Remix learns of routes lazily, from the links a page renders; without this one a
          save made while the first load is still looking the route up ends in a 404. */}
      <Link to={INSIGHTS_ROUTE} hidden tabIndex={-1} aria-hidden="true" />
      <MappingInsightsView
        data={(fetcher.data as MappingInsightsData | undefined) ?? null}
        loading={fetcher.state !== "idle"}
        coverTemplate={props.coverTemplate}
        unsaved={props.unsaved}
      />
    </>
  );
}

/** The card for loaded data; kept apart from the loading so it renders on the server too. */
export function MappingInsightsView({
  data,
  loading = false,
  coverTemplate,
  unsaved = false,
}: {
  data: MappingInsightsData | null;
  loading?: boolean;
  coverTemplate?: ReactNode;
  unsaved?: boolean;
}) {
  const format = useFormat();
  const mm = (n: number) => format.number(n, { maximumFractionDigits: 1 });
  const money = (m: Money) => format.money(m);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingSm">
          Print check
        </Text>
        {unsaved ? (
          <Text as="p" tone="caution">
            For the offering and pages in the form, not saved yet.
          </Text>
        ) : null}
        {!data ? (
          <Text as="p" tone="subdued">
            {loading ? "Checking spine size and margin…" : "Choose an offering to check it."}
          </Text>
        ) : (
          <InsightLines data={data} mm={mm} money={money} coverTemplate={coverTemplate} />
        )}
      </BlockStack>
    </Card>
  );
}

function InsightLines({
  data,
  mm,
  money,
  coverTemplate,
}: {
  data: MappingInsightsData;
  mm: (n: number) => string;
  money: (m: Money) => string;
  coverTemplate?: ReactNode;
}) {
  // Pages outside the offering's range fail both checks for one reason: say it once.
  if (
    data.spine?.status === "error" &&
    data.margin?.status === "unavailable" &&
    data.margin.reason === data.spine.problem
  )
    return (
      <Text as="p" tone="subdued">
        No spine size or margin check: {data.spine.problem}
      </Text>
    );
  return (
    <>
      <SpineLine spine={data.spine} mm={mm} />
      {data.spine?.status === "ok" ? coverTemplate : null}
      <MarginLines margin={data.margin} money={money} />
    </>
  );
}

function SpineLine({
  spine,
  mm,
}: {
  spine: OfferingSpineResult | null;
  mm: (n: number) => string;
}) {
  if (!spine || spine.status === "no_spine" || spine.status === "no_credentials") return null;
  if (spine.status === "error")
    return (
      <Text as="p" tone="subdued">
        Spine size unavailable: {spine.problem}
      </Text>
    );
  const s = spine.spine;
  // A hardcover's cover wraps its boards: the service calls that margin a wrap, not bleed.
  const edge = s.bleedMm > 5 ? `${mm(s.bleedMm)} mm wrap` : `${mm(s.bleedMm)} mm bleed`;
  return (
    <Text as="p">
      Spine {mm(s.spineWidthMm)} mm · Cover file {mm(s.coverWidthMm)} × {mm(s.coverHeightMm)} mm
      (back, spine, front and {edge})
    </Text>
  );
}

function MarginLines({
  margin,
  money,
}: {
  margin: MappingMarginResult | null;
  money: (m: Money) => string;
}) {
  if (!margin) return null;
  if (margin.status === "no_credentials")
    return (
      <Text as="p" tone="subdued">
        Add your print-service keys in Settings to check the margin.
      </Text>
    );
  if (margin.status === "unavailable")
    return (
      <Text as="p" tone="subdued">
        No margin check: {margin.reason}
      </Text>
    );
  const m = margin.margin;
  // Each amount keeps its sign and digits on one line, and "=" stays with the result.
  const amount = (value: Money) => <span style={{ whiteSpace: "nowrap" }}>{money(value)}</span>;
  const where = `in ${m.countryName}${m.quantity > 1 ? ` for ${m.quantity} copies (the minimum order)` : ""}`;
  return (
    <BlockStack gap="200">
      {m.margin ? (
        <Text as="p">
          Margin {where}: price {amount(m.price)} − print {amount(m.print)} − shipping{" "}
          {amount(m.shipping)} − VAT {amount(m.vat)}{" "}
          <span style={{ whiteSpace: "nowrap" }}>= {money(m.margin)}</span>
        </Text>
      ) : (
        <Text as="p">
          Cost {where}: print {amount(m.print)} + shipping {amount(m.shipping)} + VAT{" "}
          {amount(m.vat)} <span style={{ whiteSpace: "nowrap" }}>= {money(m.cost)}</span>
        </Text>
      )}
      {m.note ? (
        <Text as="p" tone="subdued">
          {m.note}
        </Text>
      ) : null}
      {m.covers === false && m.margin ? (
        <Banner
          tone="critical"
          title={`Your price does not cover printing, shipping and VAT to ${m.countryName}`}
        >
          <p>
            Each sale loses {amount({ ...m.margin, amountMinor: -m.margin.amountMinor })}. Raise the
            price in Shopify to at least {amount(breakEven(m))}
            {m.quantity > 1 ? " per copy" : ""}, or choose a cheaper offering.
          </p>
        </Banner>
      ) : null}
    </BlockStack>
  );
}

/** The Shopify price per copy at which a sale of the quoted copies costs nothing. */
function breakEven(m: MappingMargin): Money {
  return { amountMinor: Math.ceil(m.cost.amountMinor / m.quantity), currency: m.cost.currency };
}
