import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  InlineStack,
  Link,
  Text,
} from "@shopify/polaris";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import type { ProofApprovalView } from "../../pages/create-product/index.server";
import { PROOF_APPROVAL_TEXT } from "../../services/merchant-text/proof-order";
import { shownStatusOf } from "../../services/merchant-text/proofs";
import { StatusBadge } from "../StatusBadge";
import { useFormat } from "../format";

/**
 * A product kept a draft until its proof copy is approved: order the proof, then approve that
 * proof, which makes the product active in Shopify. With no proof ordered, approving needs a
 * confirmation that none was.
 */
export function ProofApprovalCard({
  approval,
  proofUrls,
  problem,
}: {
  approval: ProofApprovalView;
  proofUrls: { label: string; url: string }[];
  problem: string | null;
}) {
  const fmt = useFormat();
  const navigation = useNavigation();
  const busy = navigation.formData?.get("intent") === "approveProof";
  const [confirmed, setConfirmed] = useState(false);
  const latest = approval.proofs[0];
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="200" blockAlign="center">
          <Text as="h2" variant="headingMd">
            Proof copy
          </Text>
          {approval.approvedAt ? (
            <Badge tone="success">Approved</Badge>
          ) : (
            <Badge>Waiting for approval</Badge>
          )}
        </InlineStack>
        {approval.approvedAt ? (
          <Text as="p">
            {PROOF_APPROVAL_TEXT.approved(
              fmt.dateTime(approval.approvedAt),
              approval.approvedProofName,
            )}
          </Text>
        ) : (
          <>
            <Text as="p">
              The product stays a draft in your store until you approve a proof copy. Order one,
              check it when it arrives, then approve it: the app makes the product active.
            </Text>
            {proofUrls.map((p) => (
              <Link key={p.url} url={p.url}>
                {proofUrls.length > 1 ? `Order a proof copy of ${p.label}` : "Order a proof copy"}
              </Link>
            ))}
          </>
        )}
        {approval.proofs.length ? (
          <BlockStack gap="100">
            <Text as="h3" variant="headingSm">
              Proofs ordered
            </Text>
            {approval.proofs.map((p) => (
              <InlineStack key={p.id} gap="200" blockAlign="center" wrap>
                <Link url={p.url} removeUnderline>
                  {p.name}
                </Link>
                <StatusBadge status={shownStatusOf({ kind: "proof", status: p.status })} />
                <Text as="span" tone="subdued">
                  {`ordered ${fmt.date(p.orderedAt)}`}
                </Text>
              </InlineStack>
            ))}
          </BlockStack>
        ) : approval.approvedAt ? null : (
          <Text as="p" tone="subdued">
            No proof copy ordered yet.
          </Text>
        )}
        {problem ? (
          <Banner tone="critical">
            <Text as="p">{problem}</Text>
          </Banner>
        ) : null}
        {approval.approvedAt ? null : latest ? (
          <Form method="post">
            <input type="hidden" name="intent" value="approveProof" />
            <input type="hidden" name="proofId" value={latest.id} />
            <BlockStack gap="200">
              {latest.status === "fulfilled" || latest.status === "shipped" ? null : (
                <Text as="p" tone="subdued">
                  {PROOF_APPROVAL_TEXT.notShippedYet(latest.name)}
                </Text>
              )}
              <InlineStack>
                <Button submit variant="primary" loading={busy}>
                  {PROOF_APPROVAL_TEXT.approveButton(latest.name)}
                </Button>
              </InlineStack>
            </BlockStack>
          </Form>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="approveProof" />
            <BlockStack gap="200">
              <Checkbox
                label={PROOF_APPROVAL_TEXT.withoutProofConfirm}
                name="withoutProof"
                value="confirmed"
                checked={confirmed}
                onChange={setConfirmed}
              />
              <InlineStack>
                <Button submit disabled={!confirmed} loading={busy}>
                  {PROOF_APPROVAL_TEXT.withoutProofButton}
                </Button>
              </InlineStack>
            </BlockStack>
          </Form>
        )}
      </BlockStack>
    </Card>
  );
}
