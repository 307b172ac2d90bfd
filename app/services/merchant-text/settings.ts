/**
 * Words of the Settings page's key check ("Save and test connection", Save, "Test connection").
 * Said on the Settings page itself: never "check the keys in the settings", and each refusal
 * names only the key that was refused. Pure: no I/O, no framework, nothing but words.
 */
import { PRINT_CODE_TEXT, PRINT_KIND_TEXT, PRINT_PROBLEM_TEXT } from "./errors";
import { countOf } from "./orders";

/** The keys the print service can refuse when asked (the secret key only signs payments). */
export type CheckedKey = "merchantApiKey" | "applicationApiKey";

const KEY_NAME: Readonly<Record<CheckedKey, string>> = {
  merchantApiKey: "merchant API key",
  applicationApiKey: "legacy application API key",
};

/** What stops working while the service refuses a key, as the end of a sentence. */
const WHAT_FAILS: Readonly<Record<CheckedKey, string>> = {
  merchantApiKey:
    "the catalogue, quotes, billing entities and every new print order of this shop fail",
  applicationApiKey:
    "offering pages show no prices in other currencies, and quotes are kept without the date their prices hold until",
};

/** "merchant API key", "merchant API key and legacy application API key". */
function keyNames(keys: readonly CheckedKey[]): string {
  return keys.map((k) => KEY_NAME[k]).join(" and ");
}

/** One line per check of the connection test. */
export const CONNECTION_CHECK_TEXT = {
  reached: (url: string, categories: number) => `Reached ${url} (${categories} categories).`,
  /**
   * One answer for every way a host can be unreachable (refused, no such name, an address the
   * rule blocks, no answer in time): told apart, they would make the test a scanner of the
   * server's network.
   */
  unreachable:
    "The print service could not be reached at this address. Check the environment and URL, or try again in a few minutes.",
  /** The address answered, but not as the print service does. */
  unreadable:
    "This address answered, but not as the print service does. Check the environment and service URL.",
  /** 5xx or 429: nothing is known about the key. */
  unavailable:
    "The print service had a problem answering, so this could not be checked. Try again in a few minutes.",
  merchantAccepted: (offerings: number) =>
    `Accepted: ${countOf(offerings, "offering")} available to this account.`,
  legacyAccepted: (offerings: number) =>
    `Accepted: its price list in every currency has ${countOf(offerings, "offering")}.`,
  refused: (key: CheckedKey) => `Refused: the print service does not accept this ${KEY_NAME[key]}.`,
  /** The service's own words, after one of ours. */
  serviceSaid: (details: string) => `The print service said: "${details}".`,
  notReached: "Not checked: the service was not reachable.",
  /** The legacy interface takes both keys; a refused merchant key says nothing about the other. */
  legacyAfterMerchant:
    "Not checked: the print service checks it together with the merchant API key, which it did not accept.",
  legacyNotSet: "Not set (optional): needed only for prices in every currency.",
  secret: "Saved. It signs payments, so it is only checked when the first order is paid.",
  /** The secret in the form, before it is stored. */
  secretUnsaved: "It signs payments, so it is only checked when the first order is paid.",
  noKeys: "Enter and save your merchant API key and secret key first.",
} as const;

/** On the field of a key the service refused. */
export const KEY_FIELD_ERROR: Readonly<Record<CheckedKey, string>> = {
  merchantApiKey:
    "The print service does not accept this merchant API key. Copy it again from your print-service account, for the environment chosen above.",
  applicationApiKey:
    "The print service does not accept this legacy application API key for your account. Copy it again from your print-service account.",
};

/** Why the keys in the form were not saved. */
export type KeyProblem = { kind: "refused"; keys: CheckedKey[] } | { kind: "unchecked" };

/** The refusal of a save, the choice to save anyway, and what a forced save means. */
export const KEY_PROBLEM_TEXT = {
  title: (p: KeyProblem) =>
    p.kind === "refused"
      ? `Not saved: the print service does not accept the ${keyNames(p.keys)}`
      : "Not saved: the keys could not be checked",
  /** `hadKeys`: the shop had working settings before; they stay in use. */
  nothingSaved: (hadKeys: boolean) =>
    hadKeys ? "Nothing was saved: the settings saved before stay in use." : "Nothing was saved.",
  pointer: "See Print-service account below.",
  /** Over the checks, under the button that ran them. */
  checkFailed: "The connection has a problem",
  confirm: (p: KeyProblem) =>
    p.kind === "refused"
      ? `I understand that the print service refuses this ${keyNames(p.keys)}, and that once it is saved ${p.keys.map((k) => WHAT_FAILS[k]).join(", and ")} until I enter a key it accepts.`
      : `I understand that these keys were not checked, and that if the print service refuses them, ${WHAT_FAILS.merchantApiKey} until I enter keys it accepts.`,
  saveAnyway: "Save anyway",
  savedTitle: (p: KeyProblem) =>
    p.kind === "refused"
      ? `Saved, although the print service does not accept the ${keyNames(p.keys)}`
      : "Saved without checking the keys",
  savedDetail: (p: KeyProblem) =>
    p.kind === "refused"
      ? `Until you enter a key it accepts, ${p.keys.map((k) => WHAT_FAILS[k]).join(", and ")}.`
      : `If the print service refuses these keys, ${WHAT_FAILS.merchantApiKey} until you enter keys it accepts. Test the connection once the service is back.`,
} as const;

/** Page-wide hints that send the merchant to the settings, as said on the Settings page. */
const SETTINGS_PAGE_HINTS: Readonly<Record<string, string>> = {
  [PRINT_KIND_TEXT.auth.hint ?? ""]: "Check the merchant API key above, then test the connection.",
  [PRINT_CODE_TEXT.APP_FORBIDDEN?.hint ?? ""]:
    "Check the merchant API key above, then test the connection.",
  [PRINT_PROBLEM_TEXT.unreachable.hint]:
    "Check the environment and URL above, or try again in a few minutes.",
  [PRINT_PROBLEM_TEXT.unreadable.hint]:
    "Check the environment and URL above; if they are right, try again later.",
};

/**
 * A page-wide hint said on the Settings page itself: the ones that send the merchant to the
 * settings point at the fields above instead. Others stay as they are.
 */
export function hintOnSettingsPage(hint: string | null): string | null {
  if (hint === null) return null;
  return Object.hasOwn(SETTINGS_PAGE_HINTS, hint) ? (SETTINGS_PAGE_HINTS[hint] ?? hint) : hint;
}
