// One error type for every handler; the server renders it as the JSON error
// body (`{url, details, timestamp, custom_code?}`) or the legacy XML error.

export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly details: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(details);
  }
}

export const invalidData = (field: string, why = "is missing or invalid"): ServiceError =>
  new ServiceError(400, "INVALID_DATA", `Invalid value for field ${field}: ${why}`);

export const unknownMerchant = (): ServiceError =>
  new ServiceError(500, undefined, "Unknown merchant api key");

export const orderNotFound = (): ServiceError =>
  new ServiceError(404, undefined, "Order not found");

export const offeringNotFound = (id: number | string): ServiceError =>
  new ServiceError(404, "OFF_NOT_FOUND", `Offering not found: ${id}`);

export const currencyInvalid = (code: string): ServiceError =>
  new ServiceError(404, "CURR_INVALID", `Currency not supported: ${code}`);

export const forbidden = (what: string): ServiceError =>
  new ServiceError(401, "APP_FORBIDDEN", `Not allowed: ${what}`);
