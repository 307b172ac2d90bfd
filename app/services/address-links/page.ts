/**
 * The customer's address page as HTML: served on the shop's own domain through Shopify's app
 * proxy as a whole page, not as Liquid (Shopify would run Liquid in the customer's own text).
 * Inline styles and one small script under the response's nonce; nothing is fetched from
 * elsewhere. Without the script the form still works: the save checks everything again.
 */
import { escapeHtml as e } from "../alerts/email-layout";
import { FIELD_LABELS, type FormField } from "./form";
import type { AddressPage } from "./correct";

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f6f6f6;color:#202020;font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif;overflow-wrap:anywhere}
header{background:#fff;border-bottom:1px solid #e3e3e3;padding:14px 20px;font-weight:600;font-size:18px}
main{max-width:640px;margin:0 auto;padding:20px 16px 40px}
h1{font-size:22px;line-height:1.3;margin:0 0 12px}
h2{font-size:16px;margin:0 0 8px}
section{background:#fff;border-radius:12px;padding:18px;margin:0 0 16px;border:1px solid #e3e3e3}
.problem{background:#fff4f4;border-color:#f3c6c6}
.notice{background:#fff8e6;border-color:#f1d79b}
.done{background:#effaf3;border-color:#a9dcbc}
ul{margin:0;padding-left:20px}
label{display:block;font-weight:600;font-size:14px;margin:14px 0 4px}
input,select{width:100%;font:inherit;padding:10px 12px;border:1px solid #8a8a8a;border-radius:8px;background:#fff;color:#202020}
input:disabled{background:#f1f1f1;color:#4a4a4a;border-color:#c9c9c9}
input[aria-invalid=true],select[aria-invalid=true]{border-color:#c5280c;background:#fff8f7}
.error{color:#c5280c;font-size:14px;margin:4px 0 0}
.error:empty{display:none}
.hint{color:#616161;font-size:14px;margin:4px 0 0}
.row{display:grid;grid-template-columns:1fr;gap:0 12px}
@media (min-width:560px){.row{grid-template-columns:1fr 1fr}}
button{margin-top:20px;width:100%;font:inherit;font-weight:600;padding:12px 16px;border:0;border-radius:8px;background:#202020;color:#fff;cursor:pointer}
.warning{color:#8a6116;font-size:14px}
footer{color:#616161;font-size:13px;text-align:center;padding:0 16px 24px}
`;

function shell(shopName: string, title: string, body: string, nonce: string, script = ""): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer">
<title>${e(title)} – ${e(shopName)}</title><style nonce="${nonce}">${STYLE}</style></head>
<body><header>${e(shopName)}</header><main>${body}</main>
<footer>${e(shopName)} uses this address only to ship your order.</footer>${script}</body></html>`;
}

function field(
  page: Extract<AddressPage, { kind: "form" }>,
  name: FormField,
  options: { autocomplete: string; required?: boolean; hint?: string },
): string {
  const error = page.check?.errors[name] ?? "";
  const value = page.form[name];
  const id = `f-${name}`;
  const describedBy = [`${id}-error`, options.hint ? `${id}-hint` : ""].filter(Boolean).join(" ");
  const common = `id="${id}" name="${name}" aria-describedby="${describedBy}" aria-invalid="${error ? "true" : "false"}"${options.required ? " required" : ""}`;
  const control =
    name === "provinceCode" && page.province.choices
      ? `<select ${common} autocomplete="${options.autocomplete}"><option value="">Choose…</option>${page.province.choices
          .map(
            (c) =>
              `<option value="${e(c.code)}"${c.code === value.toUpperCase() ? " selected" : ""}>${e(c.name)}</option>`,
          )
          .join("")}</select>`
      : `<input ${common} type="${name === "phone" ? "tel" : "text"}" autocomplete="${options.autocomplete}" value="${e(value)}" maxlength="255">`;
  const label =
    name === "provinceCode" && !page.province.required
      ? `${FIELD_LABELS[name]} (optional)`
      : FIELD_LABELS[name];
  return `<div><label for="${id}">${e(label)}</label>${control}${
    options.hint ? `<p class="hint" id="${id}-hint">${e(options.hint)}</p>` : ""
  }<p class="error" id="${id}-error" role="status">${e(error)}</p></div>`;
}

const CHECK_SCRIPT = `
(function(){
  var form=document.getElementById("address-form");if(!form||!window.fetch)return;
  var timer=null,seq=0,inFlight=null,submitting=false;
  function check(){
    if(submitting)return;
    var mine=++seq;var data=new URLSearchParams(new FormData(form));data.set("intent","check");
    if(inFlight)inFlight.abort();
    inFlight=window.AbortController?new AbortController():null;
    fetch(window.location.href,{method:"POST",body:data,headers:{"Accept":"application/json"},credentials:"same-origin",signal:inFlight?inFlight.signal:undefined})
      .then(function(r){return r.ok?r.json():null}).then(function(result){
        if(!result||mine!==seq||submitting)return;
        form.querySelectorAll("input,select").forEach(function(input){
          var box=document.getElementById(input.id+"-error");if(!box)return;
          if(!input.dataset.touched){return}
          var message=(result.errors||{})[input.name]||"";
          box.textContent=message;input.setAttribute("aria-invalid",message?"true":"false");
        });
        var w=document.getElementById("warnings");if(w)w.textContent=(result.warnings||[]).join(" ");
      }).catch(function(){});
  }
  function later(event,ms){
    if(event.target&&event.target.dataset)event.target.dataset.touched="1";
    clearTimeout(timer);timer=setTimeout(check,ms);
  }
  form.addEventListener("input",function(event){later(event,350)});
  form.addEventListener("change",function(event){later(event,50)});
  // The save checks everything again: no check is sent, or read, once it is on its way.
  form.addEventListener("submit",function(){
    submitting=true;clearTimeout(timer);if(inFlight)inFlight.abort();
  });
})();`;

export function addressPageHtml(page: AddressPage, nonce: string): string {
  if (page.kind === "closed")
    return shell(
      page.shopName,
      page.heading,
      `<section><h1>${e(page.heading)}</h1><p>${e(page.message)}</p></section>`,
      nonce,
    );
  if (page.kind === "saved")
    return shell(
      page.shopName,
      "Address saved",
      `<section class="done"><h1>Thank you: the address is saved</h1>
<p>Order ${e(page.orderName)} will be sent to:</p><p>${page.address.map(e).join("<br>")}</p>
<p>${page.released ? "It goes to print with this address now." : "It will be printed and sent to this address."} You will get an e-mail when it ships.</p></section>`,
      nonce,
    );
  const items = page.items
    .map((i) => `<li>${e(i.title)}${i.quantity > 1 ? ` × ${i.quantity}` : ""}</li>`)
    .join("");
  const warnings = page.check?.warnings ?? [];
  const body = `<h1>Shipping address for order ${e(page.orderName)}</h1>
${page.problem ? `<section class="problem"><h2>What needs correcting</h2><p>${e(page.problem)}</p></section>` : ""}
${page.notice ? `<section class="notice" role="alert"><p>${e(page.notice)}</p></section>` : ""}
<section><h2>Being printed for you</h2><ul>${items}</ul></section>
<section><form id="address-form" method="post" action="" novalidate>
<div class="row">${field(page, "firstName", { autocomplete: "shipping given-name", required: true })}${field(page, "lastName", { autocomplete: "shipping family-name", required: true })}</div>
${field(page, "company", { autocomplete: "shipping organization" })}
${field(page, "address1", { autocomplete: "shipping address-line1", required: true })}
${field(page, "address2", { autocomplete: "shipping address-line2" })}
<div class="row">${field(page, "zip", { autocomplete: "shipping postal-code", required: true })}${field(page, "city", { autocomplete: "shipping address-level2", required: true })}</div>
${page.province.shown ? field(page, "provinceCode", { autocomplete: "shipping address-level1", required: page.province.required }) : ""}
<label for="f-country">Country</label><input id="f-country" value="${e(page.countryName)}" disabled aria-describedby="f-country-hint"><p class="hint" id="f-country-hint">To ship to another country, reply to the shop's e-mail.</p>
${field(page, "phone", { autocomplete: "shipping tel" })}
${page.countryCode === "BR" ? field(page, "taxNumber", { autocomplete: "off", required: true, hint: "Brazil's customs ask for it: 11 digits (CPF) or 14 digits (CNPJ)." }) : ""}
<p class="warning" id="warnings" role="status">${e(warnings.join(" "))}</p>
<button type="submit">Save the address</button>
</form></section>`;
  return shell(
    page.shopName,
    `Shipping address for order ${page.orderName}`,
    body,
    nonce,
    `<script nonce="${nonce}">${CHECK_SCRIPT}</script>`,
  );
}
