/** Checkout page /checkout/:orderId: delivery, payment and client data in one plain form. */
import { collectedAmount, type CheckoutOrder, type CheckoutOrders } from "../checkout/orders"
import { extendedShape } from "../checkout/records"
import { checkoutCompletionSchema, type CheckoutCompletion } from "../checkout/schemas"
import type { Emulator } from "../emulator"
import { HttpError, formBody, parseWith, type HandlerResult } from "../http-util"
import type { Route } from "../router"
import { errorLine, escapeHtml, layout } from "./html"

const DELIVERY_LABELS = { pickup: "Pickup", courier: "Courier", np_brnm: "Carrier branch", np_box: "Parcel locker", np_cargo: "Cargo branch" } as const
const PAYMENT_LABELS = { card: "Card", payment_on_delivery: "Pay on delivery", part_purchase: "Installments" } as const

export function checkoutPageRoutes(emulator: Emulator): Route[] {
  const orders = emulator.checkout
  return [
    {
      method: "GET",
      pattern: "/checkout/:orderId",
      family: "page",
      handler: async (ctx) => {
        const order = orders.get(ctx.params.orderId)
        return page(order, 200, undefined, await offeredPrices(orders, order), orders.offersPromoCodes())
      },
    },
    {
      method: "POST",
      pattern: "/checkout/:orderId",
      family: "page",
      handler: async (ctx) => {
        const order = orders.get(ctx.params.orderId)
        if (order.status !== "created") return page(order, 409)
        const form = formBody(ctx)
        try {
          if (form.get("intent") === "apply_promo") {
            await orders.applyPromoCode(order, form.get("promo_code")?.trim() || undefined, form.get("phoneNumber")?.trim() || undefined)
            return page(order, 200, undefined, await offeredPrices(orders, order), orders.offersPromoCodes())
          }
          await orders.complete(order, parseWith(checkoutCompletionSchema, completionFromForm(form, orders.offersPromoCodes())))
        } catch (error) {
          if (error instanceof HttpError && error.status === 400) {
            return page(order, 400, error.message, await offeredPrices(orders, order), orders.offersPromoCodes())
          }
          throw error
        }
        return { status: 303, redirect: order.return_url ?? `${emulator.baseUrl()}/checkout/${order.orderId}` }
      },
    },
  ]
}

/** The store's delivery price per offered method, as the page shows them beside each method; none when not asked or unanswered. */
async function offeredPrices(orders: CheckoutOrders, order: CheckoutOrder): Promise<Map<string, number> | undefined> {
  if (order.status !== "created") return undefined
  return orders.deliveryPrices(order, [...order.dlv_method_list!]).catch(() => undefined)
}

function completionFromForm(form: URLSearchParams, offersPromoCodes: boolean): unknown {
  const text = (name: string) => {
    const value = form.get(name)?.trim()
    return value ? value : undefined
  }
  const completion: Record<string, unknown> = {
    delivery_method: text("delivery_method"),
    payment_method: text("payment_method"),
    client: {
      first_name: text("first_name") ?? "",
      last_name: text("last_name") ?? "",
      phoneNumber: text("phoneNumber") ?? "",
      email: text("email"),
    },
    delivery: {
      branch_id: text("branch_id"),
      branch_address: text("branch_address"),
      address: text("address"),
      cityName: text("cityName"),
      areaName: text("areaName"),
    },
  }
  if (offersPromoCodes) completion.promo_code = text("promo_code") ?? ""
  if (completion.payment_method === "card") {
    completion.card = { pan: text("pan") ?? "", exp: text("exp") ?? "", cvv: text("cvv") ?? "" }
  }
  return completion satisfies Partial<Record<keyof CheckoutCompletion, unknown>>
}

function page(order: CheckoutOrder, status = 200, error?: string, deliveryPrices?: Map<string, number>, offersPromoCodes = false): HandlerResult {
  const record = extendedShape(order)
  const products = order.products
    .map((product) => `<li>${escapeHtml(product.name)} × ${escapeHtml(product.cnt)}: ${escapeHtml(product.price)} UAH</li>`)
    .join("")
  const delivery = order.deliveryPrice ? `<p class="delivery" data-testid="delivery-price">Delivery: ${escapeHtml(order.deliveryPrice)} UAH</p>` : ""
  const promo = order.promo
    ? `<p class="promo" data-testid="promo-discount">Promo code ${escapeHtml(order.promo.code)}: −${escapeHtml(order.promo.discount)} UAH</p>`
    : ""
  const head = `<h1>Checkout</h1><ul>${products}</ul>${promo}${delivery}<p class="amount" data-testid="amount">${escapeHtml(collectedAmount(order))} UAH</p>`
  if (order.status !== "created") {
    return {
      status,
      html: layout("Checkout", `${head}<p data-testid="status" data-status="${escapeHtml(record.generalStatus)}">Order completed: ${escapeHtml(record.generalStatus)} (${escapeHtml(record.payment_status)}).</p>`),
    }
  }
  const radios = (name: string, values: readonly string[], labels: Record<string, string>, prices?: Map<string, number>) =>
    values
      .map((value, i) => {
        const price = prices?.get(value)
        const priced = price === undefined ? "" : ` <span data-testid="delivery-price-${value}">+ ${escapeHtml(price)} UAH</span>`
        return `<label><input type="radio" name="${name}" value="${value}"${i === 0 ? " checked" : ""}> ${escapeHtml(labels[value])}${priced}</label>`
      })
      .join("")
  const field = (name: string, label: string, type = "text") =>
    `<label for="${name}">${label}</label><input type="${type}" id="${name}" name="${name}">`
  return {
    status,
    html: layout(
      "Checkout",
      `${head}${errorLine(error)}
<form method="post" action="/checkout/${encodeURIComponent(order.orderId)}">
<fieldset><legend>Delivery</legend>${radios("delivery_method", order.dlv_method_list!, DELIVERY_LABELS, deliveryPrices)}
${field("cityName", "City")}${field("areaName", "Region")}
${field("branch_id", "Branch / locker number")}${field("branch_address", "Branch / locker address")}
${field("address", "Courier address")}</fieldset>
${offersPromoCodes ? promoField(order) : ""}
<fieldset><legend>Payment</legend>${radios("payment_method", order.payment_method_list!, PAYMENT_LABELS)}
${order.payments_number ? `<p class="muted">Installments: ${escapeHtml(order.payments_number)} payments</p>` : ""}
${field("pan", "Card number")}${field("exp", "Expiry (MM/YY)")}${field("cvv", "CVV")}</fieldset>
<fieldset><legend>Your details</legend>${field("first_name", "First name")}${field("last_name", "Last name")}
${field("phoneNumber", "Phone (+380XXXXXXXXX)", "tel")}${field("email", "Email", "email")}</fieldset>
<button type="submit">Place order</button>
</form>`
    ),
  }
}

/** The promo-code field: "Apply code" asks the store at once; paying asks again for what the field holds. */
function promoField(order: CheckoutOrder): string {
  return `<fieldset><legend>Promo code</legend><label for="promo_code">Promo code</label>
<input type="text" id="promo_code" name="promo_code" value="${escapeHtml(order.promo?.code ?? "")}">
<button type="submit" name="intent" value="apply_promo" data-testid="apply-promo">Apply code</button></fieldset>`
}
