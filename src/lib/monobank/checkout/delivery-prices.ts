/**
 * The delivery-price request of mono checkout: when the shopper picks a delivery method and address
 * on the bank's page, the bank asks the store what delivery costs (`POST` to the address the
 * merchant gives the bank). Neither shape is in the bank's published documents; public integrations
 * (a Magento mono checkout module) show the request `{ orderRef, phoneNumber, methods, city,
 * address }` and the answer `{ deliveryPriceList: [{ method, price }] }`, price in hryvnia like
 * every checkout amount (see `checkoutAmount` in ./schemas).
 *
 * The request is read tolerantly: it only says which order and which methods to price; the prices
 * are always the store's own.
 */
import { z } from "zod"
import { looseText } from "../schema-helpers"
import type { MoneyAmount } from "../money"
import { toCheckoutAmount } from "./schemas"
import { MAX_STORE_REQUEST_TEXT, storeRequestText } from "./store-request-text"

export const checkoutDeliveryPriceRequestSchema = z.object({
  orderRef: storeRequestText,
  phoneNumber: storeRequestText,
  /** Methods to price; one not a string is left out, a missing list reads as "all". */
  methods: z
    .array(z.unknown())
    .transform((methods) => methods.filter((method): method is string => typeof method === "string" && method.length <= MAX_STORE_REQUEST_TEXT))
    .optional()
    .catch(undefined),
  city: looseText,
  address: looseText,
})

export type CheckoutDeliveryPriceRequest = z.infer<typeof checkoutDeliveryPriceRequestSchema>

export type CheckoutDeliveryPriceList = { deliveryPriceList: { method: string; price: number }[] }

/** The answer, each price (UAH, major units) as a checkout amount. */
export function checkoutDeliveryPriceList(prices: Iterable<readonly [method: string, price: MoneyAmount]>): CheckoutDeliveryPriceList {
  return { deliveryPriceList: [...prices].map(([method, price]) => ({ method, price: toCheckoutAmount(price) })) }
}
