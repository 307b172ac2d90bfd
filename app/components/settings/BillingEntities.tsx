import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import {
  Banner,
  BlockStack,
  Button,
  FormLayout,
  InlineStack,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { fieldProps, useFieldErrors } from "../form-field";
import { ProblemBanner } from "../States";

/** Every field the print service accepts for a billing entity; only the company name is required. */
export const EMPTY_BILLING_ENTITY = {
  companyName: "",
  parentEntityId: "",
  firstName: "",
  lastName: "",
  emailAddresses: "",
  phoneNumber: "",
  addressLine1: "",
  addressLine2: "",
  zipCode: "",
  city: "",
  state: "",
  countryCode: "",
  vatNumber: "",
  chamberOfCommerce: "",
};

interface BillingResult {
  ok: boolean;
  id?: number;
  fieldErrors?: Record<string, string>;
  problem?: { title: string; detail: string | null; hint: string | null };
}

/** The shop's billing entities as a tree, and a form to add one (posted with intent "billing"). */
export function BillingEntities({
  billing,
}: {
  billing: { status: "ok"; rows: { id: number; companyName: string; depth: number }[] };
}) {
  const fetcher = useFetcher<BillingResult>();
  const [values, setValues] = useState(EMPTY_BILLING_ENTITY);
  const errors = useFieldErrors(
    fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? null) : null,
    values,
  );
  const created = fetcher.data?.ok ? fetcher.data.id : null;
  useEffect(() => {
    if (created) setValues(EMPTY_BILLING_ENTITY);
  }, [created]);
  const set = (key: keyof typeof values) => (v: string) => setValues((s) => ({ ...s, [key]: v }));
  const field = fieldProps(values, set, errors);
  return (
    <BlockStack gap="400">
      {billing.rows.length === 0 ? (
        <Text as="p" tone="subdued">
          No billing entities yet. Orders are billed to your account.
        </Text>
      ) : (
        <ul aria-label="Billing entities" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {billing.rows.map((e) => (
            <li key={e.id} style={{ paddingLeft: `${e.depth * 1.5}rem`, paddingBlock: "0.25rem" }}>
              <Text as="span">
                {e.depth > 0 ? "└ " : ""}
                {e.companyName}{" "}
                <Text as="span" tone="subdued" variant="bodySm">
                  #{e.id}
                </Text>
              </Text>
            </li>
          ))}
        </ul>
      )}
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="billing" />
        <BlockStack gap="300">
          <Text as="h3" variant="headingSm">
            Add a billing entity
          </Text>
          {created ? (
            <Banner tone="success" title={`Billing entity #${created} created`} />
          ) : fetcher.data?.problem ? (
            <ProblemBanner problem={fetcher.data.problem} />
          ) : errors.form ? (
            <Banner tone="critical" title={errors.form} />
          ) : null}
          <FormLayout>
            <FormLayout.Group title="Company">
              <TextField
                label="Company name"
                {...field("companyName")}
                autoComplete="organization"
                requiredIndicator
              />
              <Select
                label="Parent entity"
                {...field("parentEntityId")}
                options={[
                  { label: "None (top level)", value: "" },
                  ...billing.rows.map((e) => ({
                    label: `${"— ".repeat(e.depth)}${e.companyName}`,
                    value: String(e.id),
                  })),
                ]}
              />
            </FormLayout.Group>
            <FormLayout.Group title="Contact">
              <TextField label="First name" {...field("firstName")} autoComplete="given-name" />
              <TextField label="Last name" {...field("lastName")} autoComplete="family-name" />
            </FormLayout.Group>
            <FormLayout.Group>
              <TextField
                label="Invoice email addresses"
                {...field("emailAddresses")}
                autoComplete="email"
                helpText="Separate several with commas."
              />
              <TextField
                label="Phone number"
                {...field("phoneNumber")}
                type="tel"
                autoComplete="tel"
              />
            </FormLayout.Group>
            <FormLayout.Group title="Invoice address">
              <TextField
                label="Address line 1"
                {...field("addressLine1")}
                autoComplete="address-line1"
              />
              <TextField
                label="Address line 2"
                {...field("addressLine2")}
                autoComplete="address-line2"
              />
            </FormLayout.Group>
            <FormLayout.Group condensed>
              <TextField label="Postal code" {...field("zipCode")} autoComplete="postal-code" />
              <TextField label="City" {...field("city")} autoComplete="address-level2" />
              <TextField
                label="State or province"
                {...field("state")}
                autoComplete="address-level1"
              />
              <TextField
                label="Country code"
                {...field("countryCode")}
                autoComplete="country"
                placeholder="NL"
                maxLength={2}
              />
            </FormLayout.Group>
            <FormLayout.Group title="Registration">
              <TextField label="VAT number" {...field("vatNumber")} autoComplete="off" />
              <TextField
                label="Chamber of Commerce number"
                {...field("chamberOfCommerce")}
                autoComplete="off"
              />
            </FormLayout.Group>
          </FormLayout>
          <InlineStack>
            <Button submit loading={fetcher.state !== "idle"}>
              Create billing entity
            </Button>
          </InlineStack>
        </BlockStack>
      </fetcher.Form>
    </BlockStack>
  );
}
