import type { CreationPorts } from "../ports";
import type { Prepared } from "../prepare";

/**
 * Step "keep costs": each variant's sale cost kept as its mapping quote, so the Products list
 * shows its margin without asking the service. The product is done by now: a cost not kept is
 * only logged (the Products list asks the service instead), so there is nothing to undo.
 */
export async function keepCosts(
  ports: CreationPorts,
  p: Prepared,
  variantIds: string[],
): Promise<void> {
  for (const [i, v] of p.variants.entries()) {
    try {
      await ports.store.keepSaleCost({
        variantId: variantIds[i]!,
        numberOfPages: v.mapping.numberOfPages,
        countryCode: p.countryCode,
        cost: p.costs[i]!,
      });
    } catch (error) {
      ports.log.warn({ err: error, shop: ports.shop }, "sale cost not kept");
    }
  }
}
