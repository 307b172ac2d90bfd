import { BlockStack, Card, Text } from "@shopify/polaris";
import { countOf } from "../../services/merchant-text/orders";
import { PROOF_COST_NOTE } from "../../services/merchant-text/proofs";
import { useFormat } from "../format";
import { AmountRow } from "./AmountRow";
import type { OrderDetail } from "./types";

/**
 * What a proof copy costs, in place of a sale's margin: a proof has no Shopify price, so it
 * has no revenue nor margin, only the print service's charge.
 */
export function ProofCostCard({ proof }: { proof: NonNullable<OrderDetail["proof"]> }) {
  const fmt = useFormat();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Cost of this proof
        </Text>
        {proof.cost ? (
          <AmountRow
            label={`Print, shipping and VAT for ${countOf(proof.copies, "copy", "copies")}`}
            value={fmt.money(proof.cost)}
            strong
          />
        ) : (
          <Text as="p" tone="subdued">
            Known once the print service has quoted the proof.
          </Text>
        )}
        <Text as="p" tone="subdued">
          {PROOF_COST_NOTE}
        </Text>
      </BlockStack>
    </Card>
  );
}
