import type { LoaderFunctionArgs } from "@remix-run/node";
import { authenticate } from "../shopify.server";
import { coverTemplateDownload } from "../pages/cover-template/cover-template.server";

/**
 * `GET /app/cover-template?variantId=<legacy id>[&title]`, or
 * `?offeringId=<id>&pages=<n>[&isbn][&title]`: the cover template PDF made to measure
 * (docs/decisions/0021-cover-templates.md), or why not as plain text.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const answer = await coverTemplateDownload({
    shop: session.shop,
    searchParams: new URL(request.url).searchParams,
  });
  if (answer.kind === "refused")
    return new Response(`${answer.message}\n`, {
      status: answer.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return new Response(answer.bytes, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${answer.fileName}"`,
      "Content-Length": String(answer.bytes.byteLength),
      "Cache-Control": "no-store",
    },
  });
};
