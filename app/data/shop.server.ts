import prisma, { appTable } from "../db.server";

/** Small data functions over the Shop table. Every one is keyed by shop. */

export async function recordInstall({ shop, scopes }: { shop: string; scopes: string }) {
  const before = await prisma.shop.findUnique({ where: { shop }, select: { uninstalledAt: true } });
  const row = await prisma.shop.upsert({
    where: { shop },
    create: { shop, scopes },
    update: { scopes, uninstalledAt: null },
  });
  if (before?.uninstalledAt) {
    // A reinstall: the regular check with Shopify starts now, so orders paid while the app was
    // away are not printed unasked (the import page offers them).
    const now = new Date();
    await prisma.regularCheck.upsert({
      where: { shop },
      create: { shop, checkedThrough: now },
      update: { checkedThrough: now },
    });
  }
  return row;
}

export async function getShop({ shop }: { shop: string }) {
  return prisma.shop.findUnique({ where: { shop } });
}

export async function updateShopScopes({ shop, scopes }: { shop: string; scopes: string }) {
  return prisma.shop.updateMany({ where: { shop }, data: { scopes } });
}

/** The scopes of one of the shop's sessions, as Shopify says they now are. */
export async function updateSessionScopes({
  shop,
  sessionId,
  scopes,
}: {
  shop: string;
  sessionId: string;
  scopes: string;
}) {
  return prisma.session.updateMany({ where: { id: sessionId, shop }, data: { scope: scopes } });
}

/**
 * Uninstall: the shop's sessions go (its tokens are no longer valid); its data
 * stays until Shopify's shop/redact. Safe to repeat, also for an unknown shop.
 */
export async function recordUninstall({ shop, at = new Date() }: { shop: string; at?: Date }) {
  await prisma.$transaction([
    prisma.session.deleteMany({ where: { shop } }),
    prisma.shop.updateMany({ where: { shop, uninstalledAt: null }, data: { uninstalledAt: at } }),
    // Shopify removes an uninstalled app's fulfillment service and its location; a reinstall
    // registers (or finds) it again.
    prisma.shop.updateMany({
      where: { shop },
      data: {
        fulfillmentServiceId: null,
        fulfillmentLocationId: null,
        // What was stocked there went with it: a reinstall starts in the shop's own model.
        serviceMoveAt: null,
        serviceModelSince: null,
        serviceRoundDueAt: null,
      },
    }),
    prisma.serviceStocking.deleteMany({ where: { shop } }),
  ]);
}

/** The shop's fulfillment service and its location, as registered (null before). */
export async function getFulfillmentService({
  shop,
}: {
  shop: string;
}): Promise<{ serviceId: string; locationId: string } | null> {
  const row = await prisma.shop.findUnique({
    where: { shop },
    select: { fulfillmentServiceId: true, fulfillmentLocationId: true },
  });
  if (!row?.fulfillmentServiceId || !row.fulfillmentLocationId) return null;
  return { serviceId: row.fulfillmentServiceId, locationId: row.fulfillmentLocationId };
}

export async function saveFulfillmentService({
  shop,
  serviceId,
  locationId,
}: {
  shop: string;
  serviceId: string;
  locationId: string;
}): Promise<void> {
  const at = new Date();
  await prisma.shop.updateMany({
    where: { shop },
    data: { fulfillmentServiceId: serviceId, fulfillmentLocationId: locationId },
  });
  // A shop with nothing mapped has nothing to move: it starts in the service model, and each
  // variant it maps is stocked at the Print Connect location by the worker's next look.
  // A shop with mappings keeps its own model until the merchant confirms the move.
  if ((await prisma.variantMapping.count({ where: { shop } })) === 0) {
    await prisma.shop.updateMany({
      where: { shop, serviceMoveAt: null },
      data: { serviceMoveAt: at, serviceRoundDueAt: at },
    });
  }
}

/** What an order webhook needs of a shop the app knows. */
export interface KnownShop {
  /** The currency print orders are priced in. */
  currency: string;
}

/**
 * The shop as the app knows it: its Shop row, written at install and kept
 * through an uninstall until shop/redact; null for any other shop (one that
 * never installed the app, or whose data was erased), whose order webhooks
 * store nothing. Read once per delivery, so it carries what ingest needs too.
 */
export async function findKnownShop({ shop }: { shop: string }): Promise<KnownShop | null> {
  // A plain statement: every order webhook pays for this read (see bench/ingest.ts).
  const rows = await prisma.$queryRaw<
    KnownShop[]
  >`SELECT "currency" FROM ${appTable("Shop")} WHERE "shop" = ${shop}`;
  return rows[0] ?? null;
}

/**
 * The app holds something of the shop: its Shop row, a session, or order
 * snapshots (also ones stored before webhooks were checked against installs).
 * Compliance webhooks act for such a shop, installed or not.
 */
export async function holdsShopData({ shop }: { shop: string }): Promise<boolean> {
  const [shops, sessions, orders] = await Promise.all([
    prisma.shop.count({ where: { shop } }),
    prisma.session.count({ where: { shop } }),
    prisma.shopOrder.count({ where: { shop }, take: 1 }),
  ]);
  return shops + sessions + orders > 0;
}

/** A shop's name and e-mail address, as Shopify last gave them. */
export interface ShopContact {
  name: string;
  email: string;
}

/** Keeps the shop's contact (written only when it changed). */
export async function rememberShopContact(shop: string, contact: ShopContact): Promise<void> {
  await prisma.shop.updateMany({
    where: {
      shop,
      OR: [
        { contactName: null },
        { contactEmail: null },
        { contactName: { not: contact.name } },
        { contactEmail: { not: contact.email } },
      ],
    },
    data: { contactName: contact.name, contactEmail: contact.email },
  });
}

/** The contact Shopify last gave for the shop, or null. */
export async function storedShopContact(shop: string): Promise<ShopContact | null> {
  const row = await prisma.shop.findUnique({
    where: { shop },
    select: { contactName: true, contactEmail: true },
  });
  return row?.contactEmail ? { name: row.contactName ?? shop, email: row.contactEmail } : null;
}
