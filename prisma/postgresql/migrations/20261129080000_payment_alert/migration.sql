-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "alertsPayment" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "paymentAlertAt" TIMESTAMP(3);
