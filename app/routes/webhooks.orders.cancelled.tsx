import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import prisma from "../db.server";
import { authenticateWebhook, busyResponse } from "../lib/webhooks.server";
import { applyOrderCancelled, PrintOrderBusyError } from "../services/fulfilment/commands";

const payloadSchema = z.object({ id: z.union([z.number(), z.string()]).transform(String) });

export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, topic, payload } = await authenticateWebhook(request);
  const parsed = payloadSchema.safeParse(payload);
  if (!parsed.success)
    return new Response("orders/cancelled payload has no order id", { status: 400 });
  try {
    const result = await applyOrderCancelled(prisma, {
      shop,
      topic,
      shopifyOrderId: parsed.data.id,
    });
    return json(result);
  } catch (error) {
    if (error instanceof PrintOrderBusyError) return busyResponse(error);
    throw error;
  }
};
