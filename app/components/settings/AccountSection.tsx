import type { ReactNode } from "react";
import {
  Button,
  Card,
  Checkbox,
  FormLayout,
  InlineStack,
  Layout,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { fieldProps, type FieldErrors } from "../form-field";
import type { SetSettingsValue, SettingsPageData, SettingsValues } from "./form";

const ENVIRONMENTS = [
  { label: "Sandbox (local, nothing is printed)", value: "sandbox" },
  { label: "Test (print service's test environment)", value: "test" },
  { label: "Production", value: "production" },
  { label: "Custom URL", value: "custom" },
];

/**
 * Where orders are sent and the account's keys, with "Test connection" ("Save and test
 * connection" once changed); `keyCheck` shows under it what a failed check of the typed keys found.
 */
export function AccountSection({
  settings,
  values,
  set,
  errors,
  connected,
  dirty,
  busy,
  send,
  keyCheck,
}: {
  settings: SettingsPageData["settings"];
  values: SettingsValues;
  set: SetSettingsValue;
  errors: FieldErrors;
  connected: boolean;
  dirty: boolean;
  /** The intent being submitted, if any. */
  busy: string | null;
  send: (intent: string) => void;
  keyCheck?: ReactNode;
}) {
  const field = fieldProps(values, set, errors);
  return (
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
              {...field("printBaseUrl")}
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
            {...field("merchantApiKey")}
            autoComplete="off"
            requiredIndicator
          />
          <TextField
            label="Secret key"
            {...field("secretKey")}
            type="password"
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
            {...field("applicationApiKey")}
            type="password"
            autoComplete="new-password"
            placeholder={settings.applicationApiKeySet ? "••••••••  (set)" : ""}
            helpText={
              settings.applicationApiKeySet
                ? "A legacy key is set. Leave empty to keep it."
                : "Needed only for prices in every currency and for the price shoppers pay for a publication."
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
          <TextField label="Button key (optional)" {...field("buttonKey")} autoComplete="off" />
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
          {keyCheck}
        </FormLayout>
      </Card>
    </Layout.AnnotatedSection>
  );
}
