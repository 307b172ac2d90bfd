import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { useActionData, useLoaderData } from "@remix-run/react";
import { authenticate } from "../shopify.server";
import { loadProofPage, runProofPageAction } from "../pages/proofs/proof-page.server";
import { ProofPage } from "../components/proofs/ProofPage";
import { RouteError } from "../components/States";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const searchParams = new URL(request.url).searchParams;
  return json(await loadProofPage({ shop: session.shop, admin, searchParams }));
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const form = await request.formData();
  const result = await runProofPageAction({ shop: session.shop, admin, form });
  if ("redirectTo" in result) return redirect(result.redirectTo);
  return json(result.answer);
};

// A quote or a refusal changes nothing the loader reads: the page keeps its item and its key.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod === "POST" ? false : defaultShouldRevalidate);

export default function NewProof() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <ProofPage data={data} result={result} />;
}

export function ErrorBoundary() {
  return <RouteError title="Order a proof copy" />;
}
