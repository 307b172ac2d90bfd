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
 *   `X-Shopify-Retry-Invalid-Session-Request: 1`, as App Bridge does, and
 *   follows a 401's `X-Shopify-API-Request-Failure-Reauthorize-Url`;
 * - the bounce page (`/auth/session-token?shopify-reload=...`): gets a token and
 *   reloads the page with `id_token`, as App Bridge does;
 * - `ui-nav-menu` / `s-app-nav` (plain links), `ui-title-bar` (its buttons in a
 *   strip), `ui-save-bar` (a bar with its buttons: `loading` / `disabled`
 *   states, `discardConfirmation`), `ui-modal` (a dialog: focus moves in,
 *   Tab stays in, Escape closes);
 * - links into the shop's admin (`shopify://admin/...`, `https://<shop>/admin/...`): opened
 *   through the app's `/dev/shopify-admin`, which shows the Shopify stand-in's page;
 * - `shopify.saveBar.leaveConfirmation()`: resolves at once without a showing
 *   save bar, else asks "Leave page with unsaved changes?" and resolves on
 *   "Leave page" (stays pending on "Stay"), as App Bridge documents it.
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
      var reauthorize = response.headers.get("X-Shopify-API-Request-Failure-Reauthorize-Url");
      if (response.status === 401 && reauthorize) reauthorizeAt(reauthorize);
      return response;
    });
  }
  /**
   * A 401 naming a reauthorize URL (the library's scopes.request, or an app
   * that must be installed again): App Bridge sends the top window there. A
   * shop's own admin address is not reachable offline: in sandbox mode the
   * app's /dev/shopify-admin forwards it to the Shopify stand-in.
   */
  function reauthorizeAt(address) {
    var target;
    try {
      target = new URL(address);
    } catch {
      return;
    }
    var onShop = /\.myshopify\.com$/.test(target.hostname);
    var next = onShop
      ? "/dev/shopify-admin?to=" + encodeURIComponent(target.toString())
      : target.toString();
    (window.top || window).location.assign(next);
  }
  window.fetch = authenticatedFetch;

  // ------------------------------------------------------------ admin links
  /**
   * Links into the shop's admin: `shopify://admin/<path>` (App Bridge opens it in Shopify admin)
   * and `https://<shop>/admin/<path>` (the theme editor's deep link). Offline neither opens:
   * the app's /dev/shopify-admin shows the Shopify stand-in's page for it (a product, the theme
   * editor), in this window.
   */
  function adminAddress(href) {
    var admin = /^shopify:\/\/admin\/(.*)$/.exec(href);
    if (admin && shop) return "https://" + shop + "/admin/" + admin[1];
    try {
      var url = new URL(href, window.location.href);
      if (
        url.protocol === "https:" &&
        /\.myshopify\.com$/.test(url.hostname) &&
        /^\/admin\//.test(url.pathname)
      ) {
        return url.toString();
      }
    } catch {
      /* not an address */
    }
    return null;
  }
  document.addEventListener(
    "click",
    function (event) {
      if (event.defaultPrevented || event.button !== 0) return;
      var anchor = event.target && event.target.closest ? event.target.closest("a[href]") : null;
      if (!anchor) return;
      var address = adminAddress(anchor.getAttribute("href") || "");
      if (!address) return;
      event.preventDefault();
      (window.top || window).location.assign(
        "/dev/shopify-admin?to=" + encodeURIComponent(address),
      );
    },
    true,
  );

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
  // Copies are kept while the originals stay the same elements, so a change of
  // label, `disabled` or `loading` does not take the keyboard focus away.
  function isOn(element, name) {
    return element.hasAttribute(name) && element.getAttribute(name) !== "false";
  }
  // `onDark`: the save bar's buttons (white Save, outlined Discard on the dark bar).
  function styleCopy(copy, original, onDark) {
    var primary = original.getAttribute("variant") === "primary";
    var critical = original.getAttribute("tone") === "critical";
    var loading = isOn(original, "loading");
    var background = onDark
      ? primary
        ? "#fff"
        : "#303030"
      : primary
        ? critical
          ? "#c70a24"
          : "#303030"
        : "#fff";
    var border = onDark ? (primary ? "#fff" : "#8a8a8a") : primary ? background : "#c9c9c9";
    var color = onDark
      ? primary
        ? "#1a1a1a"
        : "#fff"
      : primary
        ? "#fff"
        : critical
          ? "#8e1f0b"
          : "#303030";
    copy.style.cssText =
      "font:inherit;font-size:12px;font-weight:600;border-radius:8px;padding:6px 12px;display:inline-flex;align-items:center;gap:6px;border:1px solid " +
      border +
      ";background:" +
      background +
      ";color:" +
      color +
      ";cursor:" +
      (loading || copy.disabled ? "default" : "pointer") +
      ";opacity:" +
      (copy.disabled ? ".5" : loading ? ".8" : "1") +
      ";";
  }
  function updateCopy(copy, original, onDark) {
    var label = (original.textContent || "").trim();
    var loading = isOn(original, "loading");
    copy.disabled = isOn(original, "disabled");
    // A loading button keeps its focus and name but does nothing, as App Bridge's does.
    if (loading) {
      copy.setAttribute("aria-disabled", "true");
      copy.setAttribute("aria-busy", "true");
    } else {
      copy.removeAttribute("aria-disabled");
      copy.removeAttribute("aria-busy");
    }
    var shown = (loading ? "\u25cc " : "") + label;
    if (copy.getAttribute("data-shown") !== shown) {
      copy.setAttribute("data-shown", shown);
      copy.textContent = "";
      if (loading) {
        var spinner = document.createElement("span");
        spinner.setAttribute("aria-hidden", "true");
        spinner.className = "spinner";
        spinner.style.cssText =
          "width:10px;height:10px;border:2px solid currentColor;border-right-color:transparent;border-radius:50%;display:inline-block;animation:app-bridge-stand-in-spin .7s linear infinite;";
        copy.appendChild(spinner);
      }
      copy.appendChild(document.createTextNode(label));
    }
    styleCopy(copy, original, onDark);
  }
  // `confirm(original)` may return a promise of false to stop the click (discard
  // confirmation). `saveBar`: Discard first and Save last, whatever the markup's
  // order, on the dark bar, as in Shopify admin.
  function mirrorButtons(source, target, confirm, saveBar) {
    var originals = Array.prototype.slice.call(source.querySelectorAll("button, a"));
    if (saveBar) {
      var isPrimary = function (el) {
        return el.getAttribute("variant") === "primary";
      };
      originals = originals
        .filter(function (el) {
          return !isPrimary(el);
        })
        .concat(originals.filter(isPrimary));
    }
    var copies = target.__copies || [];
    var same =
      copies.length === originals.length &&
      copies.every(function (copy, i) {
        return copy.__original === originals[i] && copy.parentNode === target;
      });
    if (!same) {
      target.textContent = "";
      copies = originals.map(function (original) {
        var copy = document.createElement("button");
        copy.type = "button";
        copy.__original = original;
        copy.addEventListener("click", function () {
          if (copy.getAttribute("aria-disabled") === "true") return;
          Promise.resolve(confirm ? confirm(original) : true).then(function (go) {
            if (go) original.click();
          });
        });
        target.appendChild(copy);
        return copy;
      });
      target.__copies = copies;
    }
    copies.forEach(function (copy) {
      updateCopy(copy, copy.__original, saveBar);
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
  var SPIN_STYLE = "@keyframes app-bridge-stand-in-spin{to{transform:rotate(360deg)}}";

  // ---------------------------------------------------------- focus trap
  function focusables(root) {
    return Array.prototype.filter.call(
      root.querySelectorAll(
        "a[href], button, input, select, textarea, [tabindex]:not([tabindex='-1'])",
      ),
      function (el) {
        return !el.disabled && el.getClientRects().length > 0;
      },
    );
  }
  // Tab and Shift+Tab cycle through `list()`; Escape calls `onEscape`.
  function trapKeys(element, list, onEscape) {
    element.addEventListener("keydown", function (event) {
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        onEscape();
        return;
      }
      if (event.key !== "Tab") return;
      var items = list();
      if (!items.length) return;
      var active = deepActiveElement();
      var index = items.indexOf(active);
      var next = event.shiftKey
        ? index <= 0
          ? items.length - 1
          : index - 1
        : index === -1 || index === items.length - 1
          ? 0
          : index + 1;
      event.preventDefault();
      items[next].focus();
    });
  }
  function deepActiveElement() {
    var active = document.activeElement;
    while (active && active.shadowRoot && active.shadowRoot.activeElement) {
      active = active.shadowRoot.activeElement;
    }
    return active;
  }
  function restoreFocus(element) {
    if (element && element.isConnected && typeof element.focus === "function") element.focus();
  }

  // -------------------------------------------------------- confirmations
  // Shopify admin's own small dialogs (leave page, discard changes). Resolves
  // true for the confirming button, false for the other one or Escape.
  function confirmDialog(options) {
    return new Promise(function (resolve) {
      var before = deepActiveElement();
      var backdrop = layer(
        "app-bridge-stand-in-confirm",
        "position:fixed;inset:0;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.5);z-index:2147483200;",
      );
      backdrop.textContent = "";
      var dialog = document.createElement("div");
      dialog.setAttribute("role", "alertdialog");
      dialog.setAttribute("aria-modal", "true");
      dialog.setAttribute("aria-labelledby", "app-bridge-stand-in-confirm-title");
      dialog.setAttribute("aria-describedby", "app-bridge-stand-in-confirm-message");
      dialog.style.cssText =
        "background:#fff;color:#303030;border-radius:12px;width:380px;max-width:calc(100vw - 32px);box-shadow:0 8px 32px rgba(0,0,0,.3);";
      var title = document.createElement("h2");
      title.id = "app-bridge-stand-in-confirm-title";
      title.textContent = options.title;
      title.style.cssText =
        "margin:0;padding:12px 16px;font-size:14px;font-weight:650;border-bottom:1px solid #ebebeb;";
      var message = document.createElement("p");
      message.id = "app-bridge-stand-in-confirm-message";
      message.textContent = options.message;
      message.style.cssText = "margin:0;padding:16px;font-size:13px;";
      var footer = document.createElement("div");
      footer.style.cssText =
        "display:flex;justify-content:flex-end;gap:8px;padding:12px 16px;border-top:1px solid #ebebeb;";
      var cancel = document.createElement("button");
      cancel.textContent = options.cancel;
      var confirm = document.createElement("button");
      confirm.textContent = options.confirm;
      confirm.setAttribute("variant", "primary");
      confirm.setAttribute("tone", "critical");
      [cancel, confirm].forEach(function (button) {
        button.type = "button";
        styleCopy(button, button);
        footer.appendChild(button);
      });
      dialog.appendChild(title);
      dialog.appendChild(message);
      dialog.appendChild(footer);
      backdrop.appendChild(dialog);
      function close(answer) {
        backdrop.remove();
        restoreFocus(before);
        resolve(answer);
      }
      cancel.addEventListener("click", function () {
        close(false);
      });
      confirm.addEventListener("click", function () {
        close(true);
      });
      trapKeys(
        dialog,
        function () {
          return [cancel, confirm];
        },
        function () {
          close(false);
        },
      );
      // The safe answer has the focus, so Enter never loses work by accident.
      cancel.focus();
    });
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
        "<style>" +
        SPIN_STYLE +
        ":host{display:block;" +
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
  // A bar fixed at the top of the window ("Unsaved changes", Discard, Save).
  // While one shows, the page moves down by its height, so the navigation
  // (Shopify admin's, outside the app) stays in reach. `discardConfirmation`
  // asks before Discard, with Shopify admin's words.
  var reservedTop = null;
  function reserveTop() {
    var height = 0;
    Array.prototype.forEach.call(document.querySelectorAll("ui-save-bar"), function (el) {
      if (el.showing && el._bar) height = Math.max(height, el._bar.offsetHeight);
    });
    if (height && reservedTop === null) reservedTop = document.body.style.paddingTop;
    if (height) document.body.style.paddingTop = height + "px";
    else if (reservedTop !== null) {
      document.body.style.paddingTop = reservedTop;
      reservedTop = null;
    }
  }
  class SaveBar extends HTMLElement {
    constructor() {
      super();
      this._showing = false;
    }
    get showing() {
      return this._showing;
    }
    get discardConfirmation() {
      return isOn(this, "discardconfirmation");
    }
    set discardConfirmation(on) {
      if (on) this.setAttribute("discardconfirmation", "");
      else this.removeAttribute("discardconfirmation");
    }
    connectedCallback() {
      if (!this.shadowRoot) {
        var root = this.attachShadow({ mode: "open" });
        root.innerHTML =
          "<style>" +
          SPIN_STYLE +
          ":host{" +
          layerStyle +
          "}.bar{display:none;position:fixed;top:0;left:0;right:0;z-index:2147482000;align-items:center;justify-content:space-between;gap:8px;padding:8px 16px;background:#1a1a1a;color:#fff;font-size:13px;font-weight:600}" +
          ".bar.showing{display:flex}.bar.shake{animation:shake .4s}.actions{display:flex;gap:8px}" +
          "@keyframes shake{20%,60%{transform:translateX(-6px)}40%,80%{transform:translateX(6px)}}</style>" +
          '<div class="bar" role="region" aria-label="Save bar"><span>Unsaved changes</span><div class="actions"></div></div>';
        this._bar = root.querySelector(".bar");
      }
      var actions = this.shadowRoot.querySelector(".actions");
      var render = () => {
        mirrorButtons(this, actions, (original) => this._confirmDiscard(original), true);
      };
      render();
      if (this._observer) this._observer.disconnect();
      this._observer = watchChildren(this, render);
      if (this.hasAttribute("open")) this.show();
      else if (this._showing) reserveTop();
    }
    disconnectedCallback() {
      if (this._observer) this._observer.disconnect();
      this._observer = null;
      // A bar removed with its page no longer holds the page down.
      if (this._showing) {
        this._showing = false;
        if (this._bar) this._bar.classList.remove("showing");
        reserveTop();
      }
    }
    _confirmDiscard(original) {
      var isDiscard = original.getAttribute("variant") !== "primary";
      if (!isDiscard || !this.discardConfirmation) return true;
      return confirmDialog({
        title: "Discard all unsaved changes",
        message:
          "If you discard changes, you\u2019ll delete any edits you made since you last saved.",
        cancel: "Keep editing",
        confirm: "Discard changes",
      });
    }
    _shake() {
      if (!this._bar) return;
      this._bar.classList.remove("shake");
      void this._bar.offsetWidth;
      this._bar.classList.add("shake");
    }
    show() {
      if (!this._showing) {
        this._showing = true;
        if (this._bar) this._bar.classList.add("showing");
        reserveTop();
        this.dispatchEvent(new Event("show"));
      }
      return Promise.resolve();
    }
    hide() {
      if (this._showing) {
        this._showing = false;
        if (this._bar) this._bar.classList.remove("showing");
        reserveTop();
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
          "<style>" +
          SPIN_STYLE +
          ":host{display:none}:host([" +
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
        // Keyboard: Tab stays inside the open dialog, Escape closes it.
        trapKeys(
          this,
          () => focusables(this).concat(focusables(this._footer)),
          () => {
            this.hide();
          },
        );
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
      this._before = deepActiveElement();
      this.setAttribute(OPEN, "");
      // Focus moves into the dialog: its first field or button, else its first action.
      var first = focusables(this)[0] || focusables(this._footer)[0];
      if (first) first.focus();
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
      restoreFocus(this._before);
      this._before = null;
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
  // As App Bridge: with no save bar showing it resolves at once; otherwise it
  // asks with Shopify admin's leave dialog and resolves when the merchant
  // chooses "Leave page". "Stay" leaves it pending (the bar shakes), as the
  // real one never resolves then.
  saveBar.leaveConfirmation = function () {
    var showing = Array.prototype.filter.call(
      document.querySelectorAll("ui-save-bar"),
      function (el) {
        return el.showing;
      },
    );
    if (!showing.length) return Promise.resolve();
    return new Promise(function (resolve) {
      confirmDialog({
        title: "Leave page with unsaved changes?",
        message: "Leaving this page will delete all unsaved changes.",
        cancel: "Stay",
        confirm: "Leave page",
      }).then(function (leave) {
        if (leave) resolve();
        else
          showing.forEach(function (el) {
            el._shake();
          });
      });
    });
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
