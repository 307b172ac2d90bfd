import type { LoaderFunctionArgs } from "@remix-run/node";
import { authenticate } from "../shopify.server";
import { loadProfitPage } from "../pages/profit/profit-page.server";
import { csvFileName, profitCsv } from "../components/profit/csv";

/**
 * `GET /app/profit/export?rows=day|product&range=...` : the Profit page's report as a CSV file,
 * one row per day or per product, for the same period the page shows.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const searchParams = new URL(request.url).searchParams;
  const rows = searchParams.get("rows") === "product" ? "product" : "day";
  const { period, report, refusal } = await loadProfitPage({
    shop: session.shop,
    admin,
    searchParams,
    withProducts: rows === "product",
  });
  if (refusal)
    return new Response(`${refusal.message}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return new Response(profitCsv(report, rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(rows, period.from, period.to)}"`,
      "Cache-Control": "no-store",
    },
  });
};
