import type { SerializeFrom } from "@remix-run/node";
import { useNavigation, useSubmit } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  Divider,
  FormLayout,
  InlineStack,
  Layout,
  Link,
  Page,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import type { ProofActionAnswer, ProofPageData } from "../../pages/proofs/proof-page.server";
import { COUNTRY_NAMES } from "../../services/country-names";
import { countOf } from "../../services/merchant-text/orders";
import { placeProofLabel, PROOF_TEXT } from "../../services/merchant-text/proof-order";
import type { ProofAddressValues } from "../../services/proofs/address";
import { fieldProps, useFieldErrors } from "../form-field";
import { useRequestKey } from "../request-key";
import { useFormat, type Money } from "../format";
import { ProblemBanner } from "../States";

type Data = SerializeFrom<ProofPageData>;
type Ready = Extract<Data, { ok: true }>;
type Answer = SerializeFrom<ProofActionAnswer>;
type Quote = Extract<Answer, { status: "quoted" }>["quote"];

const COUNTRY_OPTIONS = [
  { label: "Choose a country", value: "" },
  ...COUNTRY_NAMES.map(([code, name]) => ({ label: name, value: code })),
];

const sameAddress = (a: ProofAddressValues, b: ProofAddressValues) =>
  (Object.keys(a) as (keyof ProofAddressValues)[]).every((k) => a[k] === b[k]);

/** Where "back" goes: the mapping or the catalogue offering the proof was ordered from. */
function backOf(data: Ready): { content: string; url: string } {
  const variant = data.sourceFields.variantId;
  if (variant) {
    const legacy = /(\d+)$/.exec(variant)?.[1] ?? "";
    return { content: "Product mapping", url: `/app/products/${legacy}` };
  }
  return { content: "Offering", url: `/app/catalogue/${data.item.offeringId}` };
}

/**
 * "Order a proof copy": what will be printed, the address it goes to (the shop's own, which
 * the merchant may change), the print service's quote to that address, and "Place proof
 * order for €X". The request key comes with the page and stays in its address: a double
 * click, a reload or a repeat after a lost answer places the one proof.
 */
export function ProofPage({ data, result }: { data: Data; result: Answer | undefined }) {
  if (!data.ok) {
    return (
      <Page title="Order a proof copy" backAction={{ content: "Products", url: "/app/products" }}>
        {"printProblem" in data ? (
          <ProblemBanner problem={data.printProblem} title="No proof can be ordered now" />
        ) : (
          <Banner tone="warning" title="No proof can be ordered from here">
            <p>{data.problem}</p>
          </Banner>
        )}
      </Page>
    );
  }
  return <ProofForm data={data} result={result} />;
}

function ProofForm({ data, result }: { data: Ready; result: Answer | undefined }) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const fmt = useFormat();
  const requestKey = useRequestKey(data.requestKey);

  const [values, setValues] = useState<ProofAddressValues>(data.address);
  // The address each shown quote was asked for: a quote of another address is not placed.
  const [sent, setSent] = useState<ProofAddressValues | null>(null);
  const answered = result && "quote" in result ? result : null;
  const quote: Quote | null = answered
    ? answered.quote
    : data.quote?.ok && !result
      ? data.quote.quote
      : null;
  const quotedFor = answered ? sent : data.address;
  const quotedTotal = answered ? answered.quotedTotal : data.quotedTotal;
  const stale = !quote || !quotedFor || !sameAddress(values, quotedFor);

  const serverErrors =
    result?.status === "invalid" ? result.fieldErrors : result ? null : data.addressErrors;
  const errors = useFieldErrors(serverErrors, values);
  const set = (key: keyof ProofAddressValues) => (value: string) =>
    setValues((v) => ({ ...v, [key]: value }));
  const field = fieldProps(values, set, errors);

  const busy =
    navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const post = (intent: "quote" | "place") => {
    if (busy) return;
    const body = new FormData();
    for (const [k, v] of Object.entries(data.sourceFields)) body.set(k, v);
    for (const [k, v] of Object.entries(values)) body.set(k, v);
    body.set("requestKey", requestKey);
    body.set("intent", intent);
    if (intent === "place" && quotedTotal) body.set("quotedTotal", quotedTotal);
    setSent(values);
    submit(body, { method: "post" });
  };

  const problem =
    result?.status === "refused"
      ? result
      : !result && data.quote && !data.quote.ok
        ? data.quote
        : null;
  const { item } = data;
  const files = item.files;
  const spine = files.spine;
  const money = (m: Money) => fmt.money(m);

  return (
    <Page
      title="Order a proof copy"
      subtitle="At cost, printed exactly as your customers' copies are."
      backAction={backOf(data)}
    >
      <Layout>
        {result?.status === "price_changed" ? (
          <Layout.Section variant="fullWidth">
            <Banner tone="warning" title="The price changed">
              <p>{PROOF_TEXT.priceChanged}</p>
            </Banner>
          </Layout.Section>
        ) : null}
        {problem ? (
          <Layout.Section variant="fullWidth">
            {"printProblem" in problem ? (
              <ProblemBanner
                problem={problem.printProblem}
                title="The print service gave no quote for this address"
              />
            ) : (
              <Banner tone="critical" title="The proof was not placed">
                <p>{problem.problem}</p>
              </Banner>
            )}
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  What will be printed
                </Text>
                <Fact label="Product" value={item.title} />
                <Fact label="Offering" value={`${item.offeringName} (${item.offeringId})`} />
                <Fact label="Quantity" value={fmt.number(item.quantity)} />
                {item.quantity > 1 ? (
                  <Text as="p" tone="subdued">
                    {PROOF_TEXT.quantityNote(item.quantity)}
                  </Text>
                ) : null}
                <Fact
                  label="Size"
                  value={`${fmt.number(files.contentWidth ?? 0)} × ${fmt.number(files.contentHeight ?? 0)} mm`}
                />
                <Fact label="Pages" value={fmt.number(files.numberOfPages ?? 0)} />
                <Fact label="Print file" value={<FileLink url={files.contentUrl ?? ""} />} />
                <Fact
                  label="Cover"
                  value={
                    files.coverUrl ? <FileLink url={files.coverUrl} /> : "In the print file itself"
                  }
                />
                <Fact
                  label="Spine"
                  value={
                    !spine ? (
                      "None"
                    ) : spine.kind === "custom" ? (
                      <FileLink url={spine.url} />
                    ) : (
                      `Printed text: ${
                        [spine.textTop, spine.textCenter, spine.textBottom]
                          .filter(Boolean)
                          .join(" · ") || "none"
                      }`
                    )
                  }
                />
              </BlockStack>
            </Card>
            <Card>
              <form
                noValidate
                onSubmit={(e) => {
                  // Enter in a field asks for the quote; placing takes the button.
                  e.preventDefault();
                  post("quote");
                }}
              >
                <BlockStack gap="400">
                  <BlockStack gap="100">
                    <Text as="h2" variant="headingMd">
                      Ship to
                    </Text>
                    <Text as="p" tone="subdued">
                      Your shop's address in Shopify. Change it to send the proof elsewhere; it is
                      checked as a customer's address is before it goes to print.
                    </Text>
                  </BlockStack>
                  <FormLayout>
                    <FormLayout.Group>
                      <TextField
                        label="First name"
                        autoComplete="given-name"
                        {...field("firstName")}
                      />
                      <TextField
                        label="Last name"
                        autoComplete="family-name"
                        {...field("lastName")}
                      />
                    </FormLayout.Group>
                    <TextField
                      label="Company (optional)"
                      autoComplete="organization"
                      {...field("company")}
                    />
                    <TextField
                      label="Street and house number"
                      autoComplete="address-line1"
                      {...field("address1")}
                    />
                    <TextField
                      label="Apartment, suite, etc. (optional)"
                      autoComplete="address-line2"
                      {...field("address2")}
                    />
                    <FormLayout.Group>
                      <TextField label="Postal code" autoComplete="postal-code" {...field("zip")} />
                      <TextField label="City" autoComplete="address-level2" {...field("city")} />
                    </FormLayout.Group>
                    <FormLayout.Group>
                      <Select
                        label="Country"
                        name="countryCode"
                        options={COUNTRY_OPTIONS}
                        value={values.countryCode}
                        onChange={set("countryCode")}
                        error={errors.countryCode}
                      />
                      <TextField
                        label="State or province code (optional)"
                        helpText="Where the country uses them, e.g. CA"
                        autoComplete="address-level1"
                        {...field("province")}
                      />
                    </FormLayout.Group>
                    <FormLayout.Group>
                      <TextField
                        label="Phone (optional)"
                        type="tel"
                        autoComplete="tel"
                        {...field("phone")}
                      />
                      <TextField
                        label="Email for shipping news"
                        type="email"
                        autoComplete="email"
                        {...field("email")}
                      />
                    </FormLayout.Group>
                  </FormLayout>
                  <InlineStack>
                    <Button submit loading={busy === "quote"}>
                      Get quote for this address
                    </Button>
                  </InlineStack>
                </BlockStack>
              </form>
            </Card>
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                Quote
              </Text>
              {quote ? (
                <BlockStack gap="200">
                  <Row
                    label={`Product (${countOf(item.quantity, "copy", "copies")})`}
                    value={money(quote.product)}
                  />
                  {quote.discount.amountMinor !== 0 ? (
                    <Row label="Quantity discount" value={`− ${money(quote.discount)}`} />
                  ) : null}
                  <Row label="Shipping" value={money(quote.shipping)} />
                  <Row label="VAT" value={money(quote.vat)} />
                  <Divider />
                  <Row label="Total" value={money(quote.total)} strong />
                  <Text as="p" tone="subdued" variant="bodySm">
                    Paid from your print-service account when the order is sent to print. A proof is
                    not a sale: no Shopify order, no revenue.
                  </Text>
                </BlockStack>
              ) : (
                <Text as="p" tone="subdued">
                  {Object.keys(errors).length > 0
                    ? "Fix the marked fields, then get the quote for this address."
                    : "Enter the address to see what the proof costs, shipping and VAT included."}
                </Text>
              )}
              {quote && stale ? (
                <Text as="p" tone="caution">
                  The address changed: get the quote for it before you place the proof.
                </Text>
              ) : null}
              <Button
                variant="primary"
                disabled={stale}
                loading={busy === "place"}
                onClick={() => post("place")}
              >
                {quote && !stale ? placeProofLabel(money(quote.total)) : "Place proof order"}
              </Button>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <InlineStack gap="200" wrap={false} blockAlign="start">
      <Box minWidth="120px">
        <Text as="span" tone="subdued">
          {label}
        </Text>
      </Box>
      <Text as="span" breakWord>
        {value}
      </Text>
    </InlineStack>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <InlineStack align="space-between" gap="200">
      <Text as="span" fontWeight={strong ? "semibold" : "regular"}>
        {label}
      </Text>
      <Text as="span" fontWeight={strong ? "semibold" : "regular"} numeric>
        {value}
      </Text>
    </InlineStack>
  );
}

/** A file's address as a link that opens in a new tab, its last part as the text. */
function FileLink({ url }: { url: string }) {
  const last = url.split(/[?#]/)[0]?.split("/").pop() || url;
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // Not percent-encoded text: shown as it is.
  }
  return (
    <Link url={url} target="_blank">
      {name}
    </Link>
  );
}
