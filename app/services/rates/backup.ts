import { z } from "zod";

/**
 * Backup rates: what checkout is answered when the print service cannot be
 * asked in time. Stored as JSON on the shop (`Shop.backupRates`), amounts in
 * minor units of the shop's currency.
 */
export const backupRateSchema = z.object({
  name: z.string().trim().min(1, "Give the rate a name").max(60),
  code: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/, "Use letters, digits, - and _ only"),
  amountMinor: z.number().int().min(0).max(10_000_000),
  minDays: z.number().int().min(0).max(90).optional(),
  maxDays: z.number().int().min(0).max(90).optional(),
});
export type BackupRate = z.infer<typeof backupRateSchema>;

export const backupRatesSchema = z
  .array(backupRateSchema)
  .max(5, "At most 5 backup rates")
  .refine((rates) => new Set(rates.map((r) => r.code)).size === rates.length, {
    message: "Each backup rate needs its own code",
  })
  .refine((rates) => rates.every((r) => (r.minDays ?? 0) <= (r.maxDays ?? r.minDays ?? 0)), {
    message: "Minimum days cannot exceed maximum days",
  });

/** Parses the stored JSON; anything unreadable counts as no backup rates. */
export function parseStoredBackupRates(json: string | null | undefined): BackupRate[] {
  if (!json) return [];
  try {
    const parsed = backupRatesSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
