import { Link as RemixLink, useFetcher } from "@remix-run/react";
import { BlockStack, Link, Text } from "@shopify/polaris";
import { useEffect, useRef } from "react";
import type { IsbnUsesAnswer } from "../pages/mapping/isbn-uses.server";
import { ISBN_TEXT } from "../services/merchant-text/isbn";

const ROUTE = "/app/isbn-uses";
/** ISBNs are typed digit by digit: ask once the merchant pauses. */
const DEBOUNCE_MS = 400;

/**
 * Under an ISBN field: the other products whose mapping already carries this ISBN, each a link
 * to its mapping, as a warning (an ISBN identifies one edition). Checked as the merchant types;
 * `initial` is what the page's loader found for the saved ISBN, shown before any typing.
 */
export function IsbnUses({
  isbn,
  variantId,
  initial = null,
}: {
  isbn: string;
  /** The variant whose field this is (legacy id): it is not "another" product. */
  variantId?: string;
  initial?: IsbnUsesAnswer | null;
}) {
  const fetcher = useFetcher<IsbnUsesAnswer>();
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  const first = useRef(initial !== null);
  useEffect(() => {
    // The saved ISBN's answer came with the page.
    if (first.current) {
      first.current = false;
      return;
    }
    if (!isbn.trim()) return;
    const query = new URLSearchParams({
      isbn: isbn.trim(),
      ...(variantId ? { variant: variantId } : {}),
    });
    const timer = setTimeout(() => load.current(`${ROUTE}?${query}`), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [isbn, variantId]);
  const answer = isbn.trim() ? (fetcher.data ?? initial) : null;
  return (
    <>
      {/* Remix learns of routes lazily, from the links a page renders. */}
      <RemixLink to={ROUTE} hidden tabIndex={-1} aria-hidden="true" />
      {answer?.isbn && answer.uses.length ? (
        <BlockStack gap="100">
          <Text as="p" tone="caution">
            {ISBN_TEXT.alsoOn(
              answer.isbn,
              answer.uses.map((u) => u.title),
            )}
          </Text>
          {answer.uses.map((u) => (
            <Link key={u.url} url={u.url}>
              {`Open “${u.title || "the other product"}”`}
            </Link>
          ))}
        </BlockStack>
      ) : null}
    </>
  );
}
