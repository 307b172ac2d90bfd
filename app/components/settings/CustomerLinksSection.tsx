import { useEffect, useState } from "react";
import { useFetcher } from "@remix-run/react";
import { Button, Card, ChoiceList, FormLayout, InlineStack, Layout, Text } from "@shopify/polaris";

type LinksAction = { intent: "address_links"; ok: boolean };

const CHOICES = [
  {
    value: "stopped",
    label: "When an order stops on its address",
    helpText: "A postal code, state or street the carrier would refuse: the customer fixes it.",
  },
  {
    value: "held",
    label: "Also for every order while it is held before print",
    helpText: "Each customer can check the address during your hold time.",
  },
  {
    value: "off",
    label: "Only when I send it from the order's page",
  },
];

/**
 * When customers get the e-mail with a link to correct their own shipping address. Its own
 * form (saved on its own), beside the settings form.
 */
export function CustomerLinksSection({ setting }: { setting: string }) {
  const fetcher = useFetcher<LinksAction>();
  const [value, setValue] = useState(setting);
  const [stored, setStored] = useState(setting);
  const [sent, setSent] = useState(setting);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok) return;
    setStored(sent);
    setSaved(true);
    // Only when a save comes back: `sent` is what that save carried.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);
  const dirty = value !== stored;
  return (
    <Layout.AnnotatedSection
      id="customer-address"
      title="Customers correct their address"
      description="The customer gets an e-mail in your shop's name with a link to a page on your shop's site, where they correct the shipping address. The order then goes to print by itself. A link works once, for 7 days."
    >
      <Card>
        <fetcher.Form
          method="post"
          onSubmit={() => {
            setSaved(false);
            setSent(value);
          }}
        >
          <input type="hidden" name="intent" value="address_links" />
          <FormLayout>
            <ChoiceList
              title="Send the link"
              name="customerAddressLinks"
              choices={CHOICES}
              selected={[value]}
              onChange={([v]) => {
                setValue(v ?? "stopped");
                setSaved(false);
              }}
            />
            <InlineStack gap="300" blockAlign="center">
              <Button submit loading={fetcher.state !== "idle"} disabled={!dirty}>
                Save
              </Button>
              {saved && !dirty ? (
                <Text as="span" tone="success">
                  Saved
                </Text>
              ) : null}
            </InlineStack>
          </FormLayout>
        </fetcher.Form>
      </Card>
    </Layout.AnnotatedSection>
  );
}
