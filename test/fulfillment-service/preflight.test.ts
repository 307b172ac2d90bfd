import "../support/app-env";
import { describePreflight } from "../fulfilment/preflight.cases";

// With Print Connect as the shop's fulfillment service; test/fulfilment/preflight.test.ts runs the
// same in the shop's own model.
describePreflight("service");
