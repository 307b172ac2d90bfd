import { z } from "zod";
import { answer503WhileDatabaseDown, authenticateWebhook } from "../lib/webhooks.server";
import { updateShopScopes } from "../data/shop.server";
import prisma from "../db.server";

const payloadSchema = z.object({ current: z.array(z.string()) });

export const action = answer503WhileDatabaseDown("app/scopes_update", async ({ request }) => {
  const { shop, session, payload } = await authenticateWebhook(request, "app/scopes_update");
  const parsed = payloadSchema.safeParse(payload);
  if (!parsed.success) {
    return new Response("scopes_update payload must carry `current`: a list of scopes", {
      status: 400,
    });
  }
  const scopes = parsed.data.current.join(",");
  // Absent session: the app was uninstalled meanwhile; nothing to update but the shop.
  if (session) {
    await prisma.session.updateMany({ where: { id: session.id, shop }, data: { scope: scopes } });
  }
  await updateShopScopes({ shop, scopes });
  return new Response(null, { status: 200 });
});
