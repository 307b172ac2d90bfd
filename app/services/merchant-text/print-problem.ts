import {
  FacilityConflictError,
  PrintApiError,
  PrintConnectionError,
  PrintInputError,
  PrintResponseShapeError,
  PrintServiceError,
  PrintTimeoutError,
} from "../print";
import { PRINT_KIND_TEXT, PRINT_PROBLEM_TEXT } from "./errors";

/**
 * A print-service failure in words a merchant can act on; safe to send to the page. The words come
 * from the one table of merchant text (services/merchant-text/errors.ts).
 */
export interface PrintProblem {
  title: string;
  detail: string | null;
  hint: string | null;
  code: string | null;
}

export function describePrintError(error: unknown): PrintProblem {
  if (error instanceof FacilityConflictError) {
    return {
      title: PRINT_PROBLEM_TEXT.facilityConflict.title,
      detail: error.details ?? null,
      hint: PRINT_PROBLEM_TEXT.facilityConflict.hint,
      code: error.customCode ?? null,
    };
  }
  if (error instanceof PrintApiError) {
    return {
      // `?? validation`: a custom_code named like an Object property yields no known kind.
      title: (PRINT_KIND_TEXT[error.kind] ?? PRINT_KIND_TEXT.validation).title,
      detail: error.details ?? null,
      hint: error.hint ?? null,
      code: error.customCode ?? null,
    };
  }
  if (error instanceof PrintConnectionError || error instanceof PrintTimeoutError) {
    return {
      title: PRINT_PROBLEM_TEXT.unreachable.title,
      detail: null,
      hint: error.hint ?? PRINT_PROBLEM_TEXT.unreachable.hint,
      code: error instanceof PrintConnectionError ? (error.code ?? null) : "TIMEOUT",
    };
  }
  if (error instanceof PrintResponseShapeError) {
    return {
      title: PRINT_PROBLEM_TEXT.unreadable.title,
      detail: null,
      hint: PRINT_PROBLEM_TEXT.unreadable.hint,
      code: null,
    };
  }
  if (error instanceof PrintInputError) {
    return {
      title: PRINT_PROBLEM_TEXT.invalidInput.title,
      detail: error.message,
      hint: null,
      code: null,
    };
  }
  if (error instanceof PrintServiceError) {
    return {
      title: PRINT_PROBLEM_TEXT.failed.title,
      detail: error.message,
      hint: error.hint ?? null,
      code: null,
    };
  }
  throw error;
}
