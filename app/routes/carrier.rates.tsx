import type { ActionFunctionArgs } from "@remix-run/node";
import { answerRateCallback } from "../lib/carrier-rates.server";

/**
 * POST /carrier/rates: the unbound callback URL older versions registered.
 * Answered only for shops that have no URL of their own yet (their
 * registration is moved at the first such request); refused (401) for all
 * others. Current registrations call /carrier/rates/<token>.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  answerRateCallback(request, { unbound: true });
