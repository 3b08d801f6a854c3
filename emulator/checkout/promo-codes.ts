/**
 * What the bank's checkout page does with a promo code the shopper enters: it asks the store
 * whether the code applies and what it takes off (GET to the merchant's promo-code address), and
 * takes the discount off what the shopper pays. The query and answer shapes are those a public
 * integration shows (the bank does not publish them): `?basket_id&phone_number&promo_code` ->
 * `{ success, code, data: { total_amount, promo_codes: [{ promo_code, discount_amount }] } }`,
 * amounts in hryvnia.
 */
import { STORE_REQUEST_TIMEOUT_MS } from "../constants"
import { hasAtMostTwoDecimals } from "../money"

export type PromoCodeQuestion = { basket_id: string; phone_number?: string; promo_code: string }

/** The store's word on a code: its discount (hryvnia), or why it does not apply. */
export type PromoCodeAnswer = { applies: true; discount: number } | { applies: false; reason: string }

export async function askPromoCode(url: string, question: PromoCodeQuestion): Promise<PromoCodeAnswer> {
  const target = new URL(url)
  for (const [name, value] of Object.entries(question)) if (value !== undefined) target.searchParams.set(name, value)
  let response: Response
  try {
    response = await fetch(target, { signal: AbortSignal.timeout(STORE_REQUEST_TIMEOUT_MS) })
  } catch (error) {
    return { applies: false, reason: `the store did not answer (${error instanceof Error ? error.message : error})` }
  }
  const body = (await response.json().catch(() => undefined)) as
    | { success?: unknown; message?: unknown; data?: { promo_codes?: { promo_code?: unknown; discount_amount?: unknown }[] } }
    | undefined
  if (response.status !== 200 || body?.success !== true) {
    return { applies: false, reason: typeof body?.message === "string" ? body.message : `the store answered HTTP ${response.status}` }
  }
  const entry = (Array.isArray(body.data?.promo_codes) ? body.data!.promo_codes : []).find(
    (candidate) => typeof candidate?.promo_code === "string" && candidate.promo_code.toLowerCase() === question.promo_code.toLowerCase()
  )
  const discount = entry?.discount_amount
  if (typeof discount !== "number" || !hasAtMostTwoDecimals(discount)) return { applies: false, reason: "the store's answer has no discount for the code" }
  return { applies: true, discount }
}
