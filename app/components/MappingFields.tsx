import {
  BlockStack,
  Button,
  Card,
  Checkbox,
  ChoiceList,
  FormLayout,
  InlineStack,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import {
  isSinglePage,
  minimumCopies,
  offeringMayHaveSpine,
  offeringTakesIsbn,
  pagesRuleText,
  sizeRuleText,
  type MappingFormValues,
} from "../services/catalogue/mapping-rules";
import { ISBN_TEXT } from "../services/merchant-text/isbn";
import type { IsbnUsesAnswer } from "../pages/mapping/isbn-uses.server";
import { IsbnUses } from "./IsbnUses";
import { SPINE_FONTS } from "../services/print/input-rules";
import { fieldProps } from "./form-field";
import { OfferingPicker, type CategoryOption, type OfferingOption } from "./OfferingPicker";

/** The mapping form's fields, shared by the single and the bulk mapping pages. */

export type MappingValues = MappingFormValues;

/** The variant an ISBN field belongs to, and the other products its saved ISBN is on. */
export interface IsbnUsesContext {
  variantId: string;
  initial: IsbnUsesAnswer | null;
}

/** Field errors as useFieldErrors gives them (server errors of fields not changed since). */
export type MappingErrors = { readonly [key: string]: string | undefined };

/**
 * File, size, pages, cover and spine. Hidden inputs carry the choice fields
 * into the form post. Pages are not asked for single-page offerings (wall
 * art: always 1), and the spine options show only for offerings that may have
 * a spine (a guess by category; the server asks the print service) or when a
 * spine option is already chosen, so a refusal is seen where it applies.
 */
export function MappingFileFields({
  values,
  set,
  errors,
  offering,
  asksIsbn = false,
  isbnUses,
}: {
  values: MappingValues;
  set: (key: keyof MappingValues) => (value: string) => void;
  errors: MappingErrors;
  offering: OfferingOption | undefined;
  /** The single variant's page asks a book's ISBN; the bulk page does not (one ISBN, one edition). */
  asksIsbn?: boolean;
  /** Warn when another product carries the ISBN: this variant, and what the page found saved. */
  isbnUses?: IsbnUsesContext;
}) {
  const sizeHint = offering ? sizeRuleText(offering) : undefined;
  const asksPages = !offering || !isSinglePage(offering);
  const pagesHint = offering ? `${offering.name} takes ${pagesRuleText(offering)}.` : undefined;
  const showSpine = offering ? offeringMayHaveSpine(offering) : false;
  const copies = offering ? minimumCopies(offering) : 1;
  // Books only; a typed ISBN stays in view on another offering, so its refusal shows there.
  const showIsbn =
    asksIsbn && ((offering ? offeringTakesIsbn(offering) : false) || values.isbn !== "");
  const field = fieldProps(values, set, errors);
  return (
    <BlockStack gap="400">
      <input type="hidden" name="fileSource" value={values.fileSource} />
      <input type="hidden" name="spineMode" value={values.spineMode} />
      <input type="hidden" name="spineFont" value={values.spineFont} />
      <input
        type="hidden"
        name="storefrontMinimum"
        value={copies > 1 ? values.storefrontMinimum : ""}
      />
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Print file
          </Text>
          <ChoiceList
            title="Where the file comes from"
            choices={[
              { label: "The same file for every order", value: "fixed" },
              {
                label: "A file per order (personalised), from a line item property",
                value: "per_order",
              },
            ]}
            selected={[values.fileSource]}
            onChange={(v) => set("fileSource")(v[0] ?? "fixed")}
          />
          <FormLayout>
            {values.fileSource === "per_order" ? (
              <TextField
                label="Line item property with the file URL"
                {...field("fileProperty")}
                autoComplete="off"
                helpText="Your storefront's upload field must put the file URL in this property. Orders wait for the file until it arrives."
              />
            ) : (
              <TextField
                label="File URL"
                {...field("contentUrl")}
                type="url"
                autoComplete="off"
                placeholder="https://files.example.com/book.pdf"
              />
            )}
            <FormLayout.Group condensed>
              <TextField
                label="Width (mm)"
                {...field("contentWidth")}
                type="number"
                autoComplete="off"
                helpText={sizeHint}
              />
              <TextField
                label="Height (mm)"
                {...field("contentHeight")}
                type="number"
                autoComplete="off"
              />
              {asksPages ? (
                <TextField
                  label="Pages"
                  {...field("numberOfPages")}
                  type="number"
                  autoComplete="off"
                  helpText={pagesHint}
                />
              ) : null}
            </FormLayout.Group>
            <TextField
              label="Cover file URL (optional)"
              {...field("coverUrl")}
              type="url"
              autoComplete="off"
            />
          </FormLayout>
        </BlockStack>
      </Card>
      {copies > 1 && offering ? (
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              Minimum quantity
            </Text>
            <Checkbox
              label={`Require at least ${copies} copies per order on the storefront`}
              checked={values.storefrontMinimum === "on"}
              onChange={(checked) => set("storefrontMinimum")(checked ? "on" : "")}
              error={errors.storefrontMinimum}
              helpText={`The cart and checkout then stop orders of fewer than ${copies} copies.`}
            />
          </BlockStack>
        </Card>
      ) : null}
      {showSpine || values.spineMode !== "none" ? (
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              Spine
            </Text>
            <ChoiceList
              title="Spine"
              titleHidden
              choices={[
                { label: "No spine, or the print service's default", value: "none" },
                { label: "My own spine image", value: "custom" },
                { label: "Text printed on the spine", value: "dynamic" },
              ]}
              selected={[values.spineMode]}
              onChange={(v) => set("spineMode")(v[0] ?? "none")}
              error={errors.spineMode}
            />
            {values.spineMode === "custom" ? (
              <TextField
                label="Spine image URL"
                {...field("spineCustomUrl")}
                type="url"
                autoComplete="off"
              />
            ) : null}
            {values.spineMode === "dynamic" ? (
              <FormLayout>
                <FormLayout.Group condensed>
                  <Select
                    label="Font"
                    options={[...SPINE_FONTS]}
                    value={values.spineFont}
                    onChange={set("spineFont")}
                    error={errors.spineFont}
                  />
                  <TextField
                    label="Size (pt)"
                    {...field("spineSize")}
                    type="number"
                    autoComplete="off"
                  />
                  <TextField
                    label="Colour"
                    {...field("spineColour")}
                    autoComplete="off"
                    placeholder="#000000"
                    prefix={
                      <span
                        aria-hidden
                        style={{
                          display: "inline-block",
                          width: 12,
                          height: 12,
                          borderRadius: 3,
                          background: /^#[0-9a-fA-F]{6}$/.test(values.spineColour)
                            ? values.spineColour
                            : "transparent",
                          border: "1px solid #ccc",
                        }}
                      />
                    }
                  />
                  <TextField
                    label="Background (optional)"
                    {...field("spineBackground")}
                    autoComplete="off"
                    placeholder="#FFFFFF"
                  />
                </FormLayout.Group>
                <FormLayout.Group condensed>
                  <TextField label="Top text" {...field("spineTop")} autoComplete="off" />
                  <TextField label="Centre text" {...field("spineCenter")} autoComplete="off" />
                  <TextField label="Bottom text" {...field("spineBottom")} autoComplete="off" />
                </FormLayout.Group>
              </FormLayout>
            ) : null}
          </BlockStack>
        </Card>
      ) : null}
      {showIsbn ? (
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              Book
            </Text>
            <TextField
              label="ISBN (optional)"
              {...field("isbn")}
              autoComplete="off"
              placeholder="978-0-306-40615-7"
              helpText={ISBN_TEXT.fieldHelp}
            />
            {isbnUses ? (
              <IsbnUses
                isbn={values.isbn}
                variantId={isbnUses.variantId}
                initial={isbnUses.initial}
              />
            ) : null}
          </BlockStack>
        </Card>
      ) : null}
    </BlockStack>
  );
}

/** The body of a mapping form: offering, print file, spine, and the submit button. */
export function MappingFormBody({
  offerings,
  categories,
  values,
  set,
  errors,
  offering,
  saving,
  submitLabel,
  asksIsbn = false,
  isbnUses,
}: {
  offerings: OfferingOption[];
  categories: CategoryOption[];
  values: MappingValues;
  set: (key: keyof MappingValues) => (value: string) => void;
  errors: MappingErrors;
  offering: OfferingOption | undefined;
  saving: boolean;
  submitLabel: string;
  /** Ask a book's ISBN (the single variant's page). */
  asksIsbn?: boolean;
  isbnUses?: IsbnUsesContext;
}) {
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Offering
          </Text>
          <OfferingPicker
            offerings={offerings}
            categories={categories}
            value={values.offeringId}
            onChange={set("offeringId")}
            error={errors.offeringId}
          />
        </BlockStack>
      </Card>
      <MappingFileFields
        values={values}
        set={set}
        errors={errors}
        offering={offering}
        asksIsbn={asksIsbn}
        isbnUses={isbnUses}
      />
      <InlineStack align="end">
        <Button submit variant="primary" loading={saving}>
          {submitLabel}
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
