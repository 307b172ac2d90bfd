import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { authenticate } from "../shopify.server";
import { runPublicationsAction } from "../pages/publications/actions.server";
import { loadPublicationsPage } from "../pages/publications/publications-page.server";
import { RouteError } from "../components/States";
import { PublicationsPage } from "../components/publications/PublicationsPage";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const shop = session.shop;
  const after = z
    .string()
    .max(200)
    .optional()
    .catch(undefined)
    .parse(new URL(request.url).searchParams.get("after") ?? undefined);
  return json(await loadPublicationsPage({ shop, admin, after }));
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const { answer, status } = await runPublicationsAction({
    shop: session.shop,
    form: await request.formData(),
  });
  return json(answer, { status });
};

export default function Publications() {
  return (
    <PublicationsPage
      data={useLoaderData<typeof loader>()}
      result={useActionData<typeof action>()}
    />
  );
}

export function ErrorBoundary() {
  return <RouteError title="Publications" />;
}
