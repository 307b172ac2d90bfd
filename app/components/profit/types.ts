/** The Profit report as the page and the CSV export receive it (amounts in minor units). */
export interface ProfitAmounts {
  revenueMinor: number;
  costMinor: number;
  marginMinor: number;
}

export interface ProfitReportView {
  currency: string;
  /** Sales per day; proofs' cost apart, and profit = margin − proofs. */
  days: (ProfitAmounts & {
    day: string;
    printOrders: number;
    proofCostMinor: number;
    profitMinor: number;
  })[];
  /** Sales only: a proof copy is no product's sale. */
  products: (ProfitAmounts & { variantId: string; title: string; copies: number })[];
  total: ProfitAmounts & { printOrders: number; proofCostMinor: number; profitMinor: number };
  /** The proof copies of the period, ordered at cost. */
  proofs: { printOrders: number; copies: number; costMinor: number };
  unpriced: number;
  unconverted: { currency: string; printOrders: number }[];
  conversions: string[];
}
