import "../support/app-env";
import { describeResilience } from "../fulfilment/resilience.cases";

// With Print Connect as the shop's fulfillment service; test/fulfilment/resilience.test.ts runs the
// same in the shop's own model.
describeResilience("service");
