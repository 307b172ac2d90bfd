import { Badge } from "@shopify/polaris";
import { orderStatusLabel } from "../services/merchant-text/orders";

type Tone = "success" | "info" | "attention" | "warning" | "critical" | "new" | undefined;

/** Each status's look; its words are in services/merchant-text/orders.ts. */
const STATUS: Record<
  string,
  { tone: Tone; progress?: "incomplete" | "partiallyComplete" | "complete" }
> = {
  pending: { tone: undefined, progress: "incomplete" },
  held: { tone: "attention", progress: "incomplete" },
  awaiting_approval: { tone: "attention", progress: "incomplete" },
  ready: { tone: "info", progress: "partiallyComplete" },
  awaiting_files: { tone: "warning", progress: "partiallyComplete" },
  created: { tone: "info", progress: "partiallyComplete" },
  paid: { tone: "info", progress: "partiallyComplete" },
  in_production: { tone: "info", progress: "partiallyComplete" },
  shipped: { tone: "success", progress: "complete" },
  fulfilled: { tone: "success", progress: "complete" },
  cancelled: { tone: undefined, progress: "complete" },
  needs_attention: { tone: "critical", progress: "incomplete" },
};

export function statusLabel(status: string): string {
  return orderStatusLabel(status);
}

export function StatusBadge({ status }: { status: string }) {
  const s = STATUS[status] ?? { tone: undefined };
  return (
    <Badge tone={s.tone} {...(s.progress ? { progress: s.progress } : {})}>
      {statusLabel(status)}
    </Badge>
  );
}

const MAPPING: Record<string, { label: string; tone: Tone }> = {
  mapped: { label: "Mapped", tone: "success" },
  file_per_order: { label: "Needs file per order", tone: "info" },
  unmapped: { label: "Unmapped", tone: undefined },
};

export function MappingBadge({ state }: { state: string }) {
  const m = MAPPING[state] ?? { label: state, tone: undefined };
  return <Badge tone={m.tone}>{m.label}</Badge>;
}
