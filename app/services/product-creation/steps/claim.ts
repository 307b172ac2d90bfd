import type { FormLike } from "../form";
import type { CreationPorts, CreationRow } from "../ports";
import { claimDataOf, type Prepared } from "../prepare";
import { productHandle } from "../text";

/** How long a creation in progress is left alone by a repeat of the same submission. */
export const LEASE_MS = 2 * 60_000;
const WAIT_STEP_MS = 150;

/** What "Create product" answers; `invalid` may carry the checked submission to preview. */
export type CreationOutcome =
  | { status: "done"; creationId: string; productId: string }
  | { status: "invalid"; fieldErrors: Record<string, string>; prepared?: Prepared }
  | { status: "failed"; creationId: string | null; message: string };

export const inFlight = (ports: CreationPorts, row: CreationRow) =>
  (row.state === "started" || row.state === "created") &&
  ports.now() - row.updatedAt.getTime() < LEASE_MS;

/** What a finished (or failed) creation answers to a repeat of its submission. */
export function outcomeOf(row: CreationRow): CreationOutcome | null {
  if (row.state === "done" && row.productId)
    return { status: "done", creationId: row.id, productId: row.productId };
  if (row.state === "failed")
    return {
      status: "failed",
      creationId: row.id,
      message: row.problem ?? "The product could not be created. Try again.",
    };
  return null;
}

/** Waits for the creation another request is carrying out, and answers what it ended with. */
export async function waitForCreation(
  ports: CreationPorts,
  requestKey: string,
): Promise<CreationOutcome> {
  const deadline = ports.now() + LEASE_MS + 5_000;
  while (ports.now() < deadline) {
    const row = await ports.store.findByRequestKey(requestKey);
    if (!row) break;
    const outcome = outcomeOf(row);
    if (outcome) return outcome;
    if (!inFlight(ports, row)) break;
    await ports.sleep(WAIT_STEP_MS);
  }
  return {
    status: "failed",
    creationId: null,
    message: "This product is still being created. Reload the page in a moment to see it.",
  };
}

export type Claim =
  { kind: "claimed"; row: CreationRow } | { kind: "finished"; row: CreationRow } | { kind: "busy" };

/**
 * Step "claim": the ProductCreation row of (shop, requestKey) is the lock. The request that
 * creates it carries the submission out; a repeat finds it finished, or in progress (and
 * waits), or failed or abandoned (and takes it over, keeping its handle so Shopify's product is
 * found again, never made twice). Its undo is the row's "failed" state, which the workflow
 * writes with the merchant's sentence.
 */
export async function claimCreation(
  ports: CreationPorts,
  p: Prepared,
  form: FormLike,
): Promise<Claim> {
  const { posted } = p;
  const data = claimDataOf(p, form);
  const inserted = await ports.store.insert({
    requestKey: posted.requestKey,
    handle: productHandle(posted.title, posted.requestKey),
    ...data,
  });
  if (inserted) return { kind: "claimed", row: inserted };
  const row = await ports.store.findByRequestKey(posted.requestKey);
  if (!row) return { kind: "busy" };
  if (row.state === "done") return { kind: "finished", row };
  if (inFlight(ports, row)) return { kind: "busy" };
  const claimed = await ports.store.takeOver(row, data);
  return claimed ? { kind: "claimed", row: claimed } : { kind: "busy" };
}
