-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "pricesChangedAt" TIMESTAMP(3),
ADD COLUMN     "alertsPrices" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "pricesAlertAt" TIMESTAMP(3),
ADD COLUMN     "alertsWeekly" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "weeklySummaryAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "MappingQuote" ADD COLUMN     "costChangedAt" TIMESTAMP(3);
