/* Print Connect: fills the "Print details" block from the app proxy. No dependencies. */
(function () {
  "use strict";
  var TIMEOUT_MS = 4000;
  var memo = {};

  function text(template, values) {
    return String(template || "").replace(/\[(\w+)\]/g, function (_, key) {
      return values[key] === undefined ? "" : String(values[key]);
    });
  }

  /** Minor units to a localised price, without floating-point arithmetic. */
  function price(amountMinor, currency, locale) {
    var format;
    try {
      format = new Intl.NumberFormat(locale, { style: "currency", currency: currency });
    } catch (e) {
      format = new Intl.NumberFormat(undefined, { style: "currency", currency: currency });
    }
    var exp = format.resolvedOptions().maximumFractionDigits;
    var digits = String(Math.abs(amountMinor));
    while (digits.length <= exp) digits = "0" + digits;
    var decimal = exp ? digits.slice(0, -exp) + "." + digits.slice(-exp) : digits;
    return format.format((amountMinor < 0 ? "-" : "") + decimal);
  }

  function day(iso, locale) {
    try {
      return new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" }).format(
        new Date(iso + "T00:00:00Z")
      );
    } catch (e) {
      return iso;
    }
  }

  function fetchInfo(block, variantId) {
    var params = new URLSearchParams({ variant_id: variantId });
    if (block.dataset.country) params.set("country", block.dataset.country);
    if (block.dataset.currency) params.set("currency", block.dataset.currency);
    var url = block.dataset.endpoint + "?" + params.toString();
    if (memo[url]) return memo[url];
    var controller = "AbortController" in window ? new AbortController() : null;
    var timer = setTimeout(function () {
      if (controller) controller.abort();
    }, TIMEOUT_MS);
    memo[url] = fetch(url, { headers: { Accept: "application/json" }, signal: controller ? controller.signal : undefined })
      .then(function (r) {
        if (!r.ok) throw new Error("HTTP " + r.status);
        return r.json();
      })
      .then(function (info) {
        if (info && info.mapped && info.shippingStatus === "pending") delete memo[url];
        return info;
      })
      .catch(function (error) {
        delete memo[url];
        throw error;
      })
      .finally(function () {
        clearTimeout(timer);
      });
    return memo[url];
  }

  function set(block, field, value) {
    var el = block.querySelector('[data-field="' + field + '"]');
    if (el) el.textContent = value;
  }

  /** The theme section around the block (the block is a <section> itself, so start at its parent). */
  function productSection(block) {
    return (block.parentElement && block.parentElement.closest("section, .shopify-section")) || document;
  }

  /** The product form's quantity inputs: inside the form, or tied to it by form="…" (as in Dawn). */
  function quantityInputs(block) {
    var section = productSection(block);
    var forms = Array.prototype.slice.call(section.querySelectorAll('form[action*="/cart/add"]'));
    if (!forms.length) forms = Array.prototype.slice.call(document.querySelectorAll('form[action*="/cart/add"]'));
    var inputs = [];
    forms.forEach(function (form) {
      Array.prototype.slice.call(form.querySelectorAll('[name="quantity"]')).forEach(function (input) {
        inputs.push(input);
      });
      // getAttribute: a product form's field named "id" (the variant) shadows form.id.
      var formId = form.getAttribute("id");
      if (formId) {
        Array.prototype.slice.call(document.querySelectorAll('[name="quantity"][form="' + formId + '"]')).forEach(function (input) {
          if (inputs.indexOf(input) < 0) inputs.push(input);
        });
      }
    });
    return inputs;
  }

  /**
   * A print made only in sets: say so, and raise the quantity input's minimum
   * (and its value, when below). Only a convenience: the cart rule is what
   * stops a smaller quantity. Another variant puts the theme's own minimum back.
   */
  function applyMinimum(block, minimum) {
    var note = block.querySelector('[data-field="minimum"]');
    if (note) {
      note.hidden = !minimum;
      note.textContent = minimum ? text(block.dataset.tMinimum, { minimum: minimum }) : "";
    }
    quantityInputs(block).forEach(function (input) {
      if (input.dataset.pcThemeMin === undefined) {
        input.dataset.pcThemeMin = input.getAttribute("min") || "";
        // Some themes (Dawn) keep the minimum their +/- buttons use in data-min.
        if (input.dataset.min !== undefined) input.dataset.pcThemeDataMin = input.dataset.min;
      }
      var themeMin = input.dataset.pcThemeMin;
      if (minimum) input.setAttribute("min", String(minimum));
      else if (themeMin) input.setAttribute("min", themeMin);
      else input.removeAttribute("min");
      if (input.dataset.pcThemeDataMin !== undefined) input.dataset.min = minimum ? String(minimum) : input.dataset.pcThemeDataMin;
      if (minimum && !(Number(input.value) >= minimum)) {
        input.value = String(minimum);
        input.dispatchEvent(new Event("change", { bubbles: true }));
      }
    });
  }

  function render(block, info) {
    var d = block.dataset;
    var locale = d.locale || document.documentElement.lang || undefined;
    applyMinimum(block, info && info.mapped && info.minimumQuantity >= 2 ? info.minimumQuantity : null);
    if (!info || !info.mapped) {
      block.hidden = true;
      block.setAttribute("aria-busy", "false");
      return;
    }
    block.hidden = false;
    var specs = info.specs || {};
    set(block, "format", specs.format || d.tNone);
    set(block, "size", specs.size || d.tNone);
    set(block, "pages", specs.pages ? String(specs.pages) : d.tNone);
    set(block, "paper", specs.paper || d.tNone);
    if (d.showShipping === "true") {
      if (info.shippingStatus === "ok" && info.shipping) {
        var s = info.shipping;
        set(block, "shipping", text(d.tShipping, { country: d.countryName || s.country, price: price(s.amountMinor, s.currency, locale) }));
        set(
          block,
          "delivery",
          text(d.tDelivery, { min: s.delivery.minDays, max: s.delivery.maxDays, from: day(s.delivery.minDate, locale), to: day(s.delivery.maxDate, locale) })
        );
      } else if (info.shippingStatus === "unshippable") {
        set(block, "shipping", text(d.tUnshippable, { country: d.countryName || d.country }));
        set(block, "delivery", "");
      } else {
        set(block, "shipping", d.tAtCheckout);
        set(block, "delivery", "");
      }
    }
    var status = block.querySelector("[data-pc-status]");
    if (status) status.textContent = "";
    block.setAttribute("aria-busy", "false");
  }

  /** Degrade quietly: keep the layout, say shipping is shown at checkout. */
  function fallback(block) {
    var d = block.dataset;
    ["format", "size", "pages", "paper"].forEach(function (f) {
      var el = block.querySelector('[data-field="' + f + '"] .pc-skeleton');
      if (el) el.parentNode.textContent = d.tNone;
    });
    set(block, "shipping", d.tAtCheckout);
    set(block, "delivery", "");
    block.setAttribute("aria-busy", "false");
  }

  function load(block, variantId, retried) {
    if (!variantId) return;
    block.dataset.variantId = variantId;
    fetchInfo(block, variantId).then(
      function (info) {
        if (block.dataset.variantId !== variantId) return;
        render(block, info);
        // The print service was slow: the answer is usually cached a moment later.
        if (info && info.mapped && info.shippingStatus === "pending" && !retried) {
          setTimeout(function () {
            load(block, variantId, true);
          }, 1500);
        }
      },
      function () {
        fallback(block);
      }
    );
  }

  function currentVariant(block) {
    var section = productSection(block);
    var input = section.querySelector('form[action*="/cart/add"] [name="id"]') || document.querySelector('form[action*="/cart/add"] [name="id"]');
    return (input && input.value) || new URLSearchParams(location.search).get("variant") || block.dataset.variantId;
  }

  function init() {
    var blocks = Array.prototype.slice.call(document.querySelectorAll("[data-pc-specs]"));
    blocks.forEach(function (block) {
      load(block, block.dataset.variantId);
    });
    document.addEventListener("change", function (event) {
      var target = event.target;
      if (!target || !target.closest || !target.closest('form[action*="/cart/add"]')) return;
      setTimeout(function () {
        blocks.forEach(function (block) {
          var id = currentVariant(block);
          if (id && id !== block.dataset.variantId) load(block, id);
        });
      }, 0);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
