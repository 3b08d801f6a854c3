/**
 * The two checkout order record shapes. First shape: the callback body (plus generalStatus, which
 * public integrations read from callbacks). Extended shape: GET /personal/checkout/order/:orderId.
 */
import { createHash } from "node:crypto"
import { CHECKOUT_STATUSES, collectedAmount, type CheckoutOrder } from "./orders"
import type { CheckoutPaymentMethod, DeliveryMethod } from "./schemas"

const DELIVERY_DESC = {
  pickup: "Самовивіз",
  courier: "Кур'єрська доставка",
  np_brnm: "Нова пошта: відділення",
  np_box: "Нова пошта: поштомат",
  np_cargo: "Нова пошта: вантажне відділення",
} as const satisfies Record<DeliveryMethod, string>

const PAYMENT_DESC = {
  card: "Оплата карткою",
  payment_on_delivery: "Оплата при отриманні",
  part_purchase: "Покупка частинами",
} as const satisfies Record<CheckoutPaymentMethod, string>

export function firstShape(order: CheckoutOrder) {
  const done = order.completion
  const client = done?.client
  return {
    orderId: order.orderId,
    dateCreate: kyivDate(order.createdAt),
    basket_id: order.order_ref,
    deliveryRecipientInfo: client
      ? { first_name: client.first_name, last_name: client.last_name, phoneNumber: client.phoneNumber }
      : null,
    mainClientInfo: client
      ? { first_name: client.first_name, last_name: client.last_name, phoneNumber: client.phoneNumber, email: client.email ?? null }
      : null,
    delivery_method: done ? (done.bank_delivery_method ?? done.delivery_method) : null,
    delivery_method_desc: done ? (done.bank_delivery_method ? (done.bank_delivery_method_desc ?? null) : DELIVERY_DESC[done.delivery_method]) : null,
    delivery_branch_id: done?.delivery?.branch_id ?? null,
    delivery_branch_address: done?.delivery?.branch_address ?? done?.delivery?.address ?? null,
    // What the shopper pays: the goods and the delivery price the store quoted.
    amount: collectedAmount(order),
    ccy: order.ccy ?? 980,
    quantity: order.count,
    order_state: CHECKOUT_STATUSES[order.status].order_state,
    ...(done?.comment ? { comment: done.comment } : {}),
    products: order.products.map((product) => ({ ...product })),
  }
}

export function callbackRecord(order: CheckoutOrder) {
  return { ...firstShape(order), generalStatus: CHECKOUT_STATUSES[order.status].generalStatus }
}

export function extendedShape(order: CheckoutOrder) {
  const done = order.completion
  const cityName = done?.delivery?.cityName
  return {
    ...firstShape(order),
    payment_method: done?.payment_method ?? null,
    payment_method_desc: done ? PAYMENT_DESC[done.payment_method] : null,
    payment_status: CHECKOUT_STATUSES[order.status].payment_status,
    paymentDateCreate: order.paidAt ? kyivDate(order.paidAt) : null,
    payments_number: order.payments_number ?? null,
    delivery_city_id: cityName ? reference("city", cityName) : null,
    generalStatus: CHECKOUT_STATUSES[order.status].generalStatus,
    clientCallback: order.callback_url !== undefined,
    deliveryAddressInfo: cityName
      ? {
          cityName,
          cityRef: reference("city", cityName),
          cityType: "м.",
          areaName: done?.delivery?.areaName ?? "",
          areaRef: reference("area", done?.delivery?.areaName ?? ""),
        }
      : null,
  }
}

/** Stable carrier-style reference (uuid form) for a name: the emulator has no address directory. */
function reference(kind: string, name: string): string {
  const hex = createHash("sha1").update(`${kind}:${name}`).digest("hex")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
}

const KYIV = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Kyiv",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
})

/** "DD.MM.YYYY HH:mm" in Kyiv time. */
export function kyivDate(iso: string): string {
  const parts = Object.fromEntries(KYIV.formatToParts(new Date(iso)).map((part) => [part.type, part.value]))
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`
}
