import "../support/app-env";
import { describeResilience } from "./resilience.cases";

// In the shop's own model; test/fulfillment-service/resilience.test.ts runs the same in the service model.
describeResilience("merchant");
