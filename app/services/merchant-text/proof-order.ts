/**
 * Words for merchants on the page that orders a proof copy (services/proofs): what is wrong
 * with the address, why there is nothing to proof, what the button says. The words about
 * proofs once placed (badge, Profit) are in proofs.ts. Pure: no I/O, no framework.
 */
import type { AddressField } from "../fulfilment/print-plan";

/** One message per address field, when it is empty and when the print service cannot use it. */
export const PROOF_ADDRESS_TEXT: Record<AddressField, { missing: string; invalid: string }> = {
  firstName: { missing: "Enter the first name.", invalid: "Enter the first name." },
  lastName: { missing: "Enter the last name.", invalid: "Enter the last name." },
  address1: {
    missing: "Enter the street and house number.",
    invalid: "Enter the street and house number.",
  },
  city: { missing: "Enter the city.", invalid: "Enter the city." },
  countryCode: { missing: "Choose the country.", invalid: "Choose a country from the list." },
  email: {
    missing: "Enter an email address: the print service sends the shipping news there.",
    invalid: "Enter an email address like name@example.com.",
  },
};

/** A field longer than the print service or a label can take. */
export const proofFieldTooLong = (max: number) => `Keep this under ${max} characters.`;

export const PROOF_TEXT = {
  notMapped: "This variant is not mapped to a print product. Map it first, then order a proof.",
  noFileOfItsOwn:
    "This variant's print file comes with each customer's order, so it has no file of its own to proof. Order a proof from the catalogue with a file of yours instead.",
  offeringGone: (offeringId: number) =>
    `The print service no longer offers offering ${offeringId}. Choose a current offering first.`,
  outsideLimits: (problems: string[]) =>
    `This cannot be printed as it is: ${problems.join("; ")}. Fix it first, then order a proof.`,
  noSource:
    "Open this page from a product's mapping, a created product or a catalogue offering to order a proof copy.",
  contentUrl: "Enter the print file's full web address, starting with https://.",
  size: "Enter the width and height in millimetres: this offering is printed at any size.",
  noCredentials: "Connect your print-service account in Settings to order a proof copy.",
  badRequestKey: "This form is out of date. Reload the page and place the proof again.",
  priceChanged:
    "The print service's price for this proof changed since you saw it. Check the new quote, then place it again.",
  placedEvent: (parts: { name: string; quantity: number; title: string; place: string }) =>
    `${parts.name} ordered: ${parts.quantity} × "${parts.title}" to ${parts.place}. You approved it by placing it.`,
  quantityNote: (minimum: number) =>
    `The print service prints at least ${minimum} copies of this product, so the proof has ${minimum}.`,
} as const;

/** The print service quoted nothing for the proof's item to this address. */
export const PROOF_CANNOT_MAKE = {
  title: "The print service cannot make this product for that address.",
  detail: null,
  hint: "Choose another country, or another offering for the product.",
  code: null,
} as const;

/** The button that places the proof, with the quoted total (already formatted). */
export const placeProofLabel = (total: string) => `Place proof order for ${total}`;

/** Approving the proof of a created product kept a draft for it (by the proof, or confirming none). */
export const PROOF_APPROVAL_TEXT = {
  notKept:
    "This product was not kept a draft for a proof. Make it active in Shopify when you want to sell it.",
  notCreated:
    "The product is not in Shopify yet, so it cannot be made active. Finish creating it first.",
  shopifyRefused: (detail: string) =>
    `Shopify did not make the product active (${detail}). The proof is not marked approved; try again.`,
  noProof:
    "No proof copy has been ordered for this product. Order one and check it when it arrives, or confirm that you approve the product without one.",
  chooseProof: "Choose the proof copy you approve.",
  unknownProof:
    "That proof copy is not one ordered for this product, or it was cancelled. Reload the page and choose again.",
  /** The card's text once approved, naming the proof (or its absence). */
  approved: (when: string, proofName: string | null) =>
    proofName
      ? `You approved ${proofName} on ${when}, and the product was made active.`
      : `You approved the product without a proof copy on ${when}, and it was made active.`,
  /** The confirmation asked for when no proof was ordered. */
  withoutProofConfirm: "I approve this product without ordering a proof copy",
  withoutProofButton: "Approve without a proof",
  /** Beside the approve button while the proof is still on its way. */
  notShippedYet: (proofName: string) =>
    `${proofName} has not shipped yet: approve it once you have checked the printed copy.`,
  /** "Approve Proof P1001": proofs are named "Proof P…". */
  approveButton: (proofName: string) => `Approve ${proofName}`,
} as const;
