-- AlterTable
ALTER TABLE "Shop" ADD COLUMN "alertsWebhooks" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "Shop" ADD COLUMN "webhooksAlertAt" DATETIME;
