/** The Profit report as the page and the CSV export receive it (amounts in minor units). */
export interface ProfitAmounts {
  revenueMinor: number;
  costMinor: number;
  marginMinor: number;
}

export interface ProfitReportView {
  currency: string;
  days: (ProfitAmounts & { day: string; printOrders: number })[];
  products: (ProfitAmounts & { variantId: string; title: string; copies: number })[];
  total: ProfitAmounts & { printOrders: number };
  unpriced: number;
  unconverted: { currency: string; printOrders: number }[];
  conversions: string[];
}
