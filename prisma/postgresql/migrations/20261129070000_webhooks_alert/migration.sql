-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "alertsWebhooks" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "webhooksAlertAt" TIMESTAMP(3);
