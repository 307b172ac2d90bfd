// The sandbox catalogue as plain data: categories, destination countries (with
// VAT), production facilities and offerings. Everything else reads from here.
// Amounts are EUR minor units; dimensions are millimetres.

import { findFacility } from "./facilities";
import { OFFERINGS, type Offering } from "./offerings";
import { PriceBook } from "./price-book";

export { CATEGORIES, type Category } from "./categories";
export { COUNTRIES, findCountry, type Country } from "./countries";
export { FACILITIES, findFacility, isKnownFacility, type Facility } from "./facilities";
export { OFFERINGS, type Offering } from "./offerings";
export { PriceBook } from "./price-book";
export { bindingOf, caliperOf, measureSpine, type Binding, type SpineMeasure } from "./spine";

/** Whether any production facility can make this offering for the destination. */
export function canProduce(o: Offering, countryCode: string): boolean {
  const dest = countryCode.toUpperCase();
  if (o.unavailableIn.includes(dest)) return false;
  const f = findFacility(o.facility);
  if (f.excluded.includes(dest)) return false;
  return f.shipsTo === "world" || f.shipsTo.includes(dest);
}

export type ShippingZone = "country" | "region" | "world";

export function shippingZone(o: Offering, countryCode: string): ShippingZone {
  const f = findFacility(o.facility);
  const dest = countryCode.toUpperCase();
  if (dest === f.countryCode) return "country";
  if (f.regionCountries.includes(dest)) return "region";
  return "world";
}

/** The catalogue instance used by one sandbox (built-ins plus seed-file offerings). */
export class Catalogue {
  /** The price list in force (the control API publishes new ones): offerings are read at its prices. */
  readonly prices = new PriceBook();
  private readonly byId: Map<number, Offering>;

  constructor(extra: readonly Offering[] = []) {
    const merged = new Map<number, Offering>();
    for (const o of [...OFFERINGS, ...extra]) merged.set(o.id, o);
    this.byId = merged;
  }

  get offerings(): Offering[] {
    return [...this.byId.values()].map((o) => this.prices.listed(o));
  }

  find(id: number): Offering | undefined {
    const o = this.byId.get(id);
    return o && this.prices.listed(o);
  }
}
