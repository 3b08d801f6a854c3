// The demo's storefront: one page that sells one product through the Medusa store API and pays
// with monobank (hosted card page, installments with polling, or the whole order on the mono
// checkout page). Plain HTML + fetch, no build.
const http = require("node:http")

const PROVIDERS = {
  card: "pp_monobank_monobank",
  installments: "pp_monobank-installments_monobank-installments",
}

/** Medusa's order payment_status in the shopper's words (card payments). */
const CARD_PAYMENT_STATE = {
  authorized: "held on your card; the store takes it when your order ships.",
  captured: "paid.",
  partially_captured: "partly paid.",
  awaiting: "waiting for the bank.",
  not_paid: "not paid yet.",
  requires_action: "the bank needs one more step from you.",
  canceled: "canceled; nothing was taken.",
}

function page({ storeUrl, publishableKey }) {
  return `<!doctype html>
<html lang="uk"><head><meta charset="utf-8"><title>monobank demo store</title>
<style>body{font-family:system-ui,sans-serif;max-width:640px;margin:40px auto;padding:0 16px}
button{padding:8px 16px;margin:4px 0}label{display:block;margin:8px 0}#log{white-space:pre-wrap;background:#f4f4f4;padding:12px}</style>
</head><body>
<h1>monobank demo store</h1>
<div id="shop">
<div id="product">Loading…</div>
<div id="summary"></div>
<label>Email <input id="email" value="shopper@example.test"></label>
<label>Phone (installments) <input id="phone" value="+380501234564"> <small>ending 4: approved, waits for the store</small></label>
<label>Parts <input id="parts" type="number" value="3" min="3" max="25"></label>
<button id="card">Pay by card (monobank page)</button>
<button id="installments">Pay in parts (Покупка частинами)</button>
<button id="checkout">Buy with mono checkout (delivery and payment on monobank's page)</button>
</div>
<div id="confirmation" hidden></div>
<div id="log"></div>
<script>
const API = ${JSON.stringify(storeUrl)}, KEY = ${JSON.stringify(publishableKey)}, PROVIDERS = ${JSON.stringify(PROVIDERS)};
const CARD_PAYMENT_STATE = ${JSON.stringify(CARD_PAYMENT_STATE)};
const log = (m) => (document.getElementById("log").textContent += m + "\\n");
const money = (amount) => Number(amount).toFixed(2) + " " + region.currency_code.toUpperCase();
async function call(method, path, body) {
  const res = await fetch(API + path, { method, headers: { "content-type": "application/json", "x-publishable-api-key": KEY }, body: body && JSON.stringify(body) });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.message || ("HTTP " + res.status));
  return data;
}
let region, variant;
async function load() {
  region = (await call("GET", "/store/regions")).regions[0];
  const product = (await call("GET", "/store/products?handle=vyshyvanka&region_id=" + region.id + "&fields=*variants.calculated_price,+thumbnail")).products[0];
  variant = product.variants[0];
  document.getElementById("product").innerHTML = (product.thumbnail ? "<img src='" + product.thumbnail + "' width='160' alt=''>" : "") + "<h2>" + product.title + "</h2><p>" + money(variant.calculated_price.calculated_amount) + "</p>";
}
// The cart with address and delivery, so the shopper sees the total the bank will charge first.
async function readyCart() {
  const address = { first_name: "Тарас", last_name: "Шевченко", address_1: "вул. Хрещатик, 1", city: "Київ", country_code: "ua", postal_code: "01001", phone: document.getElementById("phone").value };
  let { cart } = await call("POST", "/store/carts", { region_id: region.id, email: document.getElementById("email").value, items: [{ variant_id: variant.id, quantity: 1 }], shipping_address: address, billing_address: address });
  const { shipping_options } = await call("GET", "/store/shipping-options?cart_id=" + cart.id);
  ({ cart } = await call("POST", "/store/carts/" + cart.id + "/shipping-methods", { option_id: shipping_options[0].id }));
  document.getElementById("summary").innerHTML = "<p>Product " + money(cart.item_total) + " + " + shipping_options[0].name + " " + money(cart.shipping_total) + " = <strong id='total'>Total " + money(cart.total) + "</strong></p>";
  return cart;
}
let cartReady;
async function cartWithSession(provider, data) {
  const cart = await cartReady;
  await call("POST", "/store/carts/" + cart.id, { email: document.getElementById("email").value });
  const { payment_collection } = await call("POST", "/store/payment-collections", { cart_id: cart.id });
  const res = await call("POST", "/store/payment-collections/" + payment_collection.id + "/payment-sessions", { provider_id: provider, data });
  const session = res.payment_collection.payment_sessions.find((s) => s.provider_id === provider);
  return { cartId: cart.id, session };
}
function showConfirmation(html) {
  document.getElementById("shop").hidden = true;
  const box = document.getElementById("confirmation");
  box.hidden = false;
  box.innerHTML = html;
}
document.getElementById("card").onclick = async () => {
  try {
    const { cartId, session } = await cartWithSession(PROVIDERS.card, {});
    sessionStorage.setItem("cart_id", cartId);
    log("Going to the monobank page to pay " + money((await cartReady).total) + "…");
    location.href = session.data.pageUrl;
  } catch (e) { log("Error: " + e.message); }
};
document.getElementById("installments").onclick = async () => {
  try {
    const { cartId, session } = await cartWithSession(PROVIDERS.installments, { client_phone: document.getElementById("phone").value, parts_count: Number(document.getElementById("parts").value) });
    if (session.data.place_order_now) return placeThenWait(cartId, session.id);
    for (let i = 0; i < 120; i++) {
      const { installment } = await call("GET", "/store/monobank/installments/" + session.id);
      if (installment.message) log(installment.message.en + " / " + installment.message.uk);
      if (installment.order || installment.status === "authorized" || installment.status === "captured") break;
      if (installment.final) return;
      await new Promise((r) => setTimeout(r, 2000));
    }
    await complete(cartId, PROVIDERS.installments);
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
  log("Back from mono checkout; waiting for the bank to confirm the order…");
  for (let i = 0; i < 30; i++) {
    const { checkout } = await call("GET", "/store/monobank/checkout/" + encodeURIComponent(cartId));
    if (checkout.order_id) {
      return showConfirmation("<h2>Thank you! Your order is placed.</h2><p>Order " + checkout.order_id + "</p><p>Payment: " + (CHECKOUT_PAYMENT_METHOD[checkout.payment_method] || checkout.payment_method || "chosen on monobank's page") + "</p>");
    }
    if (checkout.status === "failed" || checkout.status === "needs_attention") return log(checkout.error || "monobank did not place the order.");
    await new Promise((r) => setTimeout(r, 2000));
  }
}
const CHECKOUT_PAYMENT_METHOD = { card: "paid by card", payment_on_delivery: "you pay on delivery", part_purchase: "in parts, approved by monobank" };
// The store places installment orders before the approval: the order now, then the app's answer.
async function placeThenWait(cartId, sessionId) {
  const placed = await call("POST", "/store/carts/" + cartId + "/complete", {});
  if (placed.type !== "order") return log("The order could not be placed: " + (placed.error?.message || "unknown reason"));
  log("Order #" + placed.order.display_id + " is placed and waits for payment: confirm the purchase in your monobank app.");
  for (let i = 0; i < 450; i++) {
    const { installment } = await call("GET", "/store/monobank/installments/" + sessionId);
    if (installment.status === "authorized" || installment.status === "captured") {
      return showConfirmation("<h2>Thank you! Order #" + placed.order.display_id + " is paid for.</h2><p>Approved by monobank: you pay in parts; the store is paid when it hands over the goods.</p>");
    }
    if (installment.final) return log((installment.message ? installment.message.en + " / " + installment.message.uk + ". " : "") + "monobank did not approve the purchase, so order #" + placed.order.display_id + " was cancelled.");
    await new Promise((r) => setTimeout(r, 2000));
  }
}
// Completing twice is safe (the webhook may have done it): Medusa answers the same order.
async function complete(cartId, provider) {
  const res = await fetch(API + "/store/carts/" + cartId + "/complete", { method: "POST", headers: { "x-publishable-api-key": KEY } });
  const data = await res.json();
  if (data.type === "order") {
    // The completion answer leaves out the order's payment status: read it.
    const { order } = await call("GET", "/store/orders/" + data.order.id + "?fields=id,display_id,total,payment_status");
    const state = provider === PROVIDERS.installments ? "Approved by monobank: you pay in parts; the store is paid when it hands over the goods." : CARD_PAYMENT_STATE[order.payment_status] || order.payment_status;
    return showConfirmation("<h2>Thank you! Order #" + order.display_id + " is placed.</h2><p>Total " + money(order.total) + "</p><p>Payment: " + state + "</p>");
  }
  // Not an order: the bank's reason is in the session (never Medusa's internal message).
  const { cart } = await call("GET", "/store/carts/" + cartId + "?fields=*payment_collection.payment_sessions");
  const session = (cart.payment_collection?.payment_sessions || [])[0];
  if (session?.status === "error") return log("The bank declined the payment: " + (session.data.failureReason || "no reason given") + ". Try another card.");
  if (session?.status === "canceled") return log("The payment was canceled" + (session.data.failureReason ? ": " + session.data.failureReason : "") + ".");
  log("monobank is still processing the payment; reload this page in a moment.");
}
load().then(async () => {
  const checkoutCart = new URLSearchParams(location.search).get("cart");
  if (location.pathname === "/checkout/monobank" && checkoutCart) return followCheckout(checkoutCart);
  if (location.pathname.endsWith("/return") && sessionStorage.getItem("cart_id")) {
    const cartId = sessionStorage.getItem("cart_id");
    sessionStorage.removeItem("cart_id");
    log("Back from the monobank page; confirming the payment…");
    return complete(cartId, PROVIDERS.card);
  }
  cartReady = readyCart();
  await cartReady;
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
