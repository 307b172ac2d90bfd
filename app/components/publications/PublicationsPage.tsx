import type { SerializeFrom } from "@remix-run/node";
import { useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  InlineStack,
  Layout,
  Link,
  Page,
  Text,
} from "@shopify/polaris";
import type { PublicationsAnswer } from "../../pages/publications/actions.server";
import type { loadPublicationsPage } from "../../pages/publications/publications-page.server";
import { CopyField } from "../CopyField";
import { ProblemBanner } from "../States";
import { PublicationForm } from "../PublicationForm";
import { PublicationList } from "../PublicationList";
import { httpUrlOrNull } from "../../services/safe-url";

export type PublicationsPageData = SerializeFrom<Awaited<ReturnType<typeof loadPublicationsPage>>>;
/** The last create, edit or removal's answer. */
export type PublicationsActionData = SerializeFrom<PublicationsAnswer>;
type Row = PublicationsPageData["page"]["rows"][number];

/** The outcome of the last create, edit or removal, in words. */
function ResultBanner({ result }: { result: PublicationsActionData | undefined }) {
  if (!result) return null;
  if (result.ok && result.intent === "create")
    return (
      <Banner tone="success" title="Publication created">
        <BlockStack gap="200">
          <CopyField
            label="Checkout link"
            value={result.checkoutUrl}
            helpText={result.secure ? "Secure checkout" : undefined}
          />
          {httpUrlOrNull(result.checkoutUrl) ? (
            <Link url={result.checkoutUrl} target="_blank">
              Open the checkout
            </Link>
          ) : null}
        </BlockStack>
      </Banner>
    );
  if (result.ok && result.intent === "edit")
    return (
      <Banner tone="success" title="Publication saved as a new listing">
        <BlockStack gap="200">
          <CopyField label="New checkout link" value={result.checkoutUrl} />
          <Text as="p">
            The old link keeps working: the print service cannot change or delete a listing.
          </Text>
          <CopyField label="Old checkout link" value={result.oldCheckoutUrl} />
        </BlockStack>
      </Banner>
    );
  if (result.ok && result.intent === "remove")
    return (
      <Banner tone="info" title={`“${result.title}” is no longer in your list`}>
        <BlockStack gap="200">
          <Text as="p">
            The print service keeps the listing, and its checkout link keeps working. Nothing here
            can switch it off.
          </Text>
          <CopyField label="Its checkout link" value={result.checkoutUrl} />
        </BlockStack>
      </Banner>
    );
  if (!result.ok && "problem" in result && result.problem)
    return <ProblemBanner problem={result.problem} title="The publication was not saved" />;
  if (!result.ok)
    return (
      <Banner
        tone="critical"
        title={result.fieldErrors.form ?? "Fix the fields marked below; your input is kept."}
      />
    );
  return null;
}

/** The Publications page: the last answer, the list and the form to create or edit one. */
export function PublicationsPage({
  data,
  result,
}: {
  data: PublicationsPageData;
  result: PublicationsActionData | undefined;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const [editing, setEditing] = useState<Row | null>(null);
  const [removing, setRemoving] = useState<Row | null>(null);
  // A saved edit (or a removal) ends the edit; the form goes back to a new listing.
  const done = result?.ok && result.intent !== "create" ? result : null;
  useEffect(() => {
    if (done) {
      setEditing(null);
      setRemoving(null);
    }
  }, [done]);
  const removingId = removing?.id ?? null;
  useEffect(() => {
    if (removingId) document.getElementById("confirm-remove")?.focus();
  }, [removingId]);
  const removeBusy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "remove";

  return (
    <Page
      title="Publications"
      subtitle="Listings shoppers order through the print service's hosted checkout."
      backAction={{ content: "Home", url: "/app" }}
    >
      <Layout>
        <Layout.Section variant="fullWidth">
          <div aria-live="polite">
            <ResultBanner result={result} />
          </div>
        </Layout.Section>
        {removing ? (
          <Layout.Section variant="fullWidth">
            <Banner tone="warning" title={`Remove “${removing.title}” from this list?`}>
              <BlockStack gap="200">
                <Text as="p">
                  The print service cannot delete a listing: its checkout link keeps working for
                  anyone who has it. This only takes it off your list here.
                </Text>
                <InlineStack gap="200">
                  <Button
                    id="confirm-remove"
                    variant="primary"
                    tone="critical"
                    loading={removeBusy}
                    onClick={() =>
                      submit({ intent: "remove", id: removing.id }, { method: "post" })
                    }
                  >
                    Remove from list
                  </Button>
                  <Button onClick={() => setRemoving(null)}>Keep it</Button>
                </InlineStack>
              </BlockStack>
            </Banner>
          </Layout.Section>
        ) : null}
        <Layout.Section variant="fullWidth">
          <PublicationList
            page={data.page}
            after={data.after}
            products={data.products}
            sources={data.sources}
            shopperPrices={data.shopperPrices}
            onEdit={(row) => {
              setRemoving(null);
              setEditing(row);
            }}
            onRemove={(row) => setRemoving(row)}
          />
        </Layout.Section>
        <Layout.Section variant="fullWidth">
          <Card>
            {!data.connected ? (
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  Create a publication
                </Text>
                <Text as="p" tone="subdued">
                  Save your print-service keys in Settings first.
                </Text>
                <InlineStack>
                  <Button url="/app/settings">Open Settings</Button>
                </InlineStack>
              </BlockStack>
            ) : (
              <PublicationForm
                key={editing?.id ?? "new"}
                data={data}
                result={result}
                editing={editing}
                onStopEditing={() => setEditing(null)}
              />
            )}
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
