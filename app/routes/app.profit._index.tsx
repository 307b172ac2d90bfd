import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { authenticate } from "../shopify.server";
import { loadProfitPage } from "../pages/profit/profit-page.server";
import { RouteError } from "../components/States";
import type { CsvRows } from "../components/profit/csv";
import { ProfitPage } from "../components/profit/ProfitPage";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const searchParams = new URL(request.url).searchParams;
  const view: CsvRows = searchParams.get("view") === "product" ? "product" : "day";
  const page = await loadProfitPage({
    shop: session.shop,
    admin,
    searchParams,
    withProducts: view === "product",
  });
  // A refused period is the merchant's input to correct: the page itself shows why, with no
  // report (the export answers 400).
  return json({ ...page, view });
};

export default function Profit() {
  return <ProfitPage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <RouteError title="Profit" />;
}
