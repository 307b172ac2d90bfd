import { Form } from "@remix-run/react";
import { useState } from "react";
import { Button, InlineStack, Select, TextField } from "@shopify/polaris";
import { ORDER_KIND_CHOICES } from "../../services/merchant-text/proofs";

/**
 * The search, date and kind filter. Its own component, so typing re-renders the form alone, not
 * the list of print orders below it. The kind applies at once; the others with "Filter".
 */
export function OrdersFilter({
  query,
  filtered,
  loading,
  onKind,
}: {
  query: { q: string; from: string; to: string; view: string; kind: string };
  filtered: boolean;
  loading: boolean;
  onKind: (kind: string) => void;
}) {
  const [search, setSearch] = useState(query.q);
  const [from, setFrom] = useState(query.from);
  const [to, setTo] = useState(query.to);
  return (
    <Form method="get" action="/app/orders">
      {query.view !== "all" ? <input type="hidden" name="view" value={query.view} /> : null}
      <InlineStack gap="300" blockAlign="end" wrap>
        <div style={{ flex: "1 1 220px" }}>
          <TextField
            label="Search by order name"
            name="q"
            value={search}
            onChange={setSearch}
            placeholder="#1001 or Proof P1001"
            autoComplete="off"
            clearButton
            onClearButtonClick={() => setSearch("")}
          />
        </div>
        <TextField
          label="Created from"
          type="date"
          name="from"
          value={from}
          onChange={setFrom}
          autoComplete="off"
        />
        <TextField
          label="Created to"
          type="date"
          name="to"
          value={to}
          onChange={setTo}
          autoComplete="off"
        />
        <Select
          label="Kind"
          name="kind"
          options={ORDER_KIND_CHOICES.map((c) => ({ label: c.label, value: c.value }))}
          value={query.kind}
          onChange={onKind}
        />
        <Button submit loading={loading}>
          Filter
        </Button>
        {filtered ? (
          <Button
            variant="plain"
            url={query.view !== "all" ? `/app/orders?view=${query.view}` : "/app/orders"}
          >
            Clear
          </Button>
        ) : null}
      </InlineStack>
    </Form>
  );
}
