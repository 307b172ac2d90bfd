import { Prisma } from "@prisma/client";

/**
 * A write refused by a unique key: P2002 from a model call, or P2010 from a
 * plain statement, which carries the driver's kind of error instead.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  if (error.code === "P2002") return true;
  const driverError = error.meta?.driverAdapterError as { cause?: { kind?: unknown } } | undefined;
  return error.code === "P2010" && driverError?.cause?.kind === "UniqueConstraintViolation";
}
