import "../support/app-env";
import { describeOrderPageAgrees } from "../fulfilment/order-page-agrees.cases";

// With Print Connect as the shop's fulfillment service; test/fulfilment/order-page-agrees.test.ts runs the
// same in the shop's own model.
describeOrderPageAgrees("service");
