import {
  FacilityConflictError,
  PrintApiError,
  PrintConnectionError,
  PrintInputError,
  PrintResponseShapeError,
  PrintServiceError,
  PrintTimeoutError,
} from "../services/print";

/** A print-service failure in words a merchant can act on; safe to send to the page. */
export interface PrintProblem {
  title: string;
  detail: string | null;
  hint: string | null;
  code: string | null;
}

export function describePrintError(error: unknown): PrintProblem {
  if (error instanceof FacilityConflictError) {
    return {
      title: "These items cannot be produced together",
      detail: error.details ?? null,
      hint: "Split them into separate orders, or choose offerings made at the same facility.",
      code: error.customCode ?? null,
    };
  }
  if (error instanceof PrintApiError) {
    const title =
      error.kind === "auth"
        ? "The print service did not accept your keys"
        : error.kind === "not_found"
          ? "The print service could not find what was asked for"
          : error.kind === "rate_limit"
            ? "The print service is busy"
            : error.kind === "server"
              ? "The print service had a problem"
              : "The print service refused the request";
    return {
      title,
      detail: error.details ?? null,
      hint: error.hint ?? null,
      code: error.customCode ?? null,
    };
  }
  if (error instanceof PrintConnectionError || error instanceof PrintTimeoutError) {
    return {
      title: "The print service could not be reached",
      detail: null,
      hint:
        error.hint ?? "Check the environment and URL in Settings, or try again in a few minutes.",
      code: error instanceof PrintConnectionError ? (error.code ?? null) : "TIMEOUT",
    };
  }
  if (error instanceof PrintResponseShapeError) {
    return {
      title: "The print service sent an answer we could not read",
      detail: null,
      hint: "Check the environment and URL in Settings; if they are right, try again later.",
      code: null,
    };
  }
  if (error instanceof PrintInputError) {
    return { title: "Some values are not valid", detail: error.message, hint: null, code: null };
  }
  if (error instanceof PrintServiceError) {
    return {
      title: "The print service call failed",
      detail: error.message,
      hint: error.hint ?? null,
      code: null,
    };
  }
  throw error;
}
