// The demo's storefront: one page that sells one product through the Medusa store API and pays
// with monobank (hosted card page, installments with polling, or the whole order on the mono
// checkout page). Plain HTML + fetch, no build.
const http = require("node:http")

const PROVIDERS = {
  card: "pp_monobank_monobank",
  installments: "pp_monobank-installments_monobank-installments",
}

function page({ storeUrl, publishableKey }) {
  return `<!doctype html>
<html lang="uk"><head><meta charset="utf-8"><title>monobank demo store</title>
<style>body{font-family:system-ui,sans-serif;max-width:640px;margin:40px auto;padding:0 16px}
button{padding:8px 16px;margin:4px 0}label{display:block;margin:8px 0}#log{white-space:pre-wrap;background:#f4f4f4;padding:12px}</style>
</head><body>
<h1>monobank demo store</h1>
<div id="product">Loading…</div>
<label>Email <input id="email" value="shopper@example.test"></label>
<label>Phone (installments) <input id="phone" value="+380501234564"> <small>ending 4: approved, waits for the store</small></label>
<label>Parts <input id="parts" type="number" value="3" min="3" max="25"></label>
<button id="card">Pay by card (monobank page)</button>
<button id="installments">Pay in parts (Покупка частинами)</button>
<button id="checkout">Buy with mono checkout (delivery and payment on monobank's page)</button>
<div id="log"></div>
<script>
const API = ${JSON.stringify(storeUrl)}, KEY = ${JSON.stringify(publishableKey)}, PROVIDERS = ${JSON.stringify(PROVIDERS)};
const log = (m) => (document.getElementById("log").textContent += m + "\\n");
async function call(method, path, body) {
  const res = await fetch(API + path, { method, headers: { "content-type": "application/json", "x-publishable-api-key": KEY }, body: body && JSON.stringify(body) });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.message || ("HTTP " + res.status));
  return data;
}
let region, variant;
async function load() {
  region = (await call("GET", "/store/regions")).regions[0];
  const product = (await call("GET", "/store/products?region_id=" + region.id + "&fields=*variants.calculated_price")).products[0];
  variant = product.variants[0];
  document.getElementById("product").innerHTML = "<h2>" + product.title + "</h2><p>" + variant.calculated_price.calculated_amount + " " + region.currency_code.toUpperCase() + "</p>";
}
async function cartWithSession(provider, data) {
  const address = { first_name: "Тарас", last_name: "Шевченко", address_1: "вул. Хрещатик, 1", city: "Київ", country_code: "ua", postal_code: "01001", phone: document.getElementById("phone").value };
  let { cart } = await call("POST", "/store/carts", { region_id: region.id, email: document.getElementById("email").value, items: [{ variant_id: variant.id, quantity: 1 }], shipping_address: address, billing_address: address });
  const { shipping_options } = await call("GET", "/store/shipping-options?cart_id=" + cart.id);
  await call("POST", "/store/carts/" + cart.id + "/shipping-methods", { option_id: shipping_options[0].id });
  const { payment_collection } = await call("POST", "/store/payment-collections", { cart_id: cart.id });
  const res = await call("POST", "/store/payment-collections/" + payment_collection.id + "/payment-sessions", { provider_id: provider, data });
  const session = res.payment_collection.payment_sessions.find((s) => s.provider_id === provider);
  return { cartId: cart.id, session };
}
document.getElementById("card").onclick = async () => {
  try {
    const { cartId, session } = await cartWithSession(PROVIDERS.card, {});
    sessionStorage.setItem("cart_id", cartId);
    log("Invoice " + session.data.invoiceId + ": going to the monobank page…");
    location.href = session.data.pageUrl;
  } catch (e) { log("Error: " + e.message); }
};
document.getElementById("installments").onclick = async () => {
  try {
    const { cartId, session } = await cartWithSession(PROVIDERS.installments, { client_phone: document.getElementById("phone").value, parts_count: Number(document.getElementById("parts").value) });
    log("Installment order created; confirm it in the app (the emulator does it for the test phones)…");
    for (let i = 0; i < 120; i++) {
      const { installment } = await call("GET", "/store/monobank/installments/" + session.id);
      log(installment.status + " / " + installment.code + ": " + installment.message.en);
      if (installment.final || installment.status === "authorized" || installment.status === "captured") break;
      await new Promise((r) => setTimeout(r, 2000));
    }
    await complete(cartId);
  } catch (e) { log("Error: " + e.message); }
};
document.getElementById("checkout").onclick = async () => {
  try {
    const { cart } = await call("POST", "/store/carts", { region_id: region.id, items: [{ variant_id: variant.id, quantity: 1 }] });
    const { redirect_url } = await call("POST", "/store/monobank/checkout", { cart_id: cart.id });
    log("Going to the mono checkout page…");
    location.href = redirect_url;
  } catch (e) { log("Error: " + e.message); }
};
// The checkout returnUrl page: the order exists once the bank placed it (its callback, or this request).
async function followCheckout(cartId) {
  log("Back from mono checkout; asking the store about cart " + cartId + "…");
  for (let i = 0; i < 30; i++) {
    const { checkout } = await call("GET", "/store/monobank/checkout/" + encodeURIComponent(cartId));
    log(checkout.status + " (bank: " + (checkout.general_status || "?") + ", " + (checkout.payment_method || "-") + ", " + (checkout.delivery_method || "-") + ")");
    if (checkout.order_id) return log("Order " + checkout.order_id + " placed");
    if (checkout.status === "failed" || checkout.status === "needs_attention") return log(checkout.error || "Not paid");
    await new Promise((r) => setTimeout(r, 2000));
  }
}
async function complete(cartId) {
  const res = await fetch(API + "/store/carts/" + cartId + "/complete", { method: "POST", headers: { "x-publishable-api-key": KEY } });
  const data = await res.json();
  if (data.type === "order") log("Order #" + data.order.display_id + " placed (" + data.order.id + ")");
  else if (data.order) log("Order " + data.order.id + " placed");
  else log("Not completed: " + (data.error?.message || data.message || JSON.stringify(data)));
}
load().then(async () => {
  const checkoutCart = new URLSearchParams(location.search).get("cart");
  if (location.pathname === "/checkout/monobank" && checkoutCart) return followCheckout(checkoutCart);
  if (location.pathname.endsWith("/return") && sessionStorage.getItem("cart_id")) {
    log("Back from the monobank page; completing the order…");
    await complete(sessionStorage.getItem("cart_id"));
    sessionStorage.removeItem("cart_id");
  }
}).catch((e) => log("Error: " + e.message));
</script></body></html>`
}

function startStorefront({ port, storeUrl, publishableKey }) {
  const html = page({ storeUrl, publishableKey })
  const server = http.createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" })
    res.end(html)
  })
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)))
}

module.exports = { startStorefront, PROVIDERS }
