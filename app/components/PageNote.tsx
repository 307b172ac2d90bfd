import { Box, Text } from "@shopify/polaris";

/**
 * A page's small print below its cards. Outside a card it has no padding of its own, and on a
 * phone, where cards run from edge to edge, it keeps the margin the cards' text has.
 */
export function PageNote({ children }: { children: React.ReactNode }) {
  return (
    <Box paddingInline={{ xs: "400", sm: "0" }}>
      <Text as="p" tone="subdued" variant="bodySm">
        {children}
      </Text>
    </Box>
  );
}
