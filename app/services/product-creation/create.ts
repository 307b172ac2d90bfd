import { SHOPIFY_FAILURE_TEXT } from "../shopify-admin";
import { legacyIdOf } from "../shopify-admin/ids";
import { Compensation } from "./compensation";
import type { FormLike } from "./form";
import type { CreationPorts, CreationRow } from "./ports";
import { prepare, stringOf, type Prepared } from "./prepare";
import { userErrorsToFields } from "./product-set";
import {
  claimCreation,
  inFlight,
  outcomeOf,
  waitForCreation,
  type CreationOutcome,
} from "./steps/claim";
import { productImage } from "./steps/image";
import { keepCosts } from "./steps/keep-costs";
import { publish } from "./steps/publish";
import { saveMappings, variantIdsOf } from "./steps/save-mappings";
import { setProduct, setProductDone } from "./steps/set-product";

/**
 * "Create product": a Shopify product made from the merchant's PDF and one or more
 * print-service offerings, already mapped, at prices known to make money.
 *
 * The steps, each in steps/: the form and every variant checked, then "check files" and
 * "price" (prepare.ts; nothing written yet); "claim" the ProductCreation row of the form's
 * request key (one per submission: a double click or a retry finds it); then "image", "set
 * product", "save mappings" — a failure there undoes "set product" — and, the product being
 * done, "keep costs" and "publish", which only add notes.
 */

function listText(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Idempotent per request key: a double click, a retry or a repeat after a lost answer gives the one product. */
export async function createProduct(
  ports: CreationPorts,
  form: FormLike,
): Promise<CreationOutcome> {
  const requestKey = stringOf(form.get("requestKey"))?.trim() ?? "";
  if (requestKey) {
    const existing = await ports.store.findByRequestKey(requestKey);
    if (existing?.state === "done") return outcomeOf(existing)!;
    if (existing && inFlight(ports, existing)) return waitForCreation(ports, requestKey);
  }

  const prepared = await prepare(ports, form);
  if (!prepared.ok) return { status: "invalid", fieldErrors: prepared.fieldErrors };
  const p = prepared.prepared;
  const losing = p.variants.filter((_, i) => p.priced[i]!.belowCost).map((v) => v.label);
  if (losing.length > 0 && !p.posted.confirmLoss) {
    return {
      status: "invalid",
      fieldErrors: {
        confirmLoss: `${listText(losing)} would sell below the print, shipping and VAT cost. Raise the price, or confirm that you want to sell at a loss.`,
      },
      prepared: p,
    };
  }

  const claim = await claimCreation(ports, p, form);
  if (claim.kind === "finished") return outcomeOf(claim.row)!;
  if (claim.kind === "busy") return waitForCreation(ports, p.posted.requestKey);
  try {
    return await carryOut(ports, p, claim.row);
  } catch (error) {
    // Anything unforeseen before the product was finished: say so, and let a retry resume.
    const row = await ports.store.find(claim.row.id);
    const message = row?.productId
      ? `Something went wrong after Shopify made the product “${p.posted.title}”. Try again: the same product is finished, never made twice.`
      : "Something went wrong before the product was made; nothing was changed. Try again.";
    await ports.store.update(claim.row.id, { state: "failed", problem: message });
    if (error instanceof Response) throw error;
    ports.log.error(
      { err: error, shop: ports.shop, creationId: claim.row.id },
      "product creation failed",
    );
    return { status: "failed", creationId: claim.row.id, message };
  }
}

/** Shopify's failure to make the product, in the merchant's words. */
function setFailureMessage(error: { transient: boolean; message: string }): string {
  if (error.transient) return SHOPIFY_FAILURE_TEXT.product.unanswered;
  if (/access denied/i.test(error.message)) return SHOPIFY_FAILURE_TEXT.product.notAllowed;
  return SHOPIFY_FAILURE_TEXT.product.refused(error.message);
}

async function carryOut(
  ports: CreationPorts,
  p: Prepared,
  row: CreationRow,
): Promise<CreationOutcome> {
  const { store } = ports;
  const notes: string[] = [];
  const image = await productImage(ports, p);
  if (image?.status === "failed") notes.push(`No product image: ${image.reason}`);

  const set = await setProduct(ports, p, row.handle, image);
  if (set.kind === "refused") {
    const fieldErrors = userErrorsToFields(
      set.userErrors,
      p.variants.map((v) => v.index),
      p.posted.imageSource,
    );
    await store.update(row.id, {
      state: "failed",
      problem: `Shopify did not take the product: ${set.userErrors.map((e) => e.message).join("; ")}. Nothing was created.`,
    });
    return { status: "invalid", fieldErrors };
  }
  if (set.kind === "error") {
    const message = setFailureMessage(set.error);
    await store.update(row.id, { state: "failed", problem: message });
    return { status: "failed", creationId: row.id, message };
  }
  if (set.imageNote) notes.push(set.imageNote);
  const productId = set.product.id;
  await store.update(row.id, { state: "created", productId });

  // From here until the mappings are stored, a failure removes the product again.
  const variantIds = variantIdsOf(p, set.product);
  const undo = new Compensation();
  undo.done(setProductDone(ports, productId, variantIds));
  try {
    await saveMappings(ports, p, productId, variantIds);
  } catch (error) {
    ports.log.error(
      { err: error, shop: ports.shop, creationId: row.id, productId },
      "mappings not saved",
    );
    return undoHalfWay(ports, p, row, undo, productId);
  }

  // Done: the product is in the store and mapped. What follows only adds notes.
  // saveMappings refuses a variant Shopify did not answer, so every id is here.
  const ids = variantIds as string[];
  await keepCosts(ports, p, ids);
  // The row holds the checked submission (claim); it now learns the variants' ids.
  await store.changeRequest(
    row.id,
    (request) => request.variants.forEach((v, i) => (v.variantId = variantIds[i] ?? null)),
    { state: "done", problem: notes.length ? notes.join(" ") : null },
  );

  if (p.posted.publish) {
    const published = await publish(ports, p, ids);
    if (published.problem) notes.push(published.problem);
    await store.changeRequest(row.id, (request) => (request.publications = published.made), {
      publicationId: published.made[0]?.id ?? null,
      problem: notes.length ? notes.join(" ") : null,
    });
  }
  await store.rememberPricingRule(p.rule);
  return { status: "done", creationId: row.id, productId };
}

/** A failure between "set product" and the stored mappings: the done steps undone, newest first. */
async function undoHalfWay(
  ports: CreationPorts,
  p: Prepared,
  row: CreationRow,
  undo: Compensation,
  productId: string,
): Promise<CreationOutcome> {
  const undone = await undo.unwind();
  let message: string;
  if (undone.ok) {
    message =
      "Shopify made the product but its print links could not be saved, so it was deleted again; nothing was changed. Try again.";
    await ports.store.update(row.id, { state: "failed", productId: null, problem: message });
  } else {
    // Whatever stopped the delete (Shopify down, a refusal), the merchant must know the product is there.
    ports.log.error(
      { err: undone.error, shop: ports.shop, productId },
      "product not deleted after a half-way failure",
    );
    message = `Shopify made the product “${p.posted.title}” (product ${legacyIdOf(productId)} in Shopify), but its print links could not be saved and deleting it failed too. Delete it in Shopify under Products, or map its variants on the Products page; then try again.`;
    await ports.store.update(row.id, { state: "failed", problem: message });
  }
  return { status: "failed", creationId: row.id, message };
}
