import { Await, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { Streamed } from "../Streamed";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  Divider,
  InlineStack,
  SkeletonBodyText,
  Text,
} from "@shopify/polaris";
import type { SetupCheck, SetupItem, SetupState } from "../../services/setup-check/judge";
import { SETUP_CHECK_TEXT, SETUP_GROUP_TITLES } from "../../services/merchant-text/setup-check";
import { countOf } from "../../services/merchant-text/orders";
import { CopyField } from "../CopyField";
import { useFormat } from "../format";

const BADGES: Record<SetupState, { label: string; tone?: "success" | "warning" | "info" }> = {
  ok: { label: "Fine", tone: "success" },
  action: { label: "Needs action", tone: "warning" },
  waiting: { label: "Not yet", tone: "info" },
  unchecked: { label: "Couldn't check" },
};

/** One fetcher for the check's buttons, so the card shows the outcome after the item changed. */
const ACTION_FETCHER = "setup-check-action";
type ActionResult = { ok: boolean; message: string; intent?: string };

/** A button the app carries out itself (turn the cart rule on, register the carrier service). */
function RunButton({ intent, label }: { intent: string; label: string }) {
  const fetcher = useFetcher<ActionResult>({ key: ACTION_FETCHER });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("intent") === intent;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button submit variant="primary" loading={busy} disabled={fetcher.state !== "idle" && !busy}>
        {label}
      </Button>
    </fetcher.Form>
  );
}

/** What the last button did, in the merchant's words, until it is dismissed. */
function ActionOutcome() {
  const fetcher = useFetcher<ActionResult>({ key: ACTION_FETCHER });
  const [dismissed, setDismissed] = useState<ActionResult | null>(null);
  const result = fetcher.data;
  if (!result || fetcher.state !== "idle" || dismissed === result) return null;
  return (
    <Banner tone={result.ok ? "success" : "critical"} onDismiss={() => setDismissed(result)}>
      <p>{result.message}</p>
    </Banner>
  );
}

/** Text and action side by side, the action under the text once the row is too narrow. */
const ROW = {
  display: "flex",
  flexWrap: "wrap",
  gap: "0.75rem",
  alignItems: "flex-start",
} as const;
const TEXT = { flex: "1 1 20rem", minWidth: 0, maxWidth: "44rem" } as const;
const ACTION = { flex: "0 0 auto", marginInlineStart: "auto" } as const;

function ItemRow({ item }: { item: SetupItem }) {
  const fmt = useFormat();
  const badge = BADGES[item.state];
  const action = item.action;
  return (
    <Box paddingBlock="300">
      <div style={ROW}>
        <div style={TEXT}>
          <BlockStack gap="100">
            <InlineStack align="start" gap="200" blockAlign="center" wrap>
              <Badge tone={badge.tone}>{badge.label}</Badge>
              <Text as="h4" variant="bodyMd" fontWeight="semibold">
                {item.title}
              </Text>
            </InlineStack>
            {item.message ? <Text as="p">{item.message}</Text> : null}
            {item.when ? (
              <Text as="p" tone="subdued">
                {item.when.label} {fmt.dateTime(item.when.at)}
              </Text>
            ) : null}
            {item.copy ? <CopyField label={item.copy.label} value={item.copy.value} /> : null}
          </BlockStack>
        </div>
        {action ? (
          <div style={ACTION}>
            {action.kind === "run" ? (
              <RunButton intent={action.intent} label={action.label} />
            ) : (
              <Button
                url={action.url}
                target={action.external ? "_blank" : undefined}
                variant={item.state === "action" ? "primary" : undefined}
              >
                {action.label}
              </Button>
            )}
          </div>
        ) : null}
      </div>
    </Box>
  );
}

function Items({ items }: { items: SetupItem[] }) {
  const groups = (Object.keys(SETUP_GROUP_TITLES) as (keyof typeof SETUP_GROUP_TITLES)[])
    .map((group) => ({ group, items: items.filter((i) => i.group === group) }))
    .filter((g) => g.items.length > 0);
  return (
    <BlockStack gap="300">
      {groups.map((g) => (
        <BlockStack key={g.group} gap="0">
          <Text as="h3" variant="headingSm" tone="subdued">
            {SETUP_GROUP_TITLES[g.group]}
          </Text>
          {g.items.map((item, i) => (
            <div key={item.id}>
              {i > 0 ? <Divider /> : null}
              <ItemRow item={item} />
            </div>
          ))}
        </BlockStack>
      ))}
    </BlockStack>
  );
}

function CheckBody({ check }: { check: SetupCheck }) {
  const fmt = useFormat();
  const open = check.items.filter((i) => i.state !== "ok");
  const fine = check.items.filter((i) => i.state === "ok");
  const [showFine, setShowFine] = useState(false);
  return (
    <BlockStack gap="400">
      <InlineStack align="space-between" blockAlign="center" gap="200">
        <Text as="h2" variant="headingMd">
          Setup check
        </Text>
        <Text as="span" tone="subdued">
          {SETUP_CHECK_TEXT.summary(check.fine, check.items.length)} · checked{" "}
          {fmt.dateTime(check.checkedAt)}
        </Text>
      </InlineStack>
      <ActionOutcome />
      {open.length === 0 ? (
        <Text as="p">Print Connect, Shopify and the print service are set up and talking.</Text>
      ) : (
        <Items items={open} />
      )}
      {fine.length > 0 ? (
        <BlockStack gap="300">
          <InlineStack align="start">
            <Button
              variant="plain"
              onClick={() => setShowFine((v) => !v)}
              ariaExpanded={showFine}
              disclosure={showFine ? "up" : "down"}
            >
              {showFine
                ? `Hide the ${countOf(fine.length, "fine check")}`
                : `Show the ${countOf(fine.length, "fine check")}`}
            </Button>
          </InlineStack>
          {showFine ? <Items items={fine} /> : null}
        </BlockStack>
      ) : null}
    </BlockStack>
  );
}

/** Home's setup check, streamed in: what is wrong and the one action that fixes each. */
export function SetupCheckCard({ check }: { check: Promise<SetupCheck> }) {
  return (
    <Card>
      <Streamed
        fallback={
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              Setup check
            </Text>
            <Text as="p" tone="subdued">
              Asking Shopify and the print service…
            </Text>
            <SkeletonBodyText lines={3} />
          </BlockStack>
        }
      >
        <Await
          resolve={check}
          errorElement={
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                Setup check
              </Text>
              <Text as="p">
                Couldn't run the setup check just now. Open Home again in a moment.
              </Text>
            </BlockStack>
          }
        >
          {(resolved) => <CheckBody check={resolved} />}
        </Await>
      </Streamed>
    </Card>
  );
}
