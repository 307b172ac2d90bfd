/**
 * A server build of just the given route modules (resource routes: a loader
 * or an action, no component), for serving the app's real routes through
 * server/app.js (createAppServer) without `npm run build`.
 */
import type { ServerBuild } from "@remix-run/node";

type RouteModule = ServerBuild["routes"][string]["module"];

/** `routes`: path (as in Remix, e.g. "carrier/rates/:token") -> route module. */
export function routeBuild(routes: Record<string, Omit<RouteModule, "default">>): ServerBuild {
  const manifest: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: {} as RouteModule },
  };
  for (const [path, module] of Object.entries(routes)) {
    manifest[`routes/${path}`] = {
      id: `routes/${path}`,
      parentId: "root",
      path,
      // A resource route: no component.
      module: module as RouteModule,
    };
  }
  return {
    mode: "production",
    entry: {
      module: {
        default: () => new Response("Not a resource route", { status: 404 }),
      },
    },
    routes: manifest,
    assets: {
      entry: { imports: [], module: "" },
      routes: {},
      url: "",
      version: "test",
    },
    publicPath: "/build/",
    assetsBuildDirectory: "build/client",
    future: {} as ServerBuild["future"],
    isSpaMode: false,
  };
}
