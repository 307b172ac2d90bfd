import "../support/app-env";
import { describeOrderPageAgrees } from "./order-page-agrees.cases";

// In the shop's own model; test/fulfillment-service/order-page-agrees.test.ts runs the same in the service model.
describeOrderPageAgrees("merchant");
