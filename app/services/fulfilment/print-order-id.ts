/** The largest value of the 32-bit integer column print-service order ids are stored in. */
const MAX_STORED_PRINT_ORDER_ID = 2_147_483_647;

/** A print-service order id as stored (an integer column), or null when it cannot be one. */
export function storedPrintOrderId(id: string): number | null {
  if (!/^\d{1,10}$/.test(id)) return null;
  const n = Number(id);
  return n > 0 && n <= MAX_STORED_PRINT_ORDER_ID ? n : null;
}
