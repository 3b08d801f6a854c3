/**
 * What a placed mono checkout order contributes to the Medusa order, read from the bank's record:
 * contact email, addresses (recipient from `deliveryRecipientInfo`, city and area from
 * `deliveryAddressInfo`; for a carrier's branch or locker the carrier and its number on the first
 * line and its street on the second, for a courier the street from `delivery_branch_address`), the
 * delivery data for the shipping method, and the payment facts for the payment session. A delivery
 * method the plugin does not know (the bank may add one) is read as the bank's text, never refused:
 * the order is placed with a fallback option and needs attention (see resolve-checkout-delivery).
 */
import type { CheckoutOrderRecord, DeliveryMethod } from "../../../lib/monobank"
import { deliveryMethodSchema, fromCheckoutAmount } from "../../../lib/monobank"
import type { RecordedPayment } from "../../../utils/checkout/outcome"
import type { CheckoutPayment } from "../../../utils/checkout/checkout-payment"
import type { DeliveryData } from "../../../utils/checkout/delivery-data"
import { deliveryInWords, regionInWords, toCarrierPoint } from "./delivery-words"

/** mono checkout delivers in Ukraine only. */
const COUNTRY_CODE = "ua"

type Person = { first_name?: string | null; last_name?: string | null; phoneNumber?: string | null } | null | undefined

export type CheckoutAddress = {
  first_name?: string
  last_name?: string
  phone?: string
  address_1?: string
  address_2?: string
  city?: string
  province?: string
  country_code: string
}

export type CheckoutCartUpdate = {
  email?: string
  shipping_address: CheckoutAddress
  billing_address: CheckoutAddress
}

function present(value: string | null | undefined): string | undefined {
  const text = value?.trim()
  return text ? text : undefined
}

function withoutUndefined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}

function personFields(person: Person, fallback: Person) {
  return {
    first_name: present(person?.first_name) ?? present(fallback?.first_name),
    last_name: present(person?.last_name) ?? present(fallback?.last_name),
    phone: present(person?.phoneNumber) ?? present(fallback?.phoneNumber),
  }
}

/** The bank's `delivery_method`: `method` when the plugin knows it, and always the bank's `text`. */
export type ReadDeliveryMethod = { method: DeliveryMethod | undefined; text: string }

export function readDeliveryMethod(value: unknown): ReadDeliveryMethod {
  const parsed = deliveryMethodSchema.safeParse(value)
  const text = typeof value === "string" || typeof value === "number" ? String(value).trim() : ""
  return { method: parsed.success ? parsed.data : undefined, text }
}

/** Email and addresses for the cart; the cart's own email is kept when the bank gives none. */
export function cartUpdateFromRecord(record: CheckoutOrderRecord, cartEmail?: string | null): CheckoutCartUpdate {
  const { method, text } = readDeliveryMethod(record.delivery_method)
  const city = record.deliveryAddressInfo
  const recipient = personFields(record.deliveryRecipientInfo, record.mainClientInfo)
  const street = method === "pickup" ? undefined : present(record.delivery_branch_address)
  // An unknown method reads like a carrier point: the bank's words first, then its street.
  const lines =
    !method || toCarrierPoint(method)
      ? { address_1: present(deliveryInWords(method ?? text, record)), address_2: street }
      : { address_1: street }
  const shipping_address = withoutUndefined({
    ...recipient,
    ...lines,
    city: present(city?.cityName),
    province: regionInWords(city?.areaName),
    country_code: COUNTRY_CODE,
  })
  const billing_address = withoutUndefined({
    ...personFields(record.mainClientInfo, record.deliveryRecipientInfo),
    city: present(city?.cityName),
    province: regionInWords(city?.areaName),
    country_code: COUNTRY_CODE,
  })
  const email = present(record.mainClientInfo?.email) ?? present(cartEmail)
  return withoutUndefined({ email, shipping_address, billing_address })
}

/**
 * The shipping method's data, checked by the monobank-checkout fulfillment provider. A method the
 * plugin does not know goes to the `fallback` method's option with the bank's method kept and all
 * the bank sent of where to (branch number, street): the packer decides which applies.
 */
export function deliveryDataFromRecord(record: CheckoutOrderRecord, fallback?: DeliveryMethod): DeliveryData {
  const read = readDeliveryMethod(record.delivery_method)
  const method = read.method ?? fallback
  if (!method) throw new Error(`the bank reports an unknown delivery_method ${JSON.stringify(read.text)} and no fallback was given`)
  const unknown = !read.method
  const info = record.deliveryAddressInfo
  const branchAddress = present(record.delivery_branch_address)
  const city = withoutUndefined({
    name: present(info?.cityName),
    ref: present(info?.cityRef) ?? present(record.delivery_city_id),
    type: present(info?.cityType),
    area_name: present(info?.areaName),
    area_ref: present(info?.areaRef),
  })
  return withoutUndefined({
    delivery_method: method,
    bank_delivery_method: unknown ? present(read.text) : undefined,
    delivery_method_desc: present(record.delivery_method_desc),
    branch_id: unknown || toCarrierPoint(method) ? present(record.delivery_branch_id) : undefined,
    branch_address: unknown || toCarrierPoint(method) ? branchAddress : undefined,
    address: unknown || method === "courier" ? branchAddress : undefined,
    city: Object.keys(city).length ? city : undefined,
    recipient: withoutUndefined(personFields(record.deliveryRecipientInfo, record.mainClientInfo)),
    checkout_order_id: record.orderId,
  })
}

/** The facts the payment session records (see utils/checkout/checkout-payment). */
export function checkoutPaymentFromRecord(
  record: CheckoutOrderRecord,
  placed: { payment_method: CheckoutPayment["payment_method"]; payment: RecordedPayment },
  cartId: string,
  now: Date
): CheckoutPayment {
  if (record.amount === undefined) throw new Error(`the bank's record of checkout order ${record.orderId} has no amount`)
  return {
    checkout_order_id: record.orderId,
    cart_id: cartId,
    payment_method: placed.payment_method,
    payment: placed.payment,
    general_status: record.generalStatus ?? "",
    payment_status: record.payment_status ?? null,
    amount: fromCheckoutAmount(record.amount),
    checked_at: now.toISOString(),
  }
}
