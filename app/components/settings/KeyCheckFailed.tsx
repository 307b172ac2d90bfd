import { useState } from "react";
import { Banner, BlockStack, Box, Button, Checkbox, Text } from "@shopify/polaris";
import type { ConnectionReport } from "../../services/print-connection/checks";
import { KEY_PROBLEM_TEXT, type KeyProblem } from "../../services/merchant-text/settings";
import { ConnectionChecks } from "./ConnectionResult";

/**
 * Under "Save and test connection" when the keys in the form failed the check and nothing was
 * saved: what each check found, and "Save anyway", which stores them only once the merchant has
 * ticked a sentence saying what will stop working.
 */
export function KeyCheckFailed({
  problem,
  report,
  saving,
  onSaveAnyway,
}: {
  problem: KeyProblem;
  report: ConnectionReport | undefined;
  saving: boolean;
  onSaveAnyway: () => void;
}) {
  const [confirmed, setConfirmed] = useState(false);
  return (
    <Banner tone="critical" title={KEY_PROBLEM_TEXT.checkFailed}>
      <BlockStack gap="300">
        {report ? <ConnectionChecks report={report} /> : null}
        <Checkbox
          label={KEY_PROBLEM_TEXT.confirm(problem)}
          checked={confirmed}
          onChange={setConfirmed}
        />
        <Box>
          <Button tone="critical" disabled={!confirmed} loading={saving} onClick={onSaveAnyway}>
            {KEY_PROBLEM_TEXT.saveAnyway}
          </Button>
        </Box>
      </BlockStack>
    </Banner>
  );
}

/** After "Save anyway": saved, and what does not work until the keys are fixed. */
export function SavedDespite({
  problem,
  report,
}: {
  problem: KeyProblem;
  report: ConnectionReport | undefined;
}) {
  return (
    <Banner tone="warning" title={KEY_PROBLEM_TEXT.savedTitle(problem)}>
      <BlockStack gap="300">
        <Text as="p">{KEY_PROBLEM_TEXT.savedDetail(problem)}</Text>
        {report ? <ConnectionChecks report={report} /> : null}
      </BlockStack>
    </Banner>
  );
}
