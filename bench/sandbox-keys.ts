/** The print sandbox's own merchant keys, which the benches' shops store. */
export const SANDBOX_KEYS = {
  merchantApiKey: "sandbox-merchant-key",
  secretKey: "sandbox-secret-key",
};
