/**
 * The Settings page's loader and action served over real HTTP, as App Bridge
 * calls them: a session token in the Authorization header, forms as posted.
 */
import { createServer, type Server, type Socket } from "node:net";
import { TEST_APP_URL } from "../support/app-env";
import { startRouteServer, type RouteHandler } from "../support/route-server";
import { bearer, DEMO_SHOP } from "../admin/helpers";
import { action, loader } from "~/routes/app.settings";

export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

export interface ConnectionReportView {
  ok: boolean;
  checkedAt: string;
  checks: { id: string; label: string; status: string; detail: string }[];
}

export interface SettingsAnswer {
  ok?: boolean;
  fieldErrors?: Record<string, string>;
  report?: ConnectionReportView;
}

export async function startSettingsServer() {
  const handler: RouteHandler = (args) =>
    args.request.method === "POST"
      ? (action(args as Parameters<typeof action>[0]) as Promise<Response>)
      : (loader(args as Parameters<typeof loader>[0]) as Promise<Response>);
  const server = await startRouteServer([{ path: /^\/app\/settings$/, handler }], TEST_APP_URL);
  return {
    ...server,
    /** Posts the Settings form (or another intent) and answers the action's JSON. */
    async post(fields: Record<string, string>, shop = DEMO_SHOP): Promise<SettingsAnswer> {
      const response = await fetch(`${server.url}/app/settings`, {
        method: "POST",
        headers: {
          // Node's own user agent counts as a bot, which the Shopify library answers with 410.
          "User-Agent": BROWSER_USER_AGENT,
          Authorization: bearer(shop),
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(fields),
      });
      if (response.status !== 200) throw new Error(`settings answered ${response.status}`);
      return (await response.json()) as SettingsAnswer;
    },
  };
}

/** The Settings form with the sandbox's default merchant keys. */
export function settingsForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "save",
    printEnvironment: "custom",
    printBaseUrl: "",
    merchantApiKey: "sandbox-merchant-key",
    secretKey: "sandbox-secret-key",
    buttonKey: "",
    currency: "EUR",
    billingEntityId: "",
    routingMode: "immediate",
    notifyCustomer: "on",
    ...overrides,
  };
}

/** A TCP listener on loopback that accepts and never answers; counts who connects. */
export async function countingListener() {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => {
    sockets.push(socket);
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : 0,
    connections: () => sockets.length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
