import { z } from "zod";
import { answer503WhileDatabaseDown, authenticateWebhook } from "../lib/webhooks.server";
import { recordScopesUpdate } from "../lib/shop-lifecycle.server";

const payloadSchema = z.object({ current: z.array(z.string()) });

export const action = answer503WhileDatabaseDown("app/scopes_update", async ({ request }) => {
  const { shop, session, payload } = await authenticateWebhook(request, "app/scopes_update");
  const parsed = payloadSchema.safeParse(payload);
  if (!parsed.success) {
    return new Response("scopes_update payload must carry `current`: a list of scopes", {
      status: 400,
    });
  }
  await recordScopesUpdate({
    shop,
    sessionId: session?.id ?? null,
    scopes: parsed.data.current.join(","),
  });
  return new Response(null, { status: 200 });
});
