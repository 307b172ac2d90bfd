import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { authenticate } from "../shopify.server";
import {
  createProduct,
  grantWriteProducts,
  loadCreateProductPage,
  previewProduct,
} from "../pages/create-product/index.server";
import { CreateProductPage } from "../components/product-creation/CreateProductPage";
import { RouteError } from "../components/States";

/** The key a loaded form posts with; also kept in the page address so a reload keeps it. */
const requestKeySchema = z.string().regex(/^[A-Za-z0-9_-]{22,100}$/);
const offeringSchema = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31);
const creationIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const params = new URL(request.url).searchParams;
  const offering = offeringSchema.safeParse(params.get("offering"));
  const retry = creationIdSchema.safeParse(params.get("retry"));
  const page = await loadCreateProductPage({
    shop: session.shop,
    admin,
    offeringId: params.get("offering") && offering.success ? offering.data : null,
    retryOf: retry.success ? retry.data : null,
  });
  const key = requestKeySchema.safeParse(params.get("key"));
  // A reload (or a retry after a lost answer) posts the key it was first given.
  return json({ ...page, requestKey: key.success ? key.data : page.requestKey });
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session, admin, scopes } = await authenticate.admin(request);
  const shop = session.shop;
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "grant_access") {
    await grantWriteProducts({ shop, scopes });
    return redirect("/app/products/new");
  }
  if (intent === "preview") {
    return json({
      intent: "preview" as const,
      preview: await previewProduct({ shop, admin, form }),
    });
  }
  const result = await createProduct({ shop, admin, form });
  if (result.status === "done") return redirect(`/app/products/created/${result.creationId}`);
  if (result.status === "failed") {
    // A creation that got as far as a record says on its own page what happened, with "Try again".
    if (result.creationId) return redirect(`/app/products/created/${result.creationId}`);
    return json({ intent: "create" as const, problem: result.message });
  }
  return json({
    intent: "create" as const,
    fieldErrors: result.fieldErrors,
    preview: result.preview ?? null,
  });
};

// Working out prices or a refused creation changes nothing the loader reads: the form keeps
// its data and its key. (A granted scope does: that answer reloads the page.)
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  formData,
  defaultShouldRevalidate,
}) =>
  formMethod === "POST" && formData?.get("intent") !== "grant_access"
    ? false
    : defaultShouldRevalidate;

export default function NewProduct() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <CreateProductPage data={data} result={result} />;
}

export function ErrorBoundary() {
  return <RouteError title="Create product" />;
}
