import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { authenticate } from "../shopify.server";
import { getCreation } from "../pages/create-product/index.server";
import {
  approvalChoiceOf,
  approveCreationProof,
} from "../pages/create-product/approve-proof.server";
import { CreationSummary } from "../components/product-creation/CreationSummary";
import { RouteError } from "../components/States";

const idSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const id = idSchema.safeParse(params.id);
  if (!id.success) throw json("Product creation not found", { status: 404 });
  const creation = await getCreation({ shop: session.shop, admin, id: id.data });
  if (!creation) throw json("Product creation not found", { status: 404 });
  return json({ creation });
};

/**
 * Approving the proof (intent=approveProof, with the proof's id or the confirmation that none
 * was ordered): makes the product active in Shopify.
 */
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const id = idSchema.safeParse(params.id);
  if (!id.success) throw json("Product creation not found", { status: 404 });
  const form = await request.formData();
  if (form.get("intent") !== "approveProof")
    return json({ problem: "Unknown action." }, { status: 400 });
  const outcome = await approveCreationProof({
    shop: session.shop,
    admin,
    id: id.data,
    choice: approvalChoiceOf(form),
  });
  if (outcome.status === "not_found") throw json("Product creation not found", { status: 404 });
  if (outcome.status === "refused") return json({ problem: outcome.message }, { status: 409 });
  return json({ problem: null });
};

export default function CreatedProduct() {
  const { creation } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <CreationSummary creation={creation} approvalProblem={answer?.problem ?? null} />;
}

export function ErrorBoundary() {
  return <RouteError title="Created product" />;
}
