import type { SpineSize } from "../print";

/** The print service's measure of a bound offering's spine and full cover for a page count. */
export type OfferingSpineResult =
  | { status: "ok"; spine: SpineSize }
  /** Wall art, calendars, wire-bound notebooks, digital publications: nothing to wrap. */
  | { status: "no_spine" }
  | { status: "no_credentials" }
  | { status: "error"; problem: string };
