/**
 * The EAN-13 symbol of an ISBN as bars, from bwip-js (Barcode Writer in Pure PostScript): the
 * maintained encoder, not one of our own. bwip-js answers the symbol's bars in modules; the
 * cover template draws them as filled rectangles, so the barcode stays vector at any zoom and
 * prints at exactly the size it is drawn. Pure: no I/O.
 */
// The package maps only platform conditions ("node", "browser") at its root; "bwip-js/node" is
// the same build, named so any resolver finds it.
import bwipjs from "bwip-js/node";

/** The nominal module (narrowest bar) of an EAN-13 at 100 % magnification, GS1. */
export const EAN13_MODULE_MM = 0.33;
/** Bars of the symbol from the left guard's first bar to the right guard's last. */
export const EAN13_SYMBOL_MODULES = 95;
/** Light margins the symbol needs around it: 11 modules on the left, 7 on the right. */
export const EAN13_QUIET_LEFT_MODULES = 11;
export const EAN13_QUIET_RIGHT_MODULES = 7;
/** Height of the ordinary bars at 100 %; the guard bars reach lower (guardExtensionModules). */
export const EAN13_BAR_HEIGHT_MM = 22.85;
/** The usual range of magnification for a printed EAN-13. */
export const EAN13_MIN_MAGNIFICATION = 0.8;

/** One bar, in modules from the left edge of the left guard. */
export interface Ean13Bar {
  startModule: number;
  widthModules: number;
  /** Guard bars (left, centre, right) reach below the ordinary bars. */
  guard: boolean;
}

export interface Ean13Symbol {
  digits: string;
  bars: Ean13Bar[];
  /** How far the guard bars reach below the ordinary ones, in modules. */
  guardExtensionModules: number;
}

/** bwip-js's heights are in inches of 72 points, and one of its modules is one point. */
const BWIPP_UNITS_PER_INCH = 72;

/**
 * The bars of the EAN-13 of 13 digits (an ISBN-13). Throws for anything else, a wrong check
 * digit included (bwip-js refuses it): callers pass only a checked ISBN.
 */
export function ean13Symbol(digits: string): Ean13Symbol {
  if (!/^\d{13}$/.test(digits)) throw new Error("an EAN-13 has exactly 13 digits");
  // With its human-readable text BWIPP draws the guard bars longer, as GS1 lays them out; the
  // text itself is drawn by the caller.
  const [symbol] = bwipjs.raw({ bcid: "ean13", text: digits, includetext: true });
  if (!symbol || !("sbs" in symbol)) throw new Error("bwip-js drew no linear symbol");
  const bars: Ean13Bar[] = [];
  let extension = 0;
  let at = 0;
  // sbs alternates bar, space, bar, … widths in modules, starting with a bar.
  symbol.sbs.forEach((width, i) => {
    if (i % 2 === 0) {
      const below = -(symbol.bbs[i / 2] ?? 0) * BWIPP_UNITS_PER_INCH;
      const guard = below > 0.01;
      if (guard) extension = Math.max(extension, below);
      bars.push({ startModule: at, widthModules: width, guard });
    }
    at += width;
  });
  if (at !== EAN13_SYMBOL_MODULES) throw new Error(`an EAN-13 is 95 modules wide, not ${at}`);
  return { digits, bars, guardExtensionModules: Math.round(extension * 100) / 100 };
}
