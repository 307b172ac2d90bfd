import "../support/app-env";
import { describeChanges } from "./changes.cases";

// In the shop's own model; test/fulfillment-service/changes.test.ts runs the same in the service model.
describeChanges("merchant");
