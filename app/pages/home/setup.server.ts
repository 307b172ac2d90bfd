import { REQUIRED_SCOPES } from "../../env.server";
import { getShop } from "../../data/shop.server";

export interface SetupStep {
  id: string;
  label: string;
  done: boolean;
  detail?: string;
}

/** The shop's real setup state, computed from what is stored. */
export async function getShopSetup({
  shop,
  grantedScopes,
}: {
  shop: string;
  grantedScopes: string;
}) {
  const record = await getShop({ shop });
  const granted = new Set(grantedScopes.split(",").map((s) => s.trim()));
  const missing = REQUIRED_SCOPES.filter((scope) => !granted.has(scope));
  const steps: SetupStep[] = [
    {
      id: "installed",
      label: "App installed",
      done: record !== null && record.uninstalledAt === null,
    },
    {
      id: "scopes",
      label: "Access granted",
      done: missing.length === 0,
      detail: missing.length ? `missing ${missing.join(", ")}` : undefined,
    },
  ];
  return { shop, installedAt: record?.installedAt.toISOString() ?? null, steps };
}
