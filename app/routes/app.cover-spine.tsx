import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { authenticate } from "../shopify.server";
import {
  coverSpineFacts,
  type CoverSpineAnswer,
} from "../pages/cover-template/cover-template.server";

/**
 * `GET /app/cover-spine?offeringId=<id>&pages=<n>[&was=<n>]`: the spine beside the "Download
 * cover template" link (components/CoverTemplateLink.tsx), now and at the page count the
 * merchant had, so the page can say that the spine changed.
 */

/** Saving a form changes nothing here; the link reloads when its inputs change. */
export const shouldRevalidate = () => false;

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return json<CoverSpineAnswer>(
    await coverSpineFacts({
      shop: session.shop,
      searchParams: new URL(request.url).searchParams,
    }),
  );
};
