-- AlterTable
ALTER TABLE "Shop" ADD COLUMN "alertsPayment" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "Shop" ADD COLUMN "paymentAlertAt" DATETIME;
