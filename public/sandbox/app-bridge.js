/*
 * App Bridge stand-in for sandbox mode and browser tests.
 *
 * The real script (https://cdn.shopify.com/shopifycloud/app-bridge.js) only
 * works inside Shopify admin and is unreachable offline. This one gives an
 * embedded page what App Bridge gives it, on the page itself:
 *
 * - `window.shopify`: config, origin, ready, environment, idToken(), user(),
 *   toast, loading(), saveBar, modal, scopes, resourcePicker (cancels);
 * - a `fetch` wrapper that adds `Authorization: Bearer <session token>` to
 *   requests for the app's origin, and retries once when the app answers
 *   `X-Shopify-Retry-Invalid-Session-Request: 1`, as App Bridge does;
 * - the bounce page (`/auth/session-token?shopify-reload=...`): gets a token and
 *   reloads the page with `id_token`, as App Bridge does;
 * - `ui-nav-menu` / `s-app-nav` (plain links), `ui-title-bar` (its buttons in a
 *   strip), `ui-save-bar` (a bar with its buttons), `ui-modal` (a dialog).
 *
 * Session tokens come from `window.__printConnectIdToken()` when a test
 * harness exposes it, otherwise from the sandbox-only `GET /dev/session-token`.
 * They are real HS256 JWTs signed with the app secret; the server checks them.
 *
 * Nothing is added to the page before React hydrates: elements render inside
 * their own shadow roots, and the toast, loading bar and modal layers are
 * appended to <body> only when first used.
 */
(function () {
  "use strict";
  if (window.shopify && window.shopify.__standIn) return;

  var script = document.currentScript;
  var originalFetch = window.fetch.bind(window);
  var params = new URLSearchParams(window.location.search);
  var STORE_KEY = "print-connect:app-bridge-stand-in";

  function remembered() {
    try {
      return JSON.parse(window.sessionStorage.getItem(STORE_KEY) || "{}");
    } catch {
      return {};
    }
  }
  function decodeHost(host) {
    try {
      return window.atob(host.replace(/-/g, "+").replace(/_/g, "/"));
    } catch {
      return "";
    }
  }
  var saved = remembered();
  var host = params.get("host") || saved.host || "";
  var shop = params.get("shop") || saved.shop || "";
  if (!shop && host) {
    var match = /\/store\/([^/?#]+)/.exec(decodeHost(host));
    if (match) shop = match[1] + ".myshopify.com";
  }
  try {
    window.sessionStorage.setItem(STORE_KEY, JSON.stringify({ host: host, shop: shop }));
  } catch {
    /* storage may be unavailable */
  }
  var apiKey =
    (script && script.getAttribute("data-api-key")) ||
    (document.querySelector('meta[name="shopify-api-key"]') || {}).content ||
    "";

  // ---------------------------------------------------------------- tokens
  function idToken() {
    if (typeof window.__printConnectIdToken === "function") {
      return Promise.resolve(window.__printConnectIdToken());
    }
    return originalFetch("/dev/session-token", {
      headers: { Accept: "application/json" },
      cache: "no-store",
      credentials: "same-origin",
    }).then(function (response) {
      if (!response.ok) {
        throw new Error(
          "App Bridge stand-in: no session token (GET /dev/session-token answered " +
            response.status +
            "). Outside sandbox mode the real App Bridge must be used.",
        );
      }
      return response.json().then(function (body) {
        return body.token;
      });
    });
  }

  // ----------------------------------------------------------------- fetch
  var appOrigins = [window.location.origin];
  function isAppRequest(url) {
    return appOrigins.indexOf(url.origin) !== -1 && url.pathname !== "/dev/session-token";
  }
  function authenticatedFetch(input, init) {
    var request;
    try {
      request = new Request(input, init);
    } catch {
      return originalFetch(input, init);
    }
    var url = new URL(request.url);
    var disabled = (shopifyGlobal.config.disabledFeatures || []).indexOf("fetch") !== -1;
    if (disabled || !isAppRequest(url) || request.headers.has("Authorization")) {
      return originalFetch(request);
    }
    var retry = request.clone();
    function send(req) {
      return idToken().then(function (token) {
        req.headers.set("Authorization", "Bearer " + token);
        req.headers.set("X-Requested-With", "XMLHttpRequest");
        return originalFetch(req);
      });
    }
    return send(request).then(function (response) {
      if (response.headers.get("X-Shopify-Retry-Invalid-Session-Request") === "1") {
        return send(retry);
      }
      return response;
    });
  }
  window.fetch = authenticatedFetch;

  // -------------------------------------------------------------- overlays
  var layerStyle =
    "font-family: Inter, -apple-system, BlinkMacSystemFont, 'San Francisco', 'Segoe UI', Roboto, 'Helvetica Neue', sans-serif;";
  function layer(id, css) {
    var el = document.getElementById(id);
    if (!el) {
      el = document.createElement("div");
      el.id = id;
      el.setAttribute("data-app-bridge-stand-in", "");
      el.style.cssText = layerStyle + css;
      document.body.appendChild(el);
    }
    return el;
  }

  // ----------------------------------------------------------------- toast
  var toastCount = 0;
  var toastTimers = {};
  var toast = {
    show: function (message, opts) {
      var options = opts || {};
      var id = "toast-" + ++toastCount;
      var stack = layer(
        "app-bridge-stand-in-toasts",
        "position:fixed;left:50%;bottom:24px;transform:translateX(-50%);display:flex;flex-direction:column;gap:8px;align-items:center;z-index:2147483000;",
      );
      var item = document.createElement("div");
      item.id = id;
      item.setAttribute("role", options.isError ? "alert" : "status");
      item.setAttribute("data-toast", options.isError ? "error" : "info");
      item.style.cssText =
        "padding:10px 16px;border-radius:10px;color:#fff;font-size:13px;font-weight:500;box-shadow:0 4px 12px rgba(0,0,0,.25);display:flex;gap:12px;align-items:center;background:" +
        (options.isError ? "#8e1f0b" : "#303030") +
        ";";
      var text = document.createElement("span");
      text.textContent = String(message);
      item.appendChild(text);
      if (options.action) {
        var action = document.createElement("button");
        action.type = "button";
        action.textContent = options.action;
        action.style.cssText =
          "background:none;border:1px solid rgba(255,255,255,.6);color:#fff;border-radius:6px;padding:2px 8px;cursor:pointer;";
        action.addEventListener("click", function () {
          if (typeof options.onAction === "function") options.onAction();
          toast.hide(id);
        });
        item.appendChild(action);
      }
      stack.appendChild(item);
      toastTimers[id] = window.setTimeout(
        function () {
          toast.hide(id);
        },
        typeof options.duration === "number" ? options.duration : 5000,
      );
      return id;
    },
    hide: function (id) {
      window.clearTimeout(toastTimers[id]);
      delete toastTimers[id];
      var item = document.getElementById(id);
      if (item) item.remove();
    },
  };

  // --------------------------------------------------------------- loading
  function loading(isLoading) {
    var on = isLoading !== false;
    var bar = document.getElementById("app-bridge-stand-in-loading");
    if (!on) {
      if (bar) bar.remove();
      return;
    }
    layer(
      "app-bridge-stand-in-loading",
      "position:fixed;top:0;left:0;right:0;height:3px;background:#008060;z-index:2147483001;",
    ).setAttribute("role", "progressbar");
  }

  // ------------------------------------------------------ mirrored buttons
  // Buttons declared inside ui-title-bar / ui-save-bar are not displayed; a
  // copy is, and clicking the copy clicks the original (so React handlers run).
  function mirrorButtons(source, target) {
    target.textContent = "";
    var buttons = source.querySelectorAll("button, a");
    Array.prototype.forEach.call(buttons, function (original) {
      var copy = document.createElement("button");
      copy.type = "button";
      copy.textContent = original.textContent;
      copy.disabled = original.hasAttribute("disabled");
      var primary = original.getAttribute("variant") === "primary";
      var critical = original.getAttribute("tone") === "critical";
      copy.style.cssText =
        "font:inherit;font-size:12px;font-weight:600;border-radius:8px;padding:6px 12px;cursor:pointer;border:1px solid " +
        (primary ? "#303030" : "#c9c9c9") +
        ";background:" +
        (primary ? "#303030" : "#fff") +
        ";color:" +
        (primary ? "#fff" : critical ? "#8e1f0b" : "#303030") +
        ";";
      copy.addEventListener("click", function () {
        original.click();
      });
      target.appendChild(copy);
    });
  }
  function watchChildren(element, render) {
    var observer = new MutationObserver(render);
    observer.observe(element, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
    });
    return observer;
  }

  // ---------------------------------------------------------- ui-nav-menu
  function defineOnce(name, ctor) {
    if (!window.customElements.get(name)) window.customElements.define(name, ctor);
  }
  class NavMenu extends HTMLElement {
    connectedCallback() {
      if (this.shadowRoot) return;
      // The host is the landmark, so its (slotted) links are inside it for tests and screen readers.
      if (!this.hasAttribute("role")) this.setAttribute("role", "navigation");
      if (!this.hasAttribute("aria-label")) this.setAttribute("aria-label", "App navigation");
      var root = this.attachShadow({ mode: "open" });
      root.innerHTML =
        "<style>:host{display:block;" +
        layerStyle +
        "}.nav{display:flex;flex-wrap:wrap;gap:4px 16px;padding:8px 16px;background:#ebebeb;border-bottom:1px solid #d4d4d4;font-size:13px}" +
        "::slotted(a){color:#303030;text-decoration:none;font-weight:500}::slotted(a[aria-current=page]){text-decoration:underline}</style>" +
        '<div class="nav"><slot></slot></div>';
    }
  }
  defineOnce("ui-nav-menu", NavMenu);
  defineOnce("s-app-nav", class extends NavMenu {});

  // --------------------------------------------------------- ui-title-bar
  class TitleBar extends HTMLElement {
    connectedCallback() {
      if (this.shadowRoot) return;
      var root = this.attachShadow({ mode: "open" });
      root.innerHTML =
        "<style>:host{display:block;" +
        layerStyle +
        "}div{display:flex;justify-content:flex-end;gap:8px;padding:0 16px}div:not(:empty){padding:8px 16px}</style><div part='actions'></div>";
      var actions = root.querySelector("div");
      var render = () => {
        if (this.closest("ui-modal")) return;
        mirrorButtons(this, actions);
      };
      render();
      this._observer = watchChildren(this, render);
    }
    disconnectedCallback() {
      if (this._observer) this._observer.disconnect();
    }
  }
  defineOnce("ui-title-bar", TitleBar);

  // ---------------------------------------------------------- ui-save-bar
  class SaveBar extends HTMLElement {
    constructor() {
      super();
      this._showing = false;
    }
    get showing() {
      return this._showing;
    }
    connectedCallback() {
      if (this.shadowRoot) return;
      var root = this.attachShadow({ mode: "open" });
      root.innerHTML =
        "<style>:host{" +
        layerStyle +
        "}.bar{display:none;position:fixed;top:0;left:0;right:0;z-index:2147482000;align-items:center;justify-content:space-between;gap:8px;padding:8px 16px;background:#1a1a1a;color:#fff;font-size:13px;font-weight:600}" +
        ".bar.showing{display:flex}.actions{display:flex;gap:8px}</style>" +
        '<div class="bar" role="region" aria-label="Save bar"><span>Unsaved changes</span><div class="actions"></div></div>';
      this._bar = root.querySelector(".bar");
      var actions = root.querySelector(".actions");
      var render = () => {
        mirrorButtons(this, actions);
      };
      render();
      this._observer = watchChildren(this, render);
      if (this.hasAttribute("open")) this.show();
    }
    disconnectedCallback() {
      if (this._observer) this._observer.disconnect();
    }
    show() {
      if (!this._showing) {
        this._showing = true;
        if (this._bar) this._bar.classList.add("showing");
        this.dispatchEvent(new Event("show"));
      }
      return Promise.resolve();
    }
    hide() {
      if (this._showing) {
        this._showing = false;
        if (this._bar) this._bar.classList.remove("showing");
        this.dispatchEvent(new Event("hide"));
      }
      return Promise.resolve();
    }
    toggle() {
      return this._showing ? this.hide() : this.show();
    }
  }
  defineOnce("ui-save-bar", SaveBar);

  // ------------------------------------------------------------- ui-modal
  // While open, the element itself is the dialog (role, label, full-screen
  // backdrop); the box lives in its shadow root. Its own children, and
  // `content` (where @shopify/app-bridge-react portals the modal body), are
  // slotted into the box, so React keeps owning them and their events.
  var OPEN = "data-stand-in-open";
  class Modal extends HTMLElement {
    constructor() {
      super();
      this._open = false;
      this.content = document.createElement("div");
    }
    connectedCallback() {
      if (!this.shadowRoot) {
        var root = this.attachShadow({ mode: "open" });
        root.innerHTML =
          "<style>:host{display:none}:host([" +
          OPEN +
          "]){display:flex;position:fixed;inset:0;align-items:center;justify-content:center;z-index:2147482500;" +
          layerStyle +
          "}.backdrop{position:absolute;inset:0;background:rgba(0,0,0,.5)}" +
          ".box{position:relative;background:#fff;color:#303030;border-radius:12px;max-height:calc(100vh - 64px);overflow:auto;width:620px;max-width:calc(100vw - 32px);box-shadow:0 8px 32px rgba(0,0,0,.3);display:flex;flex-direction:column}" +
          ".box.small{width:380px}.box.large{width:980px}.box.max{width:calc(100vw - 32px)}" +
          "h2{margin:0;padding:12px 16px;font-size:14px;font-weight:650;border-bottom:1px solid #ebebeb}h2:empty{display:none}" +
          ".body{padding:16px}.footer{display:flex;justify-content:flex-end;gap:8px;padding:12px 16px;border-top:1px solid #ebebeb}.footer:empty{display:none}</style>" +
          '<div class="backdrop"></div><div class="box"><h2></h2><div class="body"><slot></slot></div><div class="footer"></div></div>';
        this._box = root.querySelector(".box");
        this._heading = root.querySelector("h2");
        this._footer = root.querySelector(".footer");
        root.querySelector(".backdrop").addEventListener("click", () => {
          this.hide();
        });
      }
      if (this.hasAttribute("open")) this.show();
    }
    get open() {
      return this._open;
    }
    _render() {
      var titleBar = this.querySelector("ui-title-bar");
      var title = (titleBar && titleBar.getAttribute("title")) || "";
      if (this._heading.textContent !== title) this._heading.textContent = title;
      if (title) this.setAttribute("aria-label", title);
      else this.removeAttribute("aria-label");
      this._box.className = "box " + (this.getAttribute("variant") || "base");
      if (titleBar) mirrorButtons(titleBar, this._footer);
      else this._footer.textContent = "";
    }
    show() {
      if (this._open) return Promise.resolve();
      if (!this.shadowRoot) this.connectedCallback();
      this._open = true;
      // Added when first shown (after hydration), never during it.
      if (this.content.parentNode !== this) this.appendChild(this.content);
      this._render();
      this._observer = new MutationObserver(() => {
        this._render();
      });
      this._observer.observe(this, { childList: true, subtree: true, characterData: true });
      this.setAttribute("role", "dialog");
      this.setAttribute("aria-modal", "true");
      this.setAttribute(OPEN, "");
      this.dispatchEvent(new Event("show"));
      return Promise.resolve();
    }
    hide() {
      if (!this._open) return Promise.resolve();
      this._open = false;
      if (this._observer) this._observer.disconnect();
      this.removeAttribute(OPEN);
      this.removeAttribute("role");
      this.removeAttribute("aria-modal");
      this.dispatchEvent(new Event("hide"));
      return Promise.resolve();
    }
    toggle() {
      return this._open ? this.hide() : this.show();
    }
  }
  defineOnce("ui-modal", Modal);

  function byId(tag, id) {
    var element = document.getElementById(id);
    if (!element || element.tagName.toLowerCase() !== tag) {
      return Promise.reject(new Error("App Bridge stand-in: no <" + tag + ' id="' + id + '">'));
    }
    return Promise.resolve(element);
  }
  function elementApi(tag) {
    return {
      show: function (id) {
        return byId(tag, id).then(function (el) {
          return el.show();
        });
      },
      hide: function (id) {
        return byId(tag, id).then(function (el) {
          return el.hide();
        });
      },
      toggle: function (id) {
        return byId(tag, id).then(function (el) {
          return el.toggle();
        });
      },
    };
  }
  var saveBar = elementApi("ui-save-bar");
  saveBar.leaveConfirmation = function () {
    var open = Array.prototype.some.call(document.querySelectorAll("ui-save-bar"), function (el) {
      return el.showing;
    });
    if (!open) return Promise.resolve();
    // App Bridge shakes the save bar; navigation stays blocked until the merchant saves or discards.
    return Promise.reject(new Error("Unsaved changes"));
  };

  // ---------------------------------------------------------------- global
  var shopifyGlobal = {
    __standIn: true,
    config: {
      apiKey: apiKey,
      appOrigins: [],
      disabledFeatures: [],
      host: host,
      shop: shop,
      locale: navigator.language || "en-US",
    },
    origin: "https://admin.shopify.com",
    ready: Promise.resolve(),
    setSignals: function () {},
    environment: { mobile: false, embedded: true, pos: false, intent: false },
    idToken: idToken,
    user: function () {
      return Promise.resolve({ id: 1, name: "Demo Staff", accountAccess: "Account owner" });
    },
    toast: toast,
    loading: loading,
    saveBar: saveBar,
    modal: elementApi("ui-modal"),
    resourcePicker: function () {
      return Promise.resolve(undefined);
    },
    scopes: {
      query: function () {
        return Promise.resolve({ granted: [], required: [], optional: [] });
      },
      request: function () {
        return Promise.resolve({ result: "declined-all", detail: { granted: [] } });
      },
      revoke: function () {
        return Promise.resolve({ detail: { granted: [] } });
      },
    },
  };
  window.shopify = shopifyGlobal;

  // ----------------------------------------------------------- bounce page
  // shopify-app-remix sends a document request without `id_token` to
  // /auth/session-token?shopify-reload=<url>; App Bridge reloads that URL with a token.
  var reload = params.get("shopify-reload");
  if (reload) {
    var target;
    try {
      target = new URL(reload, window.location.href);
    } catch {
      target = null;
    }
    if (target && target.origin === window.location.origin) {
      idToken().then(function (token) {
        target.searchParams.set("id_token", token);
        window.location.replace(target.toString());
      });
    }
  }
})();
