/**
 * What the bank's checkout page does when the shopper picks a delivery method and address: it asks
 * the store what delivery costs (POST to the merchant's delivery-price address) and adds the price
 * to what the shopper pays. The request and answer shapes are those public integrations show (the
 * bank does not publish them): `{ orderRef, phoneNumber, methods, city, address }` ->
 * `{ deliveryPriceList: [{ method, price }] }`, price in hryvnia.
 */
import { STORE_REQUEST_TIMEOUT_MS } from "../constants"
import { hasAtMostTwoDecimals } from "../money"

export type DeliveryPriceQuestion = {
  orderRef: string
  phoneNumber?: string
  methods: string[]
  city?: string
  address?: string
}

export class DeliveryPriceError extends Error {}

/** Method -> price (hryvnia) as the store answered; a malformed entry is left out. */
export async function askDeliveryPrices(url: string, question: DeliveryPriceQuestion): Promise<Map<string, number>> {
  let response: Response
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(question),
      signal: AbortSignal.timeout(STORE_REQUEST_TIMEOUT_MS),
    })
  } catch (error) {
    throw new DeliveryPriceError(`the store did not answer the delivery-price request (${error instanceof Error ? error.message : error})`)
  }
  if (response.status !== 200) throw new DeliveryPriceError(`the store answered the delivery-price request with HTTP ${response.status}`)
  const body = (await response.json().catch(() => undefined)) as { deliveryPriceList?: unknown } | undefined
  const list = Array.isArray(body?.deliveryPriceList) ? body.deliveryPriceList : []
  const prices = new Map<string, number>()
  for (const entry of list as { method?: unknown; price?: unknown }[]) {
    if (typeof entry?.method === "string" && typeof entry.price === "number" && hasAtMostTwoDecimals(entry.price)) {
      prices.set(entry.method, entry.price)
    }
  }
  return prices
}
