import "../support/app-env";
import { describePreflight } from "./preflight.cases";

// In the shop's own model; test/fulfillment-service/preflight.test.ts runs the same in the service model.
describePreflight("merchant");
