import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { BlockStack, Button, InlineStack, Text } from "@shopify/polaris";
import type { CoverSpineAnswer } from "../pages/cover-template/cover-template.server";
import { mmText, sizeText, spineChangedNote } from "../services/merchant-text/cover-template";
import { saveAsFile } from "./save-file";

/**
 * "Download cover template" for a book: the spine's width beside it, and a note when the page
 * count changed since the template the merchant has (the saved mapping's, or the last one
 * downloaded here), since the spine changed with it. Used on the mapping page (inside its print
 * check) and per variant on Create product. Shows nothing for products without a spine.
 */

const SPINE_ROUTE = "/app/cover-spine";
const TEMPLATE_ROUTE = "/app/cover-template";
/** Page counts are typed digit by digit: wait for a pause before asking. */
const DEBOUNCE_MS = 300;

export interface CoverTemplateLinkProps {
  offeringId: string;
  pages: string;
  /** Pages of the template the merchant has (the saved mapping's); null when none. */
  savedPages: string | null;
  /** The mapped variant (legacy id), when offering, pages and ISBN are its saved ones. */
  variantId?: string | null;
  title?: string;
  isbn?: string;
  /** Also write the spine's width (Create product, where nothing else shows it). */
  showSpine: boolean;
}

const digits = (text: string) => /^\d{1,6}$/.test(text.trim());

/** The file name from Content-Disposition, else a plain one. */
function fileNameOf(response: Response): string {
  const header = response.headers.get("Content-Disposition") ?? "";
  return /filename="([^"]+)"/.exec(header)?.[1] ?? "cover-template.pdf";
}

export function CoverTemplateLink(props: CoverTemplateLinkProps) {
  const { offeringId, pages, savedPages, variantId, title, isbn, showSpine } = props;
  const fetcher = useFetcher<CoverSpineAnswer>();
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  // After a download the merchant has that template: changes are counted from it.
  const [downloadedPages, setDownloadedPages] = useState<string | null>(null);
  const reference = downloadedPages ?? savedPages;
  const ready = digits(offeringId) && digits(pages);
  const typed = useRef(false);
  useEffect(() => {
    if (!ready) return;
    const query = new URLSearchParams({ offeringId: offeringId.trim(), pages: pages.trim() });
    if (reference && digits(reference) && reference.trim() !== pages.trim())
      query.set("was", reference.trim());
    const delay = typed.current ? DEBOUNCE_MS : 0;
    typed.current = true;
    const timer = setTimeout(() => load.current(`${SPINE_ROUTE}?${query}`), delay);
    return () => clearTimeout(timer);
  }, [ready, offeringId, pages, reference]);

  const [downloading, setDownloading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The template is fetched (App Bridge's fetch adds the session token), then saved as a file.
  const download = async () => {
    setDownloading(true);
    setProblem(null);
    try {
      const query = variantId
        ? new URLSearchParams({ variantId })
        : new URLSearchParams({ offeringId: offeringId.trim(), pages: pages.trim() });
      if (!variantId && isbn?.trim()) query.set("isbn", isbn.trim());
      if (title?.trim()) query.set("title", title.trim());
      const response = await fetch(`${TEMPLATE_ROUTE}?${query}`);
      if (!response.ok && response.headers.get("Content-Type")?.startsWith("text/plain")) {
        setProblem((await response.text()).trim());
        return;
      }
      if (!response.ok) throw new Error(String(response.status));
      await saveAsFile(response, fileNameOf(response));
      setDownloadedPages(pages.trim());
    } catch {
      setProblem("The cover template could not be downloaded. Try again in a moment.");
    } finally {
      setDownloading(false);
    }
  };

  if (!ready) return null;
  const now = fetcher.data?.now;
  const was = fetcher.data?.was;
  // Remix learns of routes lazily, from the links a page renders: without this one the first
  // load could miss the route.
  const discover = <Link to={SPINE_ROUTE} hidden tabIndex={-1} aria-hidden="true" />;
  if (now?.status !== "ok") return discover;
  const note =
    was?.status === "ok"
      ? spineChangedNote({
          nowMm: now.spine.spineWidthMm,
          wasMm: was.spine.spineWidthMm,
          pages: Number(pages),
        })
      : null;
  return (
    <BlockStack gap="100">
      {discover}
      <InlineStack gap="200" blockAlign="center">
        {showSpine ? (
          <Text as="span">
            Spine {mmText(now.spine.spineWidthMm)} · cover file{" "}
            {sizeText(now.spine.coverWidthMm, now.spine.coverHeightMm)}
          </Text>
        ) : null}
        <Button variant="plain" onClick={() => void download()} loading={downloading}>
          Download cover template
        </Button>
      </InlineStack>
      {note ? (
        <Text as="p" tone="caution">
          {note}
        </Text>
      ) : null}
      {problem ? (
        <Text as="p" tone="critical">
          {problem}
        </Text>
      ) : null}
    </BlockStack>
  );
}

/**
 * The mapping page's link against the saved mapping: the saved page count to compare with (same
 * offering only), and the variant itself when nothing that shapes the template was changed.
 */
export function mappingTemplateLink({
  variantId,
  mapped,
  saved,
  current,
}: {
  variantId: string;
  mapped: boolean;
  saved: { offeringId: string; numberOfPages: string; isbn: string };
  current: { offeringId: string; numberOfPages: string; isbn: string };
}): Pick<CoverTemplateLinkProps, "savedPages" | "variantId"> {
  const sameOffering = mapped && saved.offeringId === current.offeringId;
  const unchanged =
    sameOffering &&
    saved.numberOfPages.trim() === current.numberOfPages.trim() &&
    saved.isbn.trim() === current.isbn.trim();
  return {
    savedPages: sameOffering ? saved.numberOfPages : null,
    variantId: unchanged ? variantId : null,
  };
}
