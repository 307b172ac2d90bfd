import "../support/app-env";
import { describeChanges } from "../fulfilment/changes.cases";

// With Print Connect as the shop's fulfillment service; test/fulfilment/changes.test.ts runs the
// same in the shop's own model.
describeChanges("service");
