import { useFetcher } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import {
  Banner,
  BlockStack,
  Button,
  Divider,
  FormLayout,
  InlineStack,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { countryOptions } from "../../services/billing-entity-rules";
import { fieldProps, useFieldErrors } from "../form-field";
import { UnsavedChanges, useFormBaseline } from "../UnsavedChanges";
import { ProblemBanner } from "../States";
import { useFormat } from "../format";

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

type Values = typeof EMPTY_BILLING_ENTITY;

interface Row {
  id: number;
  companyName: string;
  depth: number;
  /** Present once Settings loads them with `billingEntitiesForSettings`. */
  parentId?: number | null;
  details?: Partial<Values> | null;
}

interface HiddenRow {
  id: number;
  companyName: string;
  hiddenAt: string;
  replacedById: number | null;
}

interface BillingResult {
  ok: boolean;
  id?: number;
  intent?: "edit" | "hide" | "show";
  replacedId?: number;
  defaultMoved?: boolean;
  fieldErrors?: Record<string, string>;
  problem?: { title: string; detail: string | null; hint: string | null };
}

/** The Billing entities page's action: create, edit, hide and show. */
const BILLING_ACTION = "/app/billing-entities";

const COUNTRIES = [{ label: "Not given", value: "" }, ...countryOptions()];

/** The ids of an entity and everything under it: none of them can become its parent. */
function selfAndBelow(rows: Row[], id: number): Set<number> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows)
      if (r.parentId != null && out.has(r.parentId) && !out.has(r.id)) {
        out.add(r.id);
        grew = true;
      }
  }
  return out;
}

/**
 * The shop's billing entities as a tree, with Edit and Hide for each, the ones hidden here,
 * and the form that adds one or edits one. The print service can neither change nor delete a
 * billing entity, and the page says so where it matters.
 */
export function BillingEntities({
  billing,
}: {
  billing: { status: "ok"; rows: Row[]; hidden?: HiddenRow[] };
}) {
  const fmt = useFormat();
  const fetcher = useFetcher<BillingResult>();
  const [editing, setEditing] = useState<Row | null>(null);
  // The form starts empty, or with what is known of the entity being edited.
  const source: Values = editing
    ? {
        ...EMPTY_BILLING_ENTITY,
        ...(editing.details ?? {}),
        companyName: editing.details?.companyName ?? editing.companyName,
        parentEntityId: editing.parentId != null ? String(editing.parentId) : "",
      }
    : EMPTY_BILLING_ENTITY;
  const { values, setValues, dirty, discard, reset } = useFormBaseline(source);
  const formRef = useRef<HTMLFormElement>(null);
  const hidden = billing.hidden ?? [];
  const result = fetcher.data;
  const serverErrors = useMemo(
    () => (result && !result.ok ? (result.fieldErrors ?? null) : null),
    [result],
  );
  const errors = useFieldErrors(serverErrors, values);
  const savedId =
    result?.ok && result.intent !== "hide" && result.intent !== "show" ? result.id : null;
  useEffect(() => {
    if (savedId) {
      reset(EMPTY_BILLING_ENTITY);
      setEditing(null);
    }
    // Once per saved entity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [savedId]);
  const set = (key: keyof Values) => (v: string) => setValues((s) => ({ ...s, [key]: v }));
  const field = fieldProps(values, set, errors);
  const busy = fetcher.state !== "idle";

  const startEdit = (row: Row) => setEditing(row);
  // Keyboard users land on the form that Edit filled in.
  const editingId = editing?.id ?? null;
  useEffect(() => {
    if (editingId) document.getElementById("billing-entity-companyName")?.focus();
  }, [editingId]);
  const cancelEdit = () => setEditing(null);
  const change = (intent: "hide" | "show", id: number) =>
    fetcher.submit({ intent, id: String(id) }, { method: "post", action: BILLING_ACTION });

  const excluded = editing ? selfAndBelow(billing.rows, editing.id) : new Set<number>();
  const parentOptions = [
    { label: "None (top level)", value: "" },
    ...billing.rows
      .filter((e) => !excluded.has(e.id))
      .map((e) => ({ label: `${"— ".repeat(e.depth)}${e.companyName}`, value: String(e.id) })),
  ];

  return (
    <BlockStack gap="400">
      <Text as="p" tone="subdued">
        The print service keeps every billing entity: it cannot change or delete one. Edit saves
        your corrections as a new entity and hides the old one here. Hide only hides it in this app.
      </Text>
      {result?.ok && result.intent === "hide" ? (
        <Banner tone="info" title={`Billing entity #${result.id} is hidden here`}>
          <p>The print service still has it. You can show it again below.</p>
        </Banner>
      ) : result?.ok && result.intent === "show" ? (
        <Banner tone="success" title={`Billing entity #${result.id} is shown again`} />
      ) : null}
      {billing.rows.length === 0 ? (
        <Text as="p" tone="subdued">
          {hidden.length
            ? "All your billing entities are hidden here. Orders are billed to your account unless you choose one in Settings."
            : "No billing entities yet. Orders are billed to your account."}
        </Text>
      ) : (
        <ul aria-label="Billing entities" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {billing.rows.map((e) => (
            <li key={e.id} style={{ paddingLeft: `${e.depth * 1.5}rem`, paddingBlock: "0.25rem" }}>
              <InlineStack gap="200" align="space-between" blockAlign="center" wrap={false}>
                <Text as="span" breakWord>
                  {e.depth > 0 ? "└ " : ""}
                  {e.companyName}{" "}
                  <Text as="span" tone="subdued" variant="bodySm">
                    #{e.id}
                  </Text>
                </Text>
                <InlineStack gap="300" wrap={false}>
                  <Button
                    variant="plain"
                    onClick={() => startEdit(e)}
                    accessibilityLabel={`Edit ${e.companyName}`}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="plain"
                    onClick={() => change("hide", e.id)}
                    disabled={busy}
                    accessibilityLabel={`Hide ${e.companyName}`}
                  >
                    Hide
                  </Button>
                </InlineStack>
              </InlineStack>
            </li>
          ))}
        </ul>
      )}
      {hidden.length ? (
        <BlockStack gap="200">
          <Text as="h3" variant="headingSm">
            Hidden here ({hidden.length})
          </Text>
          <ul
            aria-label="Hidden billing entities"
            style={{ listStyle: "none", padding: 0, margin: 0 }}
          >
            {hidden.map((e) => (
              <li key={e.id} style={{ paddingBlock: "0.25rem" }}>
                <InlineStack gap="200" align="space-between" blockAlign="center" wrap={false}>
                  <BlockStack gap="050">
                    <Text as="span" tone="subdued" breakWord>
                      {e.companyName} #{e.id}
                    </Text>
                    <Text as="span" tone="subdued" variant="bodySm">
                      {e.replacedById
                        ? `Replaced by #${e.replacedById} on ${fmt.dateTime(e.hiddenAt)}`
                        : `Hidden on ${fmt.dateTime(e.hiddenAt)}`}
                    </Text>
                  </BlockStack>
                  <Button
                    variant="plain"
                    onClick={() => change("show", e.id)}
                    disabled={busy}
                    accessibilityLabel={`Show again: ${e.companyName}`}
                  >
                    Show again
                  </Button>
                </InlineStack>
              </li>
            ))}
          </ul>
        </BlockStack>
      ) : null}
      <Divider />
      {/* Outside the form: the save bar's and dialog's buttons must not submit it. */}
      <UnsavedChanges
        dirty={dirty}
        saving={busy}
        onSave={() => formRef.current?.requestSubmit()}
        onDiscard={() => {
          discard();
          setEditing(null);
        }}
      />
      <fetcher.Form ref={formRef} method="post" action={BILLING_ACTION}>
        {editing ? (
          <>
            <input type="hidden" name="intent" value="edit" />
            <input type="hidden" name="id" value={editing.id} />
          </>
        ) : (
          <input type="hidden" name="intent" value="create" />
        )}
        <input type="hidden" name="countryCode" value={values.countryCode} />
        <input type="hidden" name="parentEntityId" value={values.parentEntityId} />
        <BlockStack gap="300">
          <Text as="h3" variant="headingSm">
            {editing ? `Edit ${editing.companyName} (#${editing.id})` : "Add a billing entity"}
          </Text>
          {editing ? (
            <Banner tone="info">
              <p>
                Saving creates a new billing entity with these details and hides #{editing.id} here.
                Orders already sent stay billed to #{editing.id}.
                {editing.details
                  ? ""
                  : " Only its name and parent are known here; fill in the rest."}
              </p>
            </Banner>
          ) : null}
          {result?.ok && result.intent === "edit" ? (
            <Banner
              tone="success"
              title={`Billing entity #${result.id} replaces #${result.replacedId}`}
            >
              {result.defaultMoved ? <p>New print orders are now billed to #{result.id}.</p> : null}
            </Banner>
          ) : result?.ok && !result.intent && result.id ? (
            <Banner tone="success" title={`Billing entity #${result.id} created`} />
          ) : result?.problem ? (
            <ProblemBanner problem={result.problem} />
          ) : errors.form ? (
            <Banner tone="critical" title={errors.form} />
          ) : null}
          <FormLayout>
            <FormLayout.Group title="Company">
              <TextField
                label="Company name"
                id="billing-entity-companyName"
                {...field("companyName")}
                autoComplete="organization"
                requiredIndicator
              />
              <Select
                label="Parent entity"
                options={parentOptions}
                value={values.parentEntityId}
                onChange={set("parentEntityId")}
                error={errors.parentEntityId}
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
              <Select
                label="Country"
                options={COUNTRIES}
                value={values.countryCode}
                onChange={set("countryCode")}
                error={errors.countryCode}
                helpText="Used to check the postal code and VAT number."
              />
              <TextField
                label="State or province"
                {...field("state")}
                autoComplete="address-level1"
              />
            </FormLayout.Group>
            <FormLayout.Group condensed>
              <TextField label="Postal code" {...field("zipCode")} autoComplete="postal-code" />
              <TextField label="City" {...field("city")} autoComplete="address-level2" />
            </FormLayout.Group>
            <FormLayout.Group title="Registration">
              <TextField
                label="VAT number"
                {...field("vatNumber")}
                autoComplete="off"
                helpText="With its country prefix, e.g. NL123456789B01."
              />
              <TextField
                label="Chamber of Commerce number"
                {...field("chamberOfCommerce")}
                autoComplete="off"
              />
            </FormLayout.Group>
          </FormLayout>
          <InlineStack gap="200">
            <Button submit variant={editing ? "primary" : undefined} loading={busy}>
              {editing ? "Save as a new billing entity" : "Create billing entity"}
            </Button>
            {editing ? <Button onClick={cancelEdit}>Cancel</Button> : null}
          </InlineStack>
        </BlockStack>
      </fetcher.Form>
    </BlockStack>
  );
}
