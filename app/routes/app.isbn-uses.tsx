import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { authenticate } from "../shopify.server";
import { findIsbnUses, type IsbnUsesAnswer } from "../pages/mapping/isbn-uses.server";

/**
 * Resource route for the ISBN fields (components/IsbnUses.tsx):
 * `GET /app/isbn-uses?isbn=<as typed>&variant=<legacy id or GID, optional>` answers the other
 * products whose mapping carries that ISBN. Half-typed input answers none rather than an error.
 */

/** Saving a form changes nothing here; the warning reloads when the ISBN changes. */
export const shouldRevalidate = () => false;

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const params = new URL(request.url).searchParams;
  return json<IsbnUsesAnswer>(
    await findIsbnUses({
      shop: session.shop,
      typed: params.get("isbn") ?? "",
      variant: params.get("variant"),
    }),
  );
};
