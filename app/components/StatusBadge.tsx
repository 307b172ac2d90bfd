import { Badge } from "@shopify/polaris";

type Tone = "success" | "info" | "attention" | "warning" | "critical" | "new" | undefined;

const STATUS: Record<
  string,
  { label: string; tone: Tone; progress?: "incomplete" | "partiallyComplete" | "complete" }
> = {
  pending: { label: "Pending", tone: undefined, progress: "incomplete" },
  held: { label: "Held", tone: "attention", progress: "incomplete" },
  awaiting_approval: { label: "Awaiting approval", tone: "attention", progress: "incomplete" },
  ready: { label: "Sending to print", tone: "info", progress: "partiallyComplete" },
  awaiting_files: { label: "Awaiting file", tone: "warning", progress: "partiallyComplete" },
  created: { label: "Created", tone: "info", progress: "partiallyComplete" },
  paid: { label: "Paid", tone: "info", progress: "partiallyComplete" },
  in_production: { label: "In production", tone: "info", progress: "partiallyComplete" },
  shipped: { label: "Shipped", tone: "success", progress: "complete" },
  fulfilled: { label: "Fulfilled", tone: "success", progress: "complete" },
  cancelled: { label: "Cancelled", tone: undefined, progress: "complete" },
  needs_attention: { label: "Needs attention", tone: "critical", progress: "incomplete" },
};

export function statusLabel(status: string): string {
  return STATUS[status]?.label ?? status.replaceAll("_", " ");
}

export function StatusBadge({ status }: { status: string }) {
  const s = STATUS[status] ?? { label: statusLabel(status), tone: undefined };
  return (
    <Badge tone={s.tone} progress={s.progress}>
      {s.label}
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
