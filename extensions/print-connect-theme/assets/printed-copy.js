/* Print Connect: points "Order a printed copy" straight at the listing's hosted checkout. */
(function () {
  "use strict";
  function init() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-pc-copy]"), function (block) {
      var url = block.dataset.endpoint + "?" + new URLSearchParams({ variant_ids: block.dataset.variantIds || "" }).toString();
      fetch(url, { headers: { Accept: "application/json" } })
        .then(function (r) {
          return r.ok ? r.json() : null;
        })
        .then(function (answer) {
          var link = block.querySelector("a");
          if (answer && answer.available && answer.checkoutUrl && link) {
            link.href = answer.checkoutUrl;
          } else if (answer && !answer.available && block.dataset.hideUnavailable === "true") {
            block.hidden = true;
          }
        })
        .catch(function () {
          /* Keep the proxy link: it still works. */
        });
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
