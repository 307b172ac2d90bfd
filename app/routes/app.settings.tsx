import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
  useSubmit,
} from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  Checkbox,
  ChoiceList,
  FormLayout,
  InlineStack,
  Layout,
  Page,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { authenticate } from "../shopify.server";
import { getEnv } from "../env.server";
import {
  callbackUrlFor,
  getPrintSettingsForDisplay,
  parsePrintSettingsForm,
  savePrintSettings,
  serviceUrlError,
  type PrintSettingsInput,
} from "../models/print-settings.server";
import { SETTINGS_CURRENCIES } from "../models/admin-shared";
import { invalidateCatalogue, listBillingEntities } from "../models/catalogue.server";
import {
  billingEntityError,
  createBillingEntity,
  flattenBillingEntities,
} from "../models/billing.server";
import { testPrintConnection, type ConnectionReport } from "../models/connection.server";
import { CopyField } from "../components/CopyField";
import { ProblemBanner, RouteError } from "../components/States";
import { useFormat } from "../components/format";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const shop = session.shop;
  const settings = await getPrintSettingsForDisplay({ shop });
  const connected = Boolean(settings?.merchantApiKey && settings.secretKeySet);
  const billing = connected ? await listBillingEntities({ shop }) : null;
  return json({
    settings: settings ?? {
      printEnvironment: "sandbox" as const,
      printBaseUrl: null,
      merchantApiKey: null,
      secretKeySet: false,
      applicationApiKeySet: false,
      buttonKey: null,
      currency: "EUR",
      billingEntityId: null,
      routingMode: "immediate" as const,
      holdHours: 0,
      notifyCustomer: true,
      callbackId: null,
    },
    connected,
    callbackUrl: settings ? callbackUrlFor(getEnv().shopifyAppUrl, settings.callbackId) : null,
    billing:
      billing?.status === "ok"
        ? { status: "ok" as const, rows: flattenBillingEntities(billing.data) }
        : billing?.status === "error"
          ? { status: "error" as const, problem: billing.problem }
          : null,
  });
};

type ActionData =
  | { intent: "save"; ok: true; report?: ConnectionReport }
  | { intent: "save"; ok: false; fieldErrors: Record<string, string> }
  | { intent: "test"; ok: true; report: ConnectionReport };

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const shop = session.shop;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");

  if (intent === "billing") {
    const result = await createBillingEntity({ shop, input: Object.fromEntries(form) });
    return json(result);
  }
  if (intent === "test") {
    return json<ActionData>({
      intent: "test",
      ok: true,
      report: await testPrintConnection({ shop }),
    });
  }
  const stored = await getPrintSettingsForDisplay({ shop });
  const parsed = parsePrintSettingsForm(form, stored);
  if (!parsed.ok)
    return json<ActionData>(
      { intent: "save", ok: false, fieldErrors: parsed.fieldErrors },
      { status: 200 },
    );
  const fieldErrors = await networkFieldErrors(shop, parsed.input, stored);
  if (Object.keys(fieldErrors).length > 0)
    return json<ActionData>({ intent: "save", ok: false, fieldErrors }, { status: 200 });
  await savePrintSettings({ shop, input: parsed.input });
  invalidateCatalogue({ shop });
  const report = intent === "save_test" ? await testPrintConnection({ shop }) : undefined;
  return json<ActionData>({ intent: "save", ok: true, ...(report ? { report } : {}) });
};

/**
 * The checks that need the network, once the form itself is valid: where the
 * service URL resolves to, and whether the billing entity is the account's own.
 */
async function networkFieldErrors(
  shop: string,
  input: PrintSettingsInput,
  stored: Awaited<ReturnType<typeof getPrintSettingsForDisplay>>,
): Promise<Record<string, string>> {
  if (input.printBaseUrl) {
    const error = await serviceUrlError(input.printBaseUrl);
    if (error) return { printBaseUrl: error };
  }
  const billingEntityId = input.billingEntityId ?? null;
  if (billingEntityId === null) return {};
  // Checked when chosen or when the account changes; not on every save, so an
  // outage at the print service does not block saving other settings.
  const unchanged =
    stored !== null &&
    stored.billingEntityId === billingEntityId &&
    stored.printEnvironment === input.printEnvironment &&
    (stored.printBaseUrl ?? null) === (input.printBaseUrl ?? null) &&
    stored.merchantApiKey === input.merchantApiKey;
  if (unchanged) return {};
  const error = await billingEntityError({ shop, input: { ...input, billingEntityId } });
  return error ? { billingEntityId: error } : {};
}

const ENVIRONMENTS = [
  { label: "Sandbox (local, nothing is printed)", value: "sandbox" },
  { label: "Test (print service's test environment)", value: "test" },
  { label: "Production", value: "production" },
  { label: "Custom URL", value: "custom" },
];

function ConnectionResult({ report }: { report: ConnectionReport }) {
  const fmt = useFormat();
  return (
    <Banner
      tone={report.ok ? "success" : "critical"}
      title={report.ok ? "Connection works" : "The connection has a problem"}
    >
      <BlockStack gap="200">
        {report.checks.map((c) => (
          <InlineStack key={c.id} gap="200" blockAlign="start" wrap={false}>
            <Badge
              tone={c.status === "ok" ? "success" : c.status === "failed" ? "critical" : undefined}
            >
              {c.status === "ok" ? "Worked" : c.status === "failed" ? "Failed" : "Not checked"}
            </Badge>
            <Text as="p">
              <Text as="span" fontWeight="semibold">
                {c.label}:
              </Text>{" "}
              {c.detail}
            </Text>
          </InlineStack>
        ))}
        <Text as="p" tone="subdued" variant="bodySm">
          Checked {fmt.dateTime(report.checkedAt)}
        </Text>
      </BlockStack>
    </Banner>
  );
}

/** Every field the print service accepts for a billing entity; only the company name is required. */
const EMPTY_BILLING_ENTITY = {
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

function BillingEntities({
  billing,
}: {
  billing: { status: "ok"; rows: { id: number; companyName: string; depth: number }[] };
}) {
  const fetcher = useFetcher<BillingResult>();
  const [values, setValues] = useState(EMPTY_BILLING_ENTITY);
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const created = fetcher.data?.ok ? fetcher.data.id : null;
  useEffect(() => {
    if (created) setValues(EMPTY_BILLING_ENTITY);
  }, [created]);
  const set = (key: keyof typeof values) => (v: string) => setValues((s) => ({ ...s, [key]: v }));
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
                name="companyName"
                value={values.companyName}
                onChange={set("companyName")}
                error={errors.companyName}
                autoComplete="organization"
                requiredIndicator
              />
              <Select
                label="Parent entity"
                name="parentEntityId"
                options={[
                  { label: "None (top level)", value: "" },
                  ...billing.rows.map((e) => ({
                    label: `${"— ".repeat(e.depth)}${e.companyName}`,
                    value: String(e.id),
                  })),
                ]}
                value={values.parentEntityId}
                onChange={set("parentEntityId")}
                error={errors.parentEntityId}
              />
            </FormLayout.Group>
            <FormLayout.Group title="Contact">
              <TextField
                label="First name"
                name="firstName"
                value={values.firstName}
                onChange={set("firstName")}
                error={errors.firstName}
                autoComplete="given-name"
              />
              <TextField
                label="Last name"
                name="lastName"
                value={values.lastName}
                onChange={set("lastName")}
                error={errors.lastName}
                autoComplete="family-name"
              />
            </FormLayout.Group>
            <FormLayout.Group>
              <TextField
                label="Invoice email addresses"
                name="emailAddresses"
                value={values.emailAddresses}
                onChange={set("emailAddresses")}
                error={errors.emailAddresses}
                autoComplete="email"
                helpText="Separate several with commas."
              />
              <TextField
                label="Phone number"
                name="phoneNumber"
                type="tel"
                value={values.phoneNumber}
                onChange={set("phoneNumber")}
                error={errors.phoneNumber}
                autoComplete="tel"
              />
            </FormLayout.Group>
            <FormLayout.Group title="Invoice address">
              <TextField
                label="Address line 1"
                name="addressLine1"
                value={values.addressLine1}
                onChange={set("addressLine1")}
                error={errors.addressLine1}
                autoComplete="address-line1"
              />
              <TextField
                label="Address line 2"
                name="addressLine2"
                value={values.addressLine2}
                onChange={set("addressLine2")}
                error={errors.addressLine2}
                autoComplete="address-line2"
              />
            </FormLayout.Group>
            <FormLayout.Group condensed>
              <TextField
                label="Postal code"
                name="zipCode"
                value={values.zipCode}
                onChange={set("zipCode")}
                error={errors.zipCode}
                autoComplete="postal-code"
              />
              <TextField
                label="City"
                name="city"
                value={values.city}
                onChange={set("city")}
                error={errors.city}
                autoComplete="address-level2"
              />
              <TextField
                label="State or province"
                name="state"
                value={values.state}
                onChange={set("state")}
                error={errors.state}
                autoComplete="address-level1"
              />
              <TextField
                label="Country code"
                name="countryCode"
                value={values.countryCode}
                onChange={set("countryCode")}
                error={errors.countryCode}
                autoComplete="country"
                placeholder="NL"
                maxLength={2}
              />
            </FormLayout.Group>
            <FormLayout.Group title="Registration">
              <TextField
                label="VAT number"
                name="vatNumber"
                value={values.vatNumber}
                onChange={set("vatNumber")}
                error={errors.vatNumber}
                autoComplete="off"
              />
              <TextField
                label="Chamber of Commerce number"
                name="chamberOfCommerce"
                value={values.chamberOfCommerce}
                onChange={set("chamberOfCommerce")}
                error={errors.chamberOfCommerce}
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

export default function Settings() {
  const { settings, callbackUrl, billing, connected } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const initial = {
    printEnvironment: settings.printEnvironment as string,
    printBaseUrl: settings.printBaseUrl ?? "",
    merchantApiKey: settings.merchantApiKey ?? "",
    secretKey: "",
    applicationApiKey: "",
    removeApplicationApiKey: false,
    buttonKey: settings.buttonKey ?? "",
    currency: settings.currency,
    billingEntityId: settings.billingEntityId ? String(settings.billingEntityId) : "",
    routingMode: settings.routingMode as string,
    holdHours: String(settings.holdHours || 24),
    notifyCustomer: settings.notifyCustomer,
  };
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  const set =
    <K extends keyof typeof values>(key: K) =>
    (v: (typeof values)[K]) =>
      setValues((s) => ({ ...s, [key]: v }));
  const errors = result?.intent === "save" && !result.ok ? result.fieldErrors : {};
  const report = result && result.ok && "report" in result ? result.report : undefined;
  const busy =
    navigation.state === "submitting" ? String(navigation.formData?.get("intent")) : null;

  useEffect(() => {
    if (result?.intent === "save" && result.ok) {
      setValues((v) => {
        const next = { ...v, secretKey: "", applicationApiKey: "", removeApplicationApiKey: false };
        setSaved(next);
        return next;
      });
    }
  }, [result]);

  const send = (intent: string) => {
    if (!formRef.current) return;
    const data = new FormData(formRef.current);
    data.set("intent", intent);
    submit(data, { method: "post" });
  };

  const billingOptions =
    billing?.status === "ok"
      ? [
          { label: "None: bill my account", value: "" },
          ...billing.rows.map((e) => ({
            label: `${"— ".repeat(e.depth)}${e.companyName} (#${e.id})`,
            value: String(e.id),
          })),
        ]
      : [
          {
            label: values.billingEntityId ? `#${values.billingEntityId}` : "None: bill my account",
            value: values.billingEntityId,
          },
        ];

  return (
    <Page
      title="Settings"
      backAction={{ content: "Home", url: "/app" }}
      primaryAction={{
        content: "Save",
        onAction: () => send("save"),
        loading: busy === "save",
        disabled: !dirty && connected,
      }}
    >
      <form
        ref={formRef}
        method="post"
        onSubmit={(e) => {
          e.preventDefault();
          send("save");
        }}
      >
        <input type="hidden" name="printEnvironment" value={values.printEnvironment} />
        <input type="hidden" name="currency" value={values.currency} />
        <input type="hidden" name="billingEntityId" value={values.billingEntityId} />
        <input type="hidden" name="routingMode" value={values.routingMode} />
        <input type="hidden" name="notifyCustomer" value={values.notifyCustomer ? "on" : "off"} />
        <input
          type="hidden"
          name="removeApplicationApiKey"
          value={values.removeApplicationApiKey ? "on" : "off"}
        />
        <Layout>
          {result?.intent === "save" && result.ok && !report ? (
            <Layout.Section variant="fullWidth">
              <Banner tone="success" title="Settings saved" />
            </Layout.Section>
          ) : null}
          {result?.intent === "save" && !result.ok ? (
            <Layout.Section variant="fullWidth">
              <Banner tone="critical" title="Some settings need fixing">
                <p>Nothing was saved. Check the fields marked below.</p>
              </Banner>
            </Layout.Section>
          ) : null}
          {report ? (
            <Layout.Section variant="fullWidth">
              <ConnectionResult report={report} />
            </Layout.Section>
          ) : null}

          <Layout.AnnotatedSection
            id="account"
            title="Print-service account"
            description="Where orders are sent and the keys of your print-service account. Secret keys are stored encrypted and never shown again."
          >
            <Card>
              <FormLayout>
                <Select
                  label="Environment"
                  options={ENVIRONMENTS}
                  value={values.printEnvironment}
                  onChange={set("printEnvironment")}
                  error={errors.printEnvironment}
                />
                {values.printEnvironment === "custom" || values.printEnvironment === "sandbox" ? (
                  <TextField
                    label="Service URL"
                    name="printBaseUrl"
                    value={values.printBaseUrl}
                    onChange={set("printBaseUrl")}
                    error={errors.printBaseUrl}
                    autoComplete="url"
                    placeholder={
                      values.printEnvironment === "sandbox"
                        ? "Default: the local sandbox"
                        : "https://print.example.com"
                    }
                    helpText={
                      values.printEnvironment === "sandbox"
                        ? "Leave empty to use the app's built-in sandbox."
                        : "A public https:// address; the JSON interface is expected at /rest/v3 under it."
                    }
                  />
                ) : (
                  <input type="hidden" name="printBaseUrl" value="" />
                )}
                <TextField
                  label="Merchant API key"
                  name="merchantApiKey"
                  value={values.merchantApiKey}
                  onChange={set("merchantApiKey")}
                  error={errors.merchantApiKey}
                  autoComplete="off"
                  requiredIndicator
                />
                <TextField
                  label="Secret key"
                  name="secretKey"
                  type="password"
                  value={values.secretKey}
                  onChange={set("secretKey")}
                  error={errors.secretKey}
                  autoComplete="new-password"
                  placeholder={settings.secretKeySet ? "••••••••  (set)" : ""}
                  helpText={
                    settings.secretKeySet
                      ? "A secret key is set. Leave empty to keep it, or type a new one to replace it."
                      : "Signs payments. Stored encrypted; it is never shown again."
                  }
                  requiredIndicator
                />
                <TextField
                  label="Legacy application API key (optional)"
                  name="applicationApiKey"
                  type="password"
                  value={values.applicationApiKey}
                  onChange={set("applicationApiKey")}
                  autoComplete="new-password"
                  placeholder={settings.applicationApiKeySet ? "••••••••  (set)" : ""}
                  helpText={
                    settings.applicationApiKeySet
                      ? "A legacy key is set. Leave empty to keep it."
                      : "Only needed for legacy prices in every currency."
                  }
                  disabled={values.removeApplicationApiKey}
                />
                {settings.applicationApiKeySet ? (
                  <Checkbox
                    label="Remove the legacy application API key"
                    checked={values.removeApplicationApiKey}
                    onChange={set("removeApplicationApiKey")}
                  />
                ) : null}
                <TextField
                  label="Button key (optional)"
                  name="buttonKey"
                  value={values.buttonKey}
                  onChange={set("buttonKey")}
                  autoComplete="off"
                />
                <InlineStack gap="200" blockAlign="center">
                  <Button
                    onClick={() => send(dirty ? "save_test" : "test")}
                    loading={busy === "test" || busy === "save_test"}
                    disabled={!connected && !dirty}
                  >
                    {dirty ? "Save and test connection" : "Test connection"}
                  </Button>
                  {!connected && !dirty ? (
                    <Text as="span" tone="subdued">
                      Enter your keys to test the connection.
                    </Text>
                  ) : null}
                </InlineStack>
              </FormLayout>
            </Card>
          </Layout.AnnotatedSection>

          <Layout.AnnotatedSection
            id="routing"
            title="Orders"
            description="How paid orders go to print, in which currency they are bought, and who is billed."
          >
            <Card>
              <FormLayout>
                <Select
                  label="Default currency"
                  options={SETTINGS_CURRENCIES.map((c) => ({ label: c, value: c }))}
                  value={values.currency}
                  onChange={set("currency")}
                  error={errors.currency}
                  helpText="Print orders and quotes are priced in this currency."
                />
                <Select
                  label="Billing entity"
                  options={billingOptions}
                  value={values.billingEntityId}
                  onChange={set("billingEntityId")}
                  error={errors.billingEntityId}
                  disabled={billing?.status !== "ok"}
                  helpText={
                    billing?.status === "error"
                      ? "Billing entities could not be loaded right now."
                      : undefined
                  }
                />
                <ChoiceList
                  title="Send paid orders to print"
                  choices={[
                    {
                      label: "Immediately",
                      value: "immediate",
                      helpText: "As soon as the order is paid and checked.",
                    },
                    {
                      label: "After a hold period",
                      value: "hold",
                      helpText: "Time to edit or cancel first.",
                      renderChildren: (isSelected: boolean) =>
                        isSelected ? (
                          <Box maxWidth="200px">
                            <TextField
                              label="Hold for (hours)"
                              name="holdHours"
                              type="number"
                              min={1}
                              max={72}
                              value={values.holdHours}
                              onChange={set("holdHours")}
                              error={errors.holdHours}
                              autoComplete="off"
                            />
                          </Box>
                        ) : null,
                    },
                    {
                      label: "When I approve each order",
                      value: "manual",
                      helpText: "Orders wait on the Home page until you approve them.",
                    },
                  ]}
                  selected={[values.routingMode]}
                  onChange={(v) => set("routingMode")(v[0] ?? "immediate")}
                  error={errors.routingMode}
                />
                <Checkbox
                  label="Notify the customer when the order ships"
                  helpText="Shopify emails the tracking number."
                  checked={values.notifyCustomer}
                  onChange={set("notifyCustomer")}
                />
              </FormLayout>
            </Card>
          </Layout.AnnotatedSection>

          <Layout.AnnotatedSection
            id="callback"
            title="Status callback URL"
            description="Paste this as the status update URL in your print-service account, so order changes arrive at once instead of at the next check."
          >
            <Card>
              {callbackUrl ? (
                <CopyField
                  label="Callback URL"
                  value={callbackUrl}
                  helpText="Unique to your shop. Keep it private."
                />
              ) : (
                <Text as="p" tone="subdued">
                  Save your settings to get your shop's callback URL.
                </Text>
              )}
            </Card>
          </Layout.AnnotatedSection>
        </Layout>
      </form>
      <Box paddingBlockStart="400">
        <Layout>
          <Layout.AnnotatedSection
            id="billing"
            title="Billing entities"
            description="Companies the print service invoices, as a tree. Choose one above to bill orders to it."
          >
            <Card>
              {billing === null ? (
                <Text as="p" tone="subdued">
                  Save your print-service keys to see and add billing entities.
                </Text>
              ) : billing.status === "error" ? (
                <ProblemBanner
                  problem={billing.problem}
                  title="Billing entities could not be loaded"
                />
              ) : (
                <BillingEntities billing={billing} />
              )}
            </Card>
          </Layout.AnnotatedSection>
        </Layout>
      </Box>
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteError title="Settings" />;
}
