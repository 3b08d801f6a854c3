import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { StorePageMethod } from "../../../../../providers/monobank/store-page-payment"
import { payAndAnswer } from "../pay"
import { parseBody, syncPaymentBodySchema, type SyncPaymentBody } from "../requests"

/**
 * POST /store/monobank/card-payments/sync `{ cart_id, payment_session_id, applePay | googlePay }`
 * — pays a session started with `pay_on_store_page: true` through the bank's synchronous payment
 * (option `syncPayments`, access granted by the bank) with an Apple Pay / Google Pay token, opened
 * on this server with the store's wallet keys (the ECI is the token's). Card details are refused
 * with a 400 naming `cardData`: a browser cannot vouch for 3-D Secure; they go to the `direct`
 * route, or, with the merchant's own 3-D Secure server, through ../authenticated-card.
 * Answers as the `direct` route: `{ status: "authorized" | "pending" | "error", message? }`.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { cart_id, payment_session_id, ...paidWith } = parseBody(syncPaymentBodySchema, req.body)
  await payAndAnswer(req, res, { cart_id, payment_session_id }, walletOf(paidWith))
}

function walletOf(paidWith: Omit<SyncPaymentBody, "cart_id" | "payment_session_id">): StorePageMethod {
  if (paidWith.applePay) return { kind: "applePay", paymentData: paidWith.applePay.paymentData }
  return { kind: "googlePay", token: paidWith.googlePay?.token }
}
