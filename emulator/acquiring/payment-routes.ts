/** Merchant-side payments (card details, token, synchronous) and the wallet of tokenized cards. */
import { inspectCard, inspectWalletToken, type CardInput, type CardProfile } from "../cards"
import type { Emulator } from "../emulator"
import { badRequest, jsonBody, ok, parseWith, requiredQuery } from "../http-util"
import type { Route } from "../router"
import { paymentResult, statusRecord } from "./records"
import { acquiringAuth } from "./routes"
import { paymentDirectSchema, syncPaymentSchema, walletPaymentSchema, type SyncPaymentBody } from "./schemas"
import type { Invoice, PaymentMethod, PresentedCard } from "./types"

const tokenNotFound = () => badRequest("cardToken: card token not found", "TOKEN_NOT_FOUND")

export function paymentRoutes(emulator: Emulator): Route[] {
  const base = { family: "acquiring" as const, auth: acquiringAuth(emulator) }
  const { invoices, wallets } = emulator
  const tdsUrl = (invoice: Invoice) => (invoice.pending3ds ? `${emulator.baseUrl()}/3ds/${invoice.invoiceId}` : undefined)

  const now = () => new Date(emulator.clock.nowMs())
  const presented = (inspected: { error: string } | { profile: CardProfile }, method: PaymentMethod): PresentedCard => {
    if ("error" in inspected) throw badRequest(inspected.error)
    return { ...inspected.profile, method }
  }
  const cardFrom = (input: CardInput, method: PaymentMethod, cvvRequired: boolean) =>
    presented(inspectCard(input, now(), { cvvRequired, field: "cardData", apiExpiry: true }), method)

  const syncCard = (body: SyncPaymentBody): PresentedCard => {
    if (body.cardData) return cardFrom(body.cardData, "pan", false)
    if (body.applePay) return presented(inspectWalletToken(body.applePay, now(), "applePay"), "apple")
    return presented(inspectWalletToken(body.googlePay!, now(), "googlePay"), "google")
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
        const card = syncCard(body)
        const invoice = invoices.create({
          amount: body.amount,
          ccy: body.ccy,
          merchantPaymInfo: body.merchantPaymInfo,
          origin: "sync-payment",
        })
        // The status record has no tdsUrl: the shopper was authenticated before this call (wallet
        // cryptogram, or eciIndicator/cavv of the merchant's own 3-D Secure), so the 3-D Secure test card pays.
        invoices.present(invoice, card, { skip3ds: true })
        return ok(emulator.shapes.acquiringStatus(statusRecord(invoice)))
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
