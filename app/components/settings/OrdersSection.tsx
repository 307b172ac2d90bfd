import {
  Box,
  Card,
  Checkbox,
  ChoiceList,
  FormLayout,
  Layout,
  Link,
  Select,
  TextField,
} from "@shopify/polaris";
import { SETTINGS_CURRENCIES } from "../../services/pricing/currency";
import { ROUTING_MODE_LABELS } from "../../services/merchant-text/routing";
import { fieldProps, type FieldErrors } from "../form-field";
import type { SetSettingsValue, SettingsPageData, SettingsValues } from "./form";

/** How paid orders go to print: currency, billing entity, routing and customer notice. */
export function OrdersSection({
  values,
  set,
  errors,
  billing,
}: {
  values: SettingsValues;
  set: SetSettingsValue;
  errors: FieldErrors;
  billing: SettingsPageData["billing"];
}) {
  const field = fieldProps(values, set, errors);
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
              billing?.status === "error" ? (
                "Billing entities could not be loaded right now."
              ) : (
                <>
                  Add, edit or hide them under{" "}
                  <Link url="/app/billing-entities">Billing entities</Link>.
                </>
              )
            }
          />
          <ChoiceList
            title="Send paid orders to print"
            choices={[
              {
                label: ROUTING_MODE_LABELS.immediate,
                value: "immediate",
                helpText: "As soon as the order is paid and checked.",
              },
              {
                label: ROUTING_MODE_LABELS.hold,
                value: "hold",
                helpText: "Time to edit or cancel first.",
                renderChildren: (isSelected: boolean) =>
                  isSelected ? (
                    <Box maxWidth="200px">
                      <TextField
                        label="Hold for (hours)"
                        {...field("holdHours")}
                        type="number"
                        min={1}
                        max={72}
                        autoComplete="off"
                      />
                    </Box>
                  ) : null,
              },
              {
                label: ROUTING_MODE_LABELS.manual,
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
  );
}
