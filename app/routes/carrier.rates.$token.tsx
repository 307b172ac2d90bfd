import type { ActionFunctionArgs } from "@remix-run/node";
import { answerRateCallback } from "../lib/carrier-rates.server";

/**
 * POST /carrier/rates/<token>: Shopify checkout's carrier-service callback for
 * the one shop the token was made for (app/lib/carrier-rates.server.ts).
 */
export const action = ({ request, params }: ActionFunctionArgs) =>
  answerRateCallback(request, { token: params.token ?? "" });
