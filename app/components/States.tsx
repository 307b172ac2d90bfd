import { Banner, BlockStack, Box, Card, EmptyState, Layout, Page, Text } from "@shopify/polaris";
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";

const EMPTY_IMAGE =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="226" height="160" viewBox="0 0 226 160"><rect x="38" y="30" width="150" height="100" rx="12" fill="#f1f1f1"/><rect x="58" y="52" width="70" height="10" rx="5" fill="#d4d4d4"/><rect x="58" y="72" width="110" height="8" rx="4" fill="#e3e3e3"/><rect x="58" y="88" width="90" height="8" rx="4" fill="#e3e3e3"/></svg>',
  );

export interface Problem {
  title: string;
  detail: string | null;
  hint: string | null;
  code?: string | null;
}

/** Shown instead of print-service data until the shop has saved its keys. */
export function NoCredentials({ what }: { what: string }) {
  return (
    <Card>
      <EmptyState
        heading="Connect your print-service account"
        action={{ content: "Go to Settings", url: "/app/settings" }}
        image={EMPTY_IMAGE}
      >
        <p>Enter your merchant API key and secret key in Settings to see {what}.</p>
      </EmptyState>
    </Card>
  );
}

export function Empty({
  heading,
  children,
  action,
}: {
  heading: string;
  children?: React.ReactNode;
  action?: { content: string; url: string };
}) {
  // Pages put it in cards without padding, which on a phone run from edge to edge.
  return (
    <Box paddingInline="400">
      <EmptyState heading={heading} image={EMPTY_IMAGE} {...(action ? { action } : {})}>
        {children}
      </EmptyState>
    </Box>
  );
}

/** A print-service failure the page could not recover from, with what to do. */
export function ProblemBanner({ problem, title }: { problem: Problem; title?: string }) {
  return (
    <Banner tone="critical" title={title ?? problem.title}>
      <BlockStack gap="100">
        {title ? <Text as="p">{problem.title}</Text> : null}
        {problem.detail ? <Text as="p">{problem.detail}</Text> : null}
        {problem.hint ? <Text as="p">{problem.hint}</Text> : null}
      </BlockStack>
    </Banner>
  );
}

/**
 * The catalogue a page chooses offerings from: the page's content once it
 * loaded, otherwise why not (no keys yet, or the service's problem).
 */
export function CatalogueLoaded({
  catalogue,
  children,
}: {
  catalogue: { status: "no_credentials" } | { status: "error"; problem: Problem } | null;
  children: React.ReactNode;
}) {
  if (catalogue?.status === "no_credentials") {
    return <NoCredentials what="the offerings you can map to" />;
  }
  if (catalogue?.status === "error") {
    return (
      <ProblemBanner
        problem={catalogue.problem}
        title="The print-service catalogue could not be loaded"
      />
    );
  }
  return <>{children}</>;
}

/** Route error boundary body: a plain message inside the admin layout. */
export function RouteError({ title }: { title: string }) {
  const error = useRouteError();
  let message = "Something went wrong while loading this page. Try again in a moment.";
  if (isRouteErrorResponse(error)) {
    message =
      error.status === 404
        ? "This page or record does not exist (any more)."
        : typeof error.data === "string" && error.data
          ? error.data
          : `The request failed (${error.status}).`;
  }
  return (
    <Page title={title} backAction={{ content: "Home", url: "/app" }}>
      <Layout>
        <Layout.Section>
          <Banner tone="critical" title="This page could not be shown">
            <p>{message}</p>
          </Banner>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
