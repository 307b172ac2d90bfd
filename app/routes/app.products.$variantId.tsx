import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { authenticate } from "../shopify.server";
import {
  loadVariantMapping,
  runVariantMappingAction,
} from "../pages/mapping/variant-mapping.server";
import { RouteError } from "../components/States";
import { VariantMappingPage } from "../components/products/VariantMappingPage";

const idSchema = z.string().regex(/^\d{1,20}$/);

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const id = idSchema.safeParse(params.variantId);
  if (!id.success) throw json("Variant not found", { status: 404 });
  const page = await loadVariantMapping({
    shop: session.shop,
    admin,
    legacyId: id.data,
    justSaved: new URL(request.url).searchParams.has("saved"),
  });
  if (page.status === "shopify_error") throw json(page.message, { status: 502 });
  if (page.status === "not_found") throw json("Variant not found", { status: 404 });
  return json(page.data);
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const id = idSchema.safeParse(params.variantId);
  if (!id.success) throw json("Variant not found", { status: 404 });
  const outcome = await runVariantMappingAction({
    shop: session.shop,
    admin,
    legacyId: id.data,
    form: await request.formData(),
  });
  if (outcome.status === "not_found") throw json("Variant not found", { status: 404 });
  if (outcome.status === "refused") return json(outcome.body);
  const isbn = outcome.isbnNotWritten ? "&isbn=not_written" : "";
  return redirect(`/app/products/${id.data}?${outcome.flag}=1${isbn}`);
};

export default function MapVariant() {
  return (
    <VariantMappingPage
      data={useLoaderData<typeof loader>()}
      result={useActionData<typeof action>()}
    />
  );
}

export function ErrorBoundary() {
  return <RouteError title="Map variant" />;
}
