/** A staged upload target for one file (the product image drawn from a PDF). */
export const STAGED_UPLOAD = `#graphql
mutation PrintConnectStagedUpload($input: [StagedUploadInput!]!) {
  stagedUploadsCreate(input: $input) {
    stagedTargets { url resourceUrl parameters { name value } }
    userErrors { field message }
  }
}`;

export interface StagedTarget {
  url: string | null;
  resourceUrl: string | null;
  parameters: { name: string; value: string }[];
}
