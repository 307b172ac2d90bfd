// @ts-check
/**
 * Print Connect's cart rule: a print the print service makes only in sets (an
 * offering's minimumQuantity, for example 5 magazines) cannot be bought in
 * fewer copies. The app writes the minimum on the variant (app-owned
 * metafield `$app:print_connect` / `minimum_quantity`, type number_integer)
 * when the merchant chooses "block smaller quantities on the storefront".
 *
 * Each cart line is one print item, so each line must reach the minimum on
 * its own: two lines of 3 (say, with different files) are two orders of 3.
 * The error targets the line's quantity, so checkout shows it on that line.
 */

/**
 * @typedef {{
 *   cart: {
 *     lines: Array<{
 *       quantity: number;
 *       merchandise: {
 *         __typename?: string;
 *         id?: string;
 *         metafield?: { value: string } | null;
 *       };
 *     }>;
 *   };
 *   localization?: { language?: { isoCode?: string } } | null;
 * }} CartValidationsGenerateRunInput
 * @typedef {{ message: string; target: string }} ValidationError
 * @typedef {{ operations: Array<{ validationAdd: { errors: ValidationError[] } }> }} CartValidationsGenerateRunResult
 */

/** Messages by language; [minimum] and [missing] are filled in. English when the language has none. */
export const MESSAGES = {
  EN: "Sold in sets of at least [minimum] — add [missing] more to check out",
  DE: "Nur ab [minimum] Stück erhältlich — bitte [missing] weitere hinzufügen, um zur Kasse zu gehen",
  FR: "Vendu par lots d’au moins [minimum] — ajoutez-en encore [missing] pour passer commande",
  NL: "Alleen te koop vanaf [minimum] stuks — voeg er nog [missing] toe om af te rekenen",
};

/**
 * The minimum a line's variant carries, or null when there is none to enforce
 * (no metafield, not a whole number, or 1 and below).
 * @param {{ metafield?: { value: string } | null }} merchandise
 * @returns {number | null}
 */
export function minimumOf(merchandise) {
  const raw = merchandise.metafield?.value;
  if (typeof raw !== "string" || !/^\s*\d+\s*$/.test(raw)) return null;
  const minimum = Number(raw);
  return Number.isSafeInteger(minimum) && minimum >= 2 ? minimum : null;
}

/**
 * The message for a line short of its minimum, in the buyer's language
 * ("PT_BR" falls back to "PT", then to English).
 * @param {string | undefined} isoCode
 * @param {number} minimum
 * @param {number} quantity
 */
export function shortOfMinimumMessage(isoCode, minimum, quantity) {
  const language = String(isoCode ?? "EN").toUpperCase();
  const template =
    MESSAGES[/** @type {keyof typeof MESSAGES} */ (language)] ??
    MESSAGES[/** @type {keyof typeof MESSAGES} */ (language.split("_")[0])] ??
    MESSAGES.EN;
  return template
    .replace("[minimum]", String(minimum))
    .replace("[missing]", String(minimum - quantity));
}

/**
 * The function's entry point (target cart.validations.generate.run).
 * @param {CartValidationsGenerateRunInput} input
 * @returns {CartValidationsGenerateRunResult}
 */
export function cartValidationsGenerateRun(input) {
  const language = input.localization?.language?.isoCode;
  /** @type {ValidationError[]} */
  const errors = [];
  input.cart.lines.forEach((line, index) => {
    const minimum = minimumOf(line.merchandise);
    if (minimum === null || line.quantity >= minimum) return;
    errors.push({
      message: shortOfMinimumMessage(language, minimum, line.quantity),
      target: `$.cart.lines[${index}].quantity`,
    });
  });
  return { operations: [{ validationAdd: { errors } }] };
}
