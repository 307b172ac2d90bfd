import "../support/app-env";
import { describePipeline } from "../fulfilment/pipeline.cases";

// With Print Connect as the shop's fulfillment service; test/fulfilment/pipeline.test.ts runs the
// same in the shop's own model.
describePipeline("service");
