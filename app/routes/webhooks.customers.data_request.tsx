import { complianceWebhookAction } from "../lib/compliance-webhook.server";

export const action = complianceWebhookAction("customers/data_request");
