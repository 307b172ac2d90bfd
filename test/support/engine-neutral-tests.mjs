// Test files that open a database but whose outcome cannot depend on which
// one: the PostgreSQL pass of `npm test` leaves them out
// (test/database/run-suite.mjs); the SQLite pass runs them. Why, and what
// each costs: docs/decisions/0010-test-run.md ("Update: ten minutes" and
// "Update: eight minutes").
//
// The engines can disagree on: SQL text the app writes itself (app/data/profit,
// app/data/shop, app/lib/rates, the door's plain statements), writers at the same
// time (SQLite serialises them, so races show only on PostgreSQL), migrations,
// connection pools and outages, and values the engines keep differently (18-digit
// ids, dates, text matching). A file belongs here only if it exercises none of
// these of its own: what it proves is checked before the database (HTTP limits,
// addresses, URLs, signatures, form refusals) or through app modules whose
// database work files left on PostgreSQL prove. test/database/postgresql-pass.test.ts
// checks that part on every run: every app module such a file reaches is reached
// by a file that stays on PostgreSQL. Never here: anything under test/database,
// test/soak, test/scale, test/fulfilment, test/regular-check, test/product-creation,
// test/rates, the data layer, the worker, migrations
// (test/foundation/start-database.test.ts), tenancy, the profit and import pages
// (SQL text of their own), and the pages whose actions write in a transaction
// (proofs, approval, mapping, billing entities).

/** Folders whose test files are all engine-neutral (globs, relative to the project). */
export const ENGINE_NEUTRAL_FOLDERS = [
  // the admin pages in Chromium: every loader and action they reach is proven on
  // both engines by test/admin, test/fulfilment and the data layer's tests
  "test/browser/**",
];

/** Single engine-neutral test files. */
export const ENGINE_NEUTRAL_FILES = [
  // sandbox mode's wiring: stand-ins, dev routes, links and scopes
  "test/sandbox-mode/deep-link.test.ts",
  "test/sandbox-mode/dev-login-target.test.ts",
  "test/sandbox-mode/dev-routes-production.test.ts",
  "test/sandbox-mode/dev-routes-shopify-mode.test.ts",
  "test/sandbox-mode/grant-scopes.test.ts",
  "test/sandbox-mode/join-stand-ins.test.ts",
  "test/sandbox-mode/port-taken.test.ts",
  "test/sandbox-mode/sandbox-mode.test.ts",
  // `npm run demo`'s report against the built app: the worker's leases, claims and steps it
  // drives are proven on PostgreSQL by test/fulfilment, test/scale and the soak
  "test/sandbox-mode/demo-lost-webhook.test.ts",
  "test/sandbox-mode/demo-routing.test.ts",
  "test/sandbox-mode/demo-stuck.test.ts",
  // the request thread stays free while PDF threads work: the door, rates and Create product
  // it probes are proven on PostgreSQL by test/admin, test/rates and test/fulfilment
  "test/pdf-work/responsive-server.test.ts",
  // admin pages whose loaders read and whose actions refuse or save one row through the
  // data layer: the words they show, the forms' refusals, the cover template's PDF, the
  // quote, Settings (tenancy, on PostgreSQL, proves its save touches one shop's row), the
  // setup check's questions to Shopify, the ISBN field
  "test/admin/cover-template.test.ts",
  "test/admin/every-field-error.test.ts",
  "test/admin/isbn.test.ts",
  "test/admin/plain-words.test.ts",
  "test/admin/product-creation-page.test.ts",
  "test/admin/publications.test.ts",
  "test/admin/quote-page.test.ts",
  "test/admin/settings.test.ts",
  "test/admin/settings-key-check.test.ts",
  "test/admin/setup-check.test.ts",
  // refusals before the database: the server's HTTP limits and client addresses, the
  // print-service URL and address guards, links the app will not make, the shop's domain,
  // the storefront's return address and webhook bodies it cannot read (nothing is written;
  // the door's write is proven on PostgreSQL by test/fulfilment)
  "test/security/client-address.test.ts",
  "test/security/http-limits.test.ts",
  "test/security/outside-links.test.ts",
  "test/security/print-service-reach.test.ts",
  "test/security/print-service-url.test.ts",
  "test/security/shop-custom-domain.test.ts",
  "test/security/storefront-return-to.test.ts",
  "test/security/trusted-proxies.test.ts",
  "test/security/webhook-input.test.ts",
  // the storefront's signed app-proxy answers and the cart minimum, read from mappings
  // the admin tests save on PostgreSQL
  "test/storefront/app-proxy.test.ts",
  "test/storefront/minimum-quantity.test.ts",
];

/** Everything of this list, as vitest `--exclude` globs. */
export const ENGINE_NEUTRAL_TESTS = [...ENGINE_NEUTRAL_FOLDERS, ...ENGINE_NEUTRAL_FILES];
