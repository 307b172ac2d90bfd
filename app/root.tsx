import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "@remix-run/react";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import interLatinExt from "@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2?url";
import interCyrillic from "@fontsource-variable/inter/files/inter-cyrillic-wght-normal.woff2?url";
import interCyrillicExt from "@fontsource-variable/inter/files/inter-cyrillic-ext-wght-normal.woff2?url";
import interGreek from "@fontsource-variable/inter/files/inter-greek-wght-normal.woff2?url";
import interGreekExt from "@fontsource-variable/inter/files/inter-greek-ext-wght-normal.woff2?url";
import interVietnamese from "@fontsource-variable/inter/files/inter-vietnamese-wght-normal.woff2?url";

/**
 * Inter, the typeface Polaris asks for (`--p-font-family-sans: 'Inter', ...`),
 * served by the app itself from @fontsource-variable/inter instead of
 * Shopify's CDN: in sandbox mode nothing may leave the machine, and in Shopify
 * mode the admin page then needs no third-party request either (same font,
 * one origin fewer). Registered under the family name "Inter" because the
 * package names it "Inter Variable". Subsets and ranges as the package's CSS.
 */
const INTER_FACES: readonly (readonly [url: string, unicodeRange: string])[] = [
  [
    interLatin,
    "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD",
  ],
  [
    interLatinExt,
    "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF",
  ],
  [interCyrillic, "U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116"],
  [interCyrillicExt, "U+0460-052F,U+1C80-1C8A,U+20B4,U+2DE0-2DFF,U+A640-A69F,U+FE2E-FE2F"],
  [interGreek, "U+0370-0377,U+037A-037F,U+0384-038A,U+038C,U+038E-03A1,U+03A3-03FF"],
  [interGreekExt, "U+1F00-1FFF"],
  [
    interVietnamese,
    "U+0102-0103,U+0110-0111,U+0128-0129,U+0168-0169,U+01A0-01A1,U+01AF-01B0,U+0300-0301,U+0303-0304,U+0308-0309,U+0323,U+0329,U+1EA0-1EF9,U+20AB",
  ],
];

/**
 * Polaris turns Inter's contextual alternates off for the page (`html, body`), but the
 * browser's own style for form fields resets them, and Inter then draws the "x" of
 * `154x216mm.pdf` as "×": a merchant copying an address or a code by eye would copy a
 * character that is not there. Off in fields too.
 */
const FIELDS_CSS = `input,textarea,select{font-feature-settings:"calt" 0}`;

/** The document's own style block: Inter's faces, and the fields' rule above. */
const ROOT_CSS = [
  ...INTER_FACES.map(
    ([url, range]) =>
      `@font-face{font-family:"Inter";font-style:normal;font-display:swap;font-weight:100 900;src:url("${url}") format("woff2");unicode-range:${range}}`,
  ),
  FIELDS_CSS,
].join("\n");

// Latin is on every page: fetched with the document instead of after the CSS.
export const links: LinksFunction = () => [
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

/** Every page has a title (pages may name themselves with their own `meta`). */
export const meta: MetaFunction = () => [{ title: "Print Connect" }];

export default function App() {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <style dangerouslySetInnerHTML={{ __html: ROOT_CSS }} />
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}
