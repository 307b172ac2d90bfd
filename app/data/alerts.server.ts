import prisma from "../db.server";
import type { AlertKind } from "../services/alerts/off-link";
import {
  readAlertSettings,
  saveAlertSettings,
  turnAlertOff,
  type AlertSettingsInput,
} from "../services/alerts/settings";

/** The shop's alert settings and its last e-mails, for Settings. */
export const alertSettingsOf = (shop: string) => readAlertSettings(prisma, shop);

export const saveShopAlertSettings = (shop: string, input: AlertSettingsInput) =>
  saveAlertSettings(prisma, shop, input);

export const turnShopAlertOff = (shop: string, kind: AlertKind) => turnAlertOff(prisma, shop, kind);
