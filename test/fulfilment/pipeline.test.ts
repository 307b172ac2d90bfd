import "../support/app-env";
import { describePipeline } from "./pipeline.cases";

// In the shop's own model; test/fulfillment-service/pipeline.test.ts runs the same in the service model.
describePipeline("merchant");
