/**
 * How a packer reads a mono checkout delivery on the order page: the carrier and the branch or
 * parcel locker number in the address and in the shipping method's name, and the region written
 * so that it does not read as part of the city's name.
 */
import type { CheckoutOrderRecord, DeliveryMethod } from "../../../lib/monobank"
import { DELIVERY_METHOD_NAMES } from "../../../utils/checkout/delivery-method-names"

const TO_CARRIER_POINT = new Set<string>(["np_brnm", "np_box", "np_cargo"] satisfies DeliveryMethod[])

type DeliveryFacts = { [K in "delivery_method_desc" | "delivery_branch_id"]?: CheckoutOrderRecord[K] | null }

function present(value: string | null | undefined): string | undefined {
  const text = value?.trim()
  return text ? text : undefined
}

/** "Нова пошта: відділення №25", "Кур'єрська доставка", ... */
export function deliveryInWords(method: string, record: DeliveryFacts): string {
  const words = present(record.delivery_method_desc) ?? DELIVERY_METHOD_NAMES[method as DeliveryMethod]?.uk ?? method
  const point = TO_CARRIER_POINT.has(method) ? present(record.delivery_branch_id) : undefined
  return point ? `${words} №${point}` : words
}

/**
 * The cart's shipping method name: the delivery in words, then where it was chosen. A method the
 * plugin does not know also names the bank's code ("Укрпошта (ukrposhta, mono checkout)"): the
 * order was placed with another option, and the name says what the shopper really chose.
 */
export function shippingMethodName(method: string, record: DeliveryFacts): string {
  const words = deliveryInWords(method, record)
  if (Object.hasOwn(DELIVERY_METHOD_NAMES, method) || !method || words === method) return `${words || "unknown delivery"} (mono checkout)`
  return `${words} (${method}, mono checkout)`
}

/** True when the delivery goes to a carrier's branch or parcel locker (its number is on the address). */
export function toCarrierPoint(method: DeliveryMethod): boolean {
  return TO_CARRIER_POINT.has(method)
}

/**
 * The bank names a region by its adjective ("Київська"); printed after the city ("Київ Київська")
 * it reads as part of the city's name, so it gets the word for region ("Київська обл.").
 */
export function regionInWords(areaName: string | null | undefined): string | undefined {
  const name = present(areaName)
  if (!name) return undefined
  return /(ськ|цьк|зьк)а$/.test(name) ? `${name} обл.` : name
}
