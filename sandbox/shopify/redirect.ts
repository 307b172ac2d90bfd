/**
 * Route every HTTP request for `*.myshopify.com` to the Shopify fake.
 *
 * `@shopify/shopify-api` calls Shopify with `globalThis.fetch`. Node's built-in
 * fetch (undici 7 inside Node 24) and the `undici` package (v8) both read the
 * process-wide dispatcher from a well-known global symbol, and undici 8's
 * `setGlobalDispatcher` writes both the v2 symbol and the legacy v1 symbol that
 * Node's fetch reads. So one dispatcher installed here steers the real library
 * code, unmodified, to the fake.
 */
import { Agent, Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from "undici";

/** Header the fake reads to know which shop a redirected request was for. */
export const SHOP_DOMAIN_HEADER = "x-shop-domain";

const GLOBAL_DISPATCHER = Symbol.for("undici.globalDispatcher.2");
const LEGACY_GLOBAL_DISPATCHER = Symbol.for("undici.globalDispatcher.1");

export interface ShopifyRedirectOptions {
  /** Origin of the fake, e.g. `http://127.0.0.1:43123`. */
  target: string;
  /** Hosts ending with this suffix go to the target. Default `.myshopify.com`. */
  hostSuffix?: string;
  /**
   * Where every other request goes. Default: the dispatcher that was global
   * before (undici's normal Agent unless something else was installed).
   */
  passthrough?: Dispatcher;
}

/** Restores the previous global dispatcher (synchronously) and closes the redirect's own agent. */
export type UninstallShopifyRedirect = () => Promise<void>;

type Headers = Dispatcher.DispatchOptions["headers"];

function withHeader(headers: Headers, name: string, value: string): Headers {
  if (headers == null) return { [name]: value };
  if (Array.isArray(headers)) {
    // Either a flat [k, v, k, v] list or a list of [k, v] pairs.
    const list = headers as unknown[];
    if (list.length === 0 || typeof list[0] === "string")
      return [...(list as string[]), name, value];
    return [...(list as [string, string | string[] | undefined][]), [name, value]];
  }
  if (typeof (headers as { [Symbol.iterator]?: unknown })[Symbol.iterator] === "function") {
    const pairs = [...(headers as Iterable<[string, string | string[] | undefined]>)];
    pairs.push([name, value]);
    return pairs;
  }
  return { ...(headers as Record<string, string | string[] | number | undefined>), [name]: value };
}

function originHost(origin: Dispatcher.DispatchOptions["origin"]): URL | undefined {
  if (origin == null) return undefined;
  try {
    return typeof origin === "string" ? new URL(origin) : new URL(origin.toString());
  } catch {
    return undefined;
  }
}

/**
 * Creates (but does not install) a dispatcher that sends requests for hosts
 * ending with `hostSuffix` to `target`, adding `x-shop-domain: <original host>`.
 */
export function createShopifyRedirectDispatcher(
  options: Required<Pick<ShopifyRedirectOptions, "target">> & ShopifyRedirectOptions,
): { dispatcher: Dispatcher; agent: Agent } {
  const target = new URL(options.target);
  const suffix = (options.hostSuffix ?? ".myshopify.com").toLowerCase();
  const passthrough = options.passthrough ?? getGlobalDispatcher();
  const agent = new Agent({ keepAliveTimeout: 1_000 });
  const dispatcher = agent.compose((dispatch) => (opts, handler) => {
    const url = originHost(opts.origin);
    if (url && url.hostname.toLowerCase().endsWith(suffix)) {
      return dispatch(
        {
          ...opts,
          origin: target.origin,
          headers: withHeader(opts.headers, SHOP_DOMAIN_HEADER, url.hostname.toLowerCase()),
        },
        handler,
      );
    }
    return passthrough.dispatch(opts, handler);
  });
  return { dispatcher, agent };
}

/**
 * Installs the redirect as the process-wide dispatcher. Returns `uninstall()`,
 * which restores exactly what was installed before.
 */
export function installShopifyRedirect(options: ShopifyRedirectOptions): UninstallShopifyRedirect {
  const g = globalThis as unknown as Record<symbol, unknown>;
  const previous = g[GLOBAL_DISPATCHER];
  const previousLegacy = g[LEGACY_GLOBAL_DISPATCHER];
  const { dispatcher, agent } = createShopifyRedirectDispatcher(options);
  setGlobalDispatcher(dispatcher);
  let uninstalled = false;
  return async () => {
    if (uninstalled) return;
    uninstalled = true;
    if (previous && typeof (previous as Dispatcher).dispatch === "function") {
      setGlobalDispatcher(previous as Dispatcher);
    } else {
      setGlobalDispatcher(new Agent());
    }
    // setGlobalDispatcher wraps the v1 slot; put back the exact previous object.
    if (previousLegacy !== undefined) g[LEGACY_GLOBAL_DISPATCHER] = previousLegacy;
    await agent.destroy().catch(() => undefined);
  };
}
