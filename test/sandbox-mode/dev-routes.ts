/**
 * Every dev route (app/routes/dev.*), found by listing the routes folder, so a
 * new one is covered by the tests that prove them absent outside sandbox mode
 * and in production, without anyone adding it to a list.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";

const routesDir = path.resolve(import.meta.dirname, "../../app/routes");
const MODULE = /\.(tsx|ts|jsx|js)$/;

export interface DevRoute {
  /** As in app/routes: `dev.login.tsx`, or a folder `dev.x` with its `route.tsx`. */
  name: string;
  file: string;
  /** The URL path Remix's flat routes give it, with a sample value for each parameter. */
  urlPath: string;
  params: Record<string, string>;
}

function routeModule(entry: string): string | undefined {
  const full = path.join(routesDir, entry);
  if (!statSync(full).isDirectory()) return MODULE.test(entry) ? full : undefined;
  const route = readdirSync(full).find((f) => /^route\.(tsx|ts|jsx|js)$/.test(f));
  return route ? path.join(full, route) : undefined;
}

export function listDevRoutes(): DevRoute[] {
  const routes: DevRoute[] = [];
  for (const entry of readdirSync(routesDir).sort()) {
    if (!/^dev\./.test(entry)) continue;
    const file = routeModule(entry);
    if (!file) continue;
    const params: Record<string, string> = {};
    const segments = entry
      .replace(MODULE, "")
      .split(".")
      .filter((s) => s !== "_index" && !s.startsWith("_"))
      .map((s) => {
        if (s === "$") return (params["*"] = "1");
        if (s.startsWith("$")) return (params[s.slice(1)] = "1");
        return s.replace(/_$/, "");
      });
    routes.push({ name: entry, file, urlPath: `/${segments.join("/")}`, params });
  }
  return routes;
}

type Handler = (args: { request: Request; params: object; context: object }) => unknown;

/**
 * What each of a dev route's handlers (loader, and action if any) answers. The
 * query carries valid-looking parameters (`orders`, `to`), so the gate, not
 * input validation, has to be what turns a request away.
 */
export async function answersOf(route: DevRoute, baseUrl: string) {
  const mod = (await import(route.file)) as { loader?: Handler; action?: Handler };
  const url = `${baseUrl}${route.urlPath}?orders=1001,1002&to=/app`;
  const answers: { handler: "loader" | "action"; response: unknown }[] = [];
  for (const [handler, method] of [
    ["loader", "GET"],
    ["action", "POST"],
  ] as const) {
    const fn = mod[handler];
    if (typeof fn !== "function") continue;
    let response: unknown;
    try {
      response = await fn({
        request: new Request(url, { method, ...(method === "POST" ? { body: "" } : {}) }),
        params: route.params,
        context: {},
      });
    } catch (thrown) {
      response = thrown;
    }
    answers.push({ handler, response });
  }
  return { hasLoader: typeof mod.loader === "function", answers };
}

/** A dev route that is absent: a loader, and every handler answers a bare 404. */
export async function expectAbsent(route: DevRoute, baseUrl: string) {
  const { hasLoader, answers } = await answersOf(route, baseUrl);
  // Without a loader there is no gate: Remix would render the route's page.
  expect(hasLoader, `${route.name} has no loader to answer 404`).toBe(true);
  for (const { handler, response } of answers) {
    expect(response, `${route.name} ${handler} answers a Response`).toBeInstanceOf(Response);
    const r = response as Response;
    expect(r.status, `${route.name} ${handler}`).toBe(404);
    expect(r.headers.get("Location"), `${route.name} ${handler}`).toBeNull();
    expect(["", "Not Found"], `${route.name} ${handler} body`).toContain(await r.text());
  }
}
