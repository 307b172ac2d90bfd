/** What the alert e-mails' off page says of each kind. */
import type { AlertKind } from "../alerts/off-link";

export const ALERT_KIND_WORDS: Readonly<
  Record<AlertKind, { about: string; off: string; still: string }>
> = {
  attention: {
    about: "print orders that need attention",
    off: "E-mails about orders that need attention are off",
    still: "The orders still show on Print Connect's Home page.",
  },
  webhooks: {
    about: "Shopify's order notifications stopping",
    off: "E-mails about Shopify's order notifications stopping are off",
    still: "Home still says so, and the regular check still finds every paid order.",
  },
  payment: {
    about: "the print service refusing payment for want of credit",
    off: "E-mails about the print service refusing payment are off",
    still: "The orders still show on Print Connect's Home page, and the other alert lists them.",
  },
  prices: {
    about: "prices below your target margin after a print price change",
    off: "E-mails about prices below your target margin are off",
    still: "Home and the Prices page still count the variants below target.",
  },
  weekly: {
    about: "the weekly summary",
    off: "The weekly summary e-mail is off",
    still: "Home, the Profit page and the delivery page still show the same figures.",
  },
};
