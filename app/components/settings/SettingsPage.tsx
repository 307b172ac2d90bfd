import type { SerializeFrom } from "@remix-run/node";
import { useNavigation, useSubmit } from "@remix-run/react";
import { useRef, useState } from "react";
import { Banner, Box, Card, Layout, Page, Text } from "@shopify/polaris";
import type {
  loadSettingsPage,
  SettingsActionData,
} from "../../pages/settings/settings-page.server";
import { CopyField } from "../CopyField";
import { AccountSection } from "./AccountSection";
import { AlertsSection } from "./AlertsSection";
import { CustomerLinksSection } from "./CustomerLinksSection";
import { FulfillmentServiceSection } from "./FulfillmentServiceSection";
import { ConnectionResult } from "./ConnectionResult";
import { KeyCheckFailed, SavedDespite } from "./KeyCheckFailed";
import { OrdersSection } from "./OrdersSection";
import { accountValues, settingsFormValues } from "./form";
import { useFieldErrors } from "../form-field";
import { sameFormValues, UnsavedChanges, useFormBaseline } from "../UnsavedChanges";
import { KEY_PROBLEM_TEXT } from "../../services/merchant-text/settings";

export type SettingsPageData = SerializeFrom<Awaited<ReturnType<typeof loadSettingsPage>>>;

/** The Settings page: the account and orders form, the status update URL and the other sections. */
export function SettingsPage({
  data,
  result,
}: {
  data: SettingsPageData;
  result: SettingsActionData | undefined;
}) {
  const { settings, callbackUrl, billing, connected, alerts, service, addressLinks } = data;
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormBaseline(settingsFormValues(settings));
  const { values, setValues, dirty } = form;
  const set =
    <K extends keyof typeof values>(key: K) =>
    (v: (typeof values)[K]) =>
      setValues((s) => ({ ...s, [key]: v }));
  // A refused field's message goes once the merchant changes that field.
  const errors = useFieldErrors(
    result?.intent === "save" && !result.ok ? result.fieldErrors : null,
    values,
  );
  const report = result && result.ok && "report" in result ? result.report : undefined;
  const savedDespite = result?.intent === "save" && result.ok ? result.savedDespite : undefined;
  const refused = result?.intent === "save" && !result.ok ? result : undefined;
  const busy =
    navigation.state === "submitting" ? String(navigation.formData?.get("intent")) : null;
  const savingAnyway = busy !== null && navigation.formData?.get("saveAnyway") === "on";

  // Saved: what was sent (secret keys empty again, as they are never shown) is the form and
  // its baseline; the reloaded settings follow. The action's answer comes before the reload,
  // so the old `settings` must not be used here. A refused save keeps the input, unsaved.
  const [sent, setSent] = useState<typeof values | null>(null);
  const [handledResult, setHandledResult] = useState(result);
  if (handledResult !== result) {
    setHandledResult(result);
    if (result?.intent === "save" && result.ok && sent) {
      form.reset({ ...sent, secretKey: "", applicationApiKey: "", removeApplicationApiKey: false });
    }
  }

  const send = (intent: string, extra: Record<string, string> = {}) => {
    if (!formRef.current) return;
    const data = new FormData(formRef.current);
    data.set("intent", intent);
    for (const [name, value] of Object.entries(extra)) data.set(name, value);
    if (intent !== "test") setSent(values);
    submit(data, { method: "post" });
  };

  // "Save anyway" is for the keys that failed the check: offered while the account fields are
  // the ones that were sent, gone as soon as the merchant changes one (to be tested again).
  const keyProblem =
    refused?.keyProblem && sent && sameFormValues(accountValues(values), accountValues(sent))
      ? refused.keyProblem
      : undefined;

  return (
    <Page
      title="Settings"
      backAction={{ content: "Home", url: "/app" }}
      primaryAction={{
        content: "Save",
        onAction: () => send("save"),
        loading: busy === "save" && !savingAnyway,
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
          {refused && !refused.keyProblem ? (
            <Layout.Section variant="fullWidth">
              <Banner tone="critical" title="Some settings need fixing">
                <p>Nothing was saved. Check the fields marked below.</p>
              </Banner>
            </Layout.Section>
          ) : null}
          {refused?.keyProblem ? (
            <Layout.Section variant="fullWidth">
              <Banner tone="critical" title={KEY_PROBLEM_TEXT.title(refused.keyProblem)}>
                <p>
                  {KEY_PROBLEM_TEXT.nothingSaved(connected)} {KEY_PROBLEM_TEXT.pointer}
                </p>
              </Banner>
            </Layout.Section>
          ) : null}
          {savedDespite ? (
            <Layout.Section variant="fullWidth">
              <SavedDespite problem={savedDespite} report={report} />
            </Layout.Section>
          ) : report ? (
            <Layout.Section variant="fullWidth">
              <ConnectionResult report={report} />
            </Layout.Section>
          ) : null}

          <AccountSection
            settings={settings}
            values={values}
            set={set}
            errors={errors}
            connected={connected}
            dirty={dirty}
            busy={busy}
            send={send}
            keyCheck={
              keyProblem && refused ? (
                // A new check's answer starts with the box unticked.
                <KeyCheckFailed
                  key={refused.report?.checkedAt}
                  problem={keyProblem}
                  report={refused.report}
                  saving={savingAnyway}
                  onSaveAnyway={() => send("save", { saveAnyway: "on" })}
                />
              ) : null
            }
          />

          <OrdersSection values={values} set={set} errors={errors} billing={billing} />

          <Layout.AnnotatedSection
            id="callback"
            title="Status update URL"
            description="Paste this as the status update URL in your print-service account, so order changes arrive at once instead of at the next check."
          >
            <Card>
              {callbackUrl ? (
                <CopyField
                  label="Status update URL"
                  value={callbackUrl}
                  helpText="Unique to your shop. Keep it private."
                />
              ) : (
                <Text as="p" tone="subdued">
                  Save your settings to get your shop's status update URL.
                </Text>
              )}
            </Card>
          </Layout.AnnotatedSection>
        </Layout>
      </form>
      <Box paddingBlockStart="500">
        <Layout>
          <FulfillmentServiceSection service={service} />
          <AlertsSection alerts={alerts} />
          <CustomerLinksSection setting={addressLinks} />
        </Layout>
      </Box>
      <UnsavedChanges
        dirty={dirty}
        saving={busy === "save" || busy === "save_test"}
        onSave={() => send("save")}
        onDiscard={form.discard}
      />
    </Page>
  );
}
