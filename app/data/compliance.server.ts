import prisma from "../db.server";

/** Compliance requests as recorded. Every function is keyed by shop. */

export async function listComplianceRequests({ shop, take = 50 }: { shop: string; take?: number }) {
  return prisma.complianceRequest.findMany({
    where: { shop },
    orderBy: { receivedAt: "desc" },
    take,
    select: { id: true, topic: true, customerId: true, receivedAt: true, completedAt: true },
  });
}

/** A data-request report, for the merchant to pass on to the customer. */
export async function getComplianceReport({ shop, id }: { shop: string; id: string }) {
  const row = await prisma.complianceRequest.findFirst({
    where: { shop, id },
    select: { topic: true, result: true, receivedAt: true },
  });
  if (!row?.result) return null;
  return {
    topic: row.topic,
    receivedAt: row.receivedAt,
    report: JSON.parse(row.result) as unknown,
  };
}
