/**
 * The Shopify Flow triggers the app declares (extensions/print-order-*), one per kind of
 * print-order event a merchant may want to act on: Slack, an e-mail, a tag. Each trigger's
 * fields here are its extension's `[[settings.fields]]`, in the same order; a test holds the
 * two together. Flow's custom field keys may hold only letters and spaces.
 */

/** The print-order event types that fire a trigger, and the trigger (extension handle). */
export const FLOW_TRIGGER_OF_EVENT: ReadonlyMap<string, FlowTriggerHandle> = new Map([
  ["needs_attention", "print-order-needs-attention"],
  ["shipped", "print-order-shipped"],
  ["cancelled", "print-order-cancelled"],
]);

export type FlowTriggerHandle =
  "print-order-needs-attention" | "print-order-shipped" | "print-order-cancelled";

/** A field of a trigger: Shopify's order reference, or a custom field by its key. */
export type FlowTriggerField =
  | { type: "order_reference" }
  | { type: "single_line_text_field" | "multi_line_text_field" | "url"; key: string };

export const FLOW_TRIGGER_FIELDS: Readonly<Record<FlowTriggerHandle, readonly FlowTriggerField[]>> =
  {
    "print-order-needs-attention": [
      { type: "order_reference" },
      { type: "single_line_text_field", key: "Print order" },
      { type: "multi_line_text_field", key: "Reason" },
      { type: "single_line_text_field", key: "Problem code" },
      { type: "url", key: "Print order page" },
    ],
    "print-order-shipped": [
      { type: "order_reference" },
      { type: "single_line_text_field", key: "Print order" },
      { type: "single_line_text_field", key: "Tracking number" },
      { type: "single_line_text_field", key: "Tracking URL" },
      { type: "url", key: "Print order page" },
    ],
    "print-order-cancelled": [
      { type: "order_reference" },
      { type: "single_line_text_field", key: "Print order" },
      { type: "multi_line_text_field", key: "Reason" },
      { type: "url", key: "Print order page" },
    ],
  };

/** What a trigger's payload is built from: the event and its print order as stored. */
export interface TriggerSource {
  handle: FlowTriggerHandle;
  /** Shopify's numeric order id. */
  shopifyOrderId: string;
  orderReference: string;
  eventMessage: string;
  eventData: string | null;
  trackingCode: string | null;
  trackingUrl: string | null;
  /** The print order's page inside the Shopify admin. */
  pageUrl: string;
}

/** Text fields are kept well under Flow's 50,000-byte payload limit. */
const TEXT_MAX = 2_000;
const text = (value: string | null | undefined) => (value ?? "").slice(0, TEXT_MAX);

/** The payload flowTriggerReceive takes: `order_id` for the reference, then the custom fields. */
export function triggerPayload(source: TriggerSource): Record<string, string | number> {
  const reference = { order_id: Number(source.shopifyOrderId) };
  const common = { "Print order": source.orderReference, "Print order page": source.pageUrl };
  switch (source.handle) {
    case "print-order-needs-attention":
      return {
        ...reference,
        ...common,
        Reason: text(source.eventMessage),
        "Problem code": problemCode(source.eventData),
      };
    case "print-order-shipped":
      return {
        ...reference,
        ...common,
        "Tracking number": text(source.trackingCode),
        "Tracking URL": text(source.trackingUrl),
      };
    case "print-order-cancelled":
      return { ...reference, ...common, Reason: text(source.eventMessage) };
  }
}

function problemCode(data: string | null): string {
  try {
    const code = (JSON.parse(data ?? "null") as { code?: unknown } | null)?.code;
    return typeof code === "string" ? code : "";
  } catch {
    return "";
  }
}
