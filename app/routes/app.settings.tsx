import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { authenticate } from "../shopify.server";
import { testPrintConnection } from "../lib/print-connection.server";
import {
  loadSettingsPage,
  moveToServiceFromForm,
  saveAddressLinksFromForm,
  saveAlertsFromForm,
  saveSettingsFromForm,
  type SettingsActionData,
} from "../pages/settings/settings-page.server";
import { RouteError } from "../components/States";
import { SettingsPage } from "../components/settings/SettingsPage";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return json(await loadSettingsPage({ shop: session.shop }));
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const shop = session.shop;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");

  if (intent === "alerts") return json(await saveAlertsFromForm({ shop, form }));
  if (intent === "address_links") {
    const saved = await saveAddressLinksFromForm({ shop, form });
    return json(saved, { status: saved.ok ? 200 : 400 });
  }
  if (intent === "service_move") return json(await moveToServiceFromForm({ shop }));
  if (intent === "test") {
    return json<SettingsActionData>({
      intent: "test",
      ok: true,
      report: await testPrintConnection({ shop }),
    });
  }
  return json<SettingsActionData>(
    await saveSettingsFromForm({ shop, form, test: intent === "save_test" }),
  );
};

export default function Settings() {
  return (
    <SettingsPage
      data={useLoaderData<typeof loader>()}
      result={useActionData<typeof action>() as SettingsActionData | undefined}
    />
  );
}

export function ErrorBoundary() {
  return <RouteError title="Settings" />;
}
