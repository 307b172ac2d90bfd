import prisma from "../db.server";
import {
  readAlertSettings,
  saveAlertSettings,
  type AlertSettingsInput,
} from "../services/alerts/settings";

/** The shop's alert settings and its last e-mails, for Settings. */
export const alertSettingsOf = (shop: string) => readAlertSettings(prisma, shop);

export const saveShopAlertSettings = (shop: string, input: AlertSettingsInput) =>
  saveAlertSettings(prisma, shop, input);
