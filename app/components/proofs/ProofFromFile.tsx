import { Form } from "@remix-run/react";
import { useState } from "react";
import {
  BlockStack,
  Button,
  Card,
  FormLayout,
  InlineStack,
  Text,
  TextField,
} from "@shopify/polaris";

/**
 * "Order a proof copy" of an offering with a file of the merchant's: the file's address and
 * its pages (and the size, for an offering printed at any size) go to the proof page, which
 * checks them, shows what will be printed and quotes it before anything is placed.
 */
export function ProofFromFile({
  offeringId,
  singlePage,
  dynamicSize,
}: {
  offeringId: number;
  singlePage: boolean;
  dynamicSize: boolean;
}) {
  const [contentUrl, setContentUrl] = useState("");
  const [pages, setPages] = useState(singlePage ? "1" : "");
  const [width, setWidth] = useState("");
  const [height, setHeight] = useState("");
  return (
    <Card>
      <Form method="get" action="/app/proofs/new">
        <input type="hidden" name="offeringId" value={offeringId} />
        <BlockStack gap="300">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              Order a proof copy
            </Text>
            <Text as="p" tone="subdued">
              One copy of your file on this offering, at cost, to see it in print before you sell
              it. You see the quote before anything is ordered.
            </Text>
          </BlockStack>
          <FormLayout>
            <TextField
              label="Print file address (PDF)"
              name="contentUrl"
              type="url"
              autoComplete="off"
              placeholder="https://"
              value={contentUrl}
              onChange={setContentUrl}
            />
            <FormLayout.Group>
              {singlePage ? (
                <input type="hidden" name="pages" value="1" />
              ) : (
                <TextField
                  label="Pages"
                  name="pages"
                  type="number"
                  autoComplete="off"
                  value={pages}
                  onChange={setPages}
                />
              )}
              {dynamicSize ? (
                <TextField
                  label="Width (mm)"
                  name="width"
                  type="number"
                  autoComplete="off"
                  value={width}
                  onChange={setWidth}
                />
              ) : null}
              {dynamicSize ? (
                <TextField
                  label="Height (mm)"
                  name="height"
                  type="number"
                  autoComplete="off"
                  value={height}
                  onChange={setHeight}
                />
              ) : null}
            </FormLayout.Group>
          </FormLayout>
          <InlineStack>
            <Button submit>Order a proof copy</Button>
          </InlineStack>
        </BlockStack>
      </Form>
    </Card>
  );
}
