/** What productSet plans before it writes anything: it writes only when no check failed. */
import type { VariantRecord } from "../../../state";
import type { Args } from "../../context";

/** A ProductSetUserError: the input path it refers to, the message and Shopify's code. */
export interface SetUserError {
  field: string[] | null;
  message: string;
  code: string;
}

export interface PlannedOption {
  id: number | null;
  name: string;
  values: Array<{ id: number | null; name: string }>;
}

export interface PlannedVariant {
  existing: VariantRecord | undefined;
  input: Args;
  options: Array<{ name: string; value: string }>;
  metafields: PlannedMetafield[];
}

export interface PlannedMetafield {
  namespace: string;
  key: string;
  type: string;
  value: string;
}
