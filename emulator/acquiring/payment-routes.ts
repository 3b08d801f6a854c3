/** Merchant-side payments (card details, token, synchronous) and the wallet of tokenized cards. */
import { TEST_CARDS } from "../constants"
import { inspectCard, parseExpiry, profileOf, type CardInput } from "../cards"
import type { Emulator } from "../emulator"
import { badRequest, jsonBody, ok, parseWith, requiredQuery } from "../http-util"
import type { Route } from "../router"
import { paymentResult, statusRecord } from "./records"
import { acquiringAuth } from "./routes"
import { paymentDirectSchema, syncPaymentSchema, walletPaymentSchema } from "./schemas"
import type { Invoice, PaymentMethod, PresentedCard } from "./types"

const tokenNotFound = () => badRequest("cardToken: card token not found", "TOKEN_NOT_FOUND")

export function paymentRoutes(emulator: Emulator): Route[] {
  const base = { family: "acquiring" as const, auth: acquiringAuth(emulator) }
  const { invoices, wallets } = emulator
  const tdsUrl = (invoice: Invoice) => (invoice.pending3ds ? `${emulator.baseUrl()}/3ds/${invoice.invoiceId}` : undefined)

  const cardFrom = (input: CardInput, method: PaymentMethod, cvvRequired: boolean): PresentedCard => {
    const inspected = inspectCard(input, new Date(emulator.clock.nowMs()), { cvvRequired, field: "cardData" })
    if ("error" in inspected) throw badRequest(inspected.error)
    return { ...inspected.profile, method }
  }

  return [
    {
      ...base,
      method: "POST",
      pattern: "/api/merchant/invoice/payment-direct",
      handler: (ctx) => {
        const body = parseWith(paymentDirectSchema, jsonBody(ctx))
        const { cardData, initiationKind, ...rest } = body
        const card = cardFrom(cardData, "direct", true)
        const invoice = invoices.create({ ...rest, origin: "payment-direct" })
        // a merchant-initiated payment runs without the shopper, so without 3-D Secure
        invoices.present(invoice, card, { skip3ds: initiationKind === "merchant" })
        return ok(paymentResult(invoice, tdsUrl(invoice)))
      },
    },
    {
      ...base,
      method: "POST",
      pattern: "/api/merchant/wallet/payment",
      handler: (ctx) => {
        const body = parseWith(walletPaymentSchema, jsonBody(ctx))
        const stored = wallets.find(body.cardToken)
        if (!stored) throw tokenNotFound()
        const { cardToken: _token, initiationKind, ...rest } = body
        const invoice = invoices.create({ ...rest, origin: "wallet-payment" })
        const card: PresentedCard = { ...stored, method: "wallet" }
        invoices.present(invoice, card, { skip3ds: initiationKind === "merchant" })
        return ok(paymentResult(invoice, tdsUrl(invoice)))
      },
    },
    {
      ...base,
      method: "POST",
      pattern: "/api/merchant/invoice/sync-payment",
      handler: (ctx) => {
        const body = parseWith(syncPaymentSchema, jsonBody(ctx))
        let card: PresentedCard
        if (body.cardData) {
          card = cardFrom(body.cardData, "pan", false)
        } else {
          const field = body.applePay ? "applePay" : "googlePay"
          const tokenPayment = (body.applePay ?? body.googlePay)!
          if (!parseExpiry(tokenPayment.exp)) throw badRequest(`${field}.exp: expiry must be MMYY`)
          // the device token stands for a card; the emulator shows it as its visa test card
          card = { ...profileOf(TEST_CARDS.visa, { kind: "paid" }), method: body.applePay ? "apple" : "google" }
        }
        const invoice = invoices.create({
          amount: body.amount,
          ccy: body.ccy,
          merchantPaymInfo: body.merchantPaymInfo,
          origin: "sync-payment",
        })
        invoices.present(invoice, card, { skip3ds: true })
        return ok(statusRecord(invoice))
      },
    },
    {
      ...base,
      method: "GET",
      pattern: "/api/merchant/wallet",
      handler: (ctx) => {
        const walletId = requiredQuery(ctx, "walletId")
        const wallet = wallets.list(walletId).map(({ cardToken, maskedPan, country }) => ({ cardToken, maskedPan, country }))
        return ok({ wallet })
      },
    },
    {
      ...base,
      method: "DELETE",
      pattern: "/api/merchant/wallet/card",
      handler: (ctx) => {
        if (!wallets.remove(requiredQuery(ctx, "cardToken"))) throw tokenNotFound()
        return ok({})
      },
    },
  ]
}
