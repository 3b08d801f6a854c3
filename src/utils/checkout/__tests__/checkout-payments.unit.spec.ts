/**
 * Mono checkout payments as the providers record them: only a session the checkout workflow
 * started (the facts in its context), confirmed by the plugin's own checkout record of the cart,
 * becomes a checkout payment; from then on its row, never the session's data, says how Medusa
 * holds it.
 */
import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { startEmulator } from "../../../../emulator"
import { CheckoutClient } from "../../../lib/monobank"
import { memorySessionMoney, type FakeMedusa } from "../../session-money/__tests__/memory-ledger"
import { CHECKOUT_PAYMENT_KEY, type CheckoutPayment } from "../checkout-payment"
import { CheckoutPayments, checkoutRowOf, opensCheckoutPayment, withoutCheckoutPayment, type CheckoutEvidence, type CheckoutRecordOfCart } from "../checkout-payments"
import { PAID_BY_CARD as paid } from "./checkout-payment-fixtures"

const SESSION = "payses_checkout_1"

function medusaWithSession(): FakeMedusa {
  return {
    sessions: new Map([[SESSION, { id: SESSION, provider_id: "pp_monobank_monobank", amount: 1234.56, currency_code: "uah", payment_collection_id: "pay_col_1", data: {} }]]),
    payments: [],
  }
}

function evidence(record: CheckoutRecordOfCart | undefined, cart = "cart_1"): CheckoutEvidence {
  return { cartOfCollection: async () => cart, checkoutOrderOfCart: async (cartId) => (cartId === cart ? record : undefined) }
}

const recorded: CheckoutRecordOfCart = { checkout_order_id: "co_1", status: "awaiting_shopper", amount: 1234.56 }

function start(facts: CheckoutPayment = paid, amount: number | string = 1234.56) {
  return { amount, currency_code: "uah", context: { idempotency_key: SESSION, [CHECKOUT_PAYMENT_KEY]: facts } as any }
}

describe("recording a mono checkout payment", () => {
  it("records the workflow's payment when the plugin's checkout record of the cart confirms it, with no bank call", async () => {
    const { money, ledger } = memorySessionMoney(medusaWithSession())
    const started = await new CheckoutPayments().initiatePayment(start(), money, evidence(recorded), "pp_monobank_monobank")
    expect(started).toEqual({ id: "co_1", data: { [CHECKOUT_PAYMENT_KEY]: paid }, status: PaymentSessionStatus.CAPTURED })
    expect(ledger.rows).toEqual([
      expect.objectContaining({ session_id: SESSION, kind: "checkout", bank_id: "co_1", amount_minor: 123456, ccy: 980, recorded_as: "captured", payment_method: "card" }),
    ])
  })

  it.each([
    ["no checkout record for the cart", undefined, "cart_1"],
    ["another checkout order", { ...recorded, checkout_order_id: "co_other" }, "cart_1"],
    ["a failed checkout order", { ...recorded, status: "failed" }, "cart_1"],
    ["another amount recorded", { ...recorded, amount: 1 }, "cart_1"],
    ["the session pays for another cart", recorded, "cart_other"],
  ])("refuses facts the plugin's own record does not confirm: %s", async (_case, record, cart) => {
    const { money, ledger } = memorySessionMoney(medusaWithSession())
    await expect(new CheckoutPayments().initiatePayment(start(), money, evidence(record as CheckoutRecordOfCart | undefined, cart), "pp_monobank_monobank")).rejects.toThrow(
      /not the checkout order this store recorded|was recorded for/
    )
    expect(ledger.rows).toEqual([])
  })

  it("refuses a session whose amount is not what the bank collected", async () => {
    const { money } = memorySessionMoney(medusaWithSession())
    await expect(new CheckoutPayments().initiatePayment(start(paid, "1234.57"), money, evidence(recorded), "pp")).rejects.toThrow(
      "monobank checkout order co_1 collected 1234.56 UAH, not 1234.57"
    )
  })

  it("refuses malformed checkout facts in the context", async () => {
    const { money } = memorySessionMoney(medusaWithSession())
    const malformed = { amount: 1, currency_code: "uah", context: { idempotency_key: SESSION, [CHECKOUT_PAYMENT_KEY]: { order_id: "x" } } as any }
    await expect(new CheckoutPayments().initiatePayment(malformed, money, evidence(recorded), "pp")).rejects.toThrow(/malformed monobank_checkout/)
  })
})

describe("a recorded checkout payment", () => {
  it("is authorized from its row: session data saying otherwise changes nothing", async () => {
    const { money, ledger } = memorySessionMoney(medusaWithSession())
    const checkout = new CheckoutPayments()
    await checkout.initiatePayment(start({ ...paid, payment: "authorized", payment_method: "payment_on_delivery" }), money, evidence(recorded), "pp")
    const row = checkoutRowOf(ledger.rows)!
    const planted = { [CHECKOUT_PAYMENT_KEY]: { ...paid, payment: "captured" } }
    expect(checkout.authorize(row, planted).status).toBe(PaymentSessionStatus.AUTHORIZED)
    // Collected on delivery: the store owner's capture is its word.
    await checkout.capture(row, money, planted)
    expect(checkoutRowOf(ledger.rows)!.recorded_as).toBe("captured")
  })

  it("refuses refunds, pointing to the business cabinet or to the shopper", async () => {
    const { money, ledger } = memorySessionMoney(medusaWithSession())
    const checkout = new CheckoutPayments()
    await checkout.initiatePayment(start(), money, evidence(recorded), "pp")
    expect(() => checkout.refund(checkoutRowOf(ledger.rows)!)).toThrow(/Refund it in the monobank business cabinet/)
  })

  it("captures a held card payment only once the bank shows it charged, and never after the hold was released", async () => {
    const emulator = await startEmulator({ port: 0 })
    try {
      const client = new CheckoutClient({ token: emulator.acquiringToken, baseUrl: emulator.url })
      const checkout = new CheckoutPayments({ checkoutClient: () => new CheckoutClient({ token: emulator.acquiringToken, baseUrl: emulator.url }) })
      const order = { amount: 100, count: 1, products: [{ name: "Кава", cnt: 1, price: 100 }] }
      const held = await client.createOrder({ ...order, order_ref: "cart_held", hold: true })
      await emulator.control.completeCheckout(held.order_id, { delivery_method: "pickup", payment_method: "card" })
      const { money, ledger } = memorySessionMoney(medusaWithSession())
      const row = await ledger.recordSessionPayment({ session_id: SESSION, provider_id: "pp", kind: "checkout", bank_id: held.order_id, amount_minor: 10000, ccy: 980, recorded_as: "authorized", payment_method: "card" })

      await expect(checkout.capture(row, money, {})).rejects.toThrow(/is still held: finalize it in the monobank business cabinet/)
      await emulator.control.advanceClock(10 * 24 * 60 * 60 * 1000 + 1000)
      await expect(checkout.capture(row, money, {})).rejects.toThrow(/hold of order .* was released/)
      expect(checkoutRowOf(ledger.rows)!.recorded_as).toBe("authorized")

      // As if finalized in the cabinet: the bank now shows the order charged.
      const charged = await client.createOrder({ ...order, order_ref: "cart_charged" })
      await emulator.control.completeCheckout(charged.order_id, { delivery_method: "pickup", payment_method: "card" })
      const chargedRow = await ledger.recordSessionPayment({ session_id: "payses_2", provider_id: "pp", kind: "checkout", bank_id: charged.order_id, amount_minor: 10000, ccy: 980, recorded_as: "authorized", payment_method: "card" })
      await checkout.capture(chargedRow, money, { [CHECKOUT_PAYMENT_KEY]: { ...paid, checkout_order_id: charged.order_id, payment: "authorized", amount: "100.00" } })
      expect(ledger.rows.find((r) => r.id === chargedRow.id)!.recorded_as).toBe("captured")
      await client.close()
    } finally {
      await emulator.close()
    }
  })
})

describe("telling a checkout payment from the provider's own", () => {
  it("a session starts as one only from the workflow's context; a storefront's key is dropped from an ordinary session", () => {
    const facts = { [CHECKOUT_PAYMENT_KEY]: paid }
    expect(opensCheckoutPayment({ amount: 1, currency_code: "uah", context: facts } as any)).toBe(true)
    expect(opensCheckoutPayment({ amount: 1, currency_code: "uah", data: facts } as any)).toBe(false)
    const started = withoutCheckoutPayment({ id: "inv_1", data: { invoiceId: "inv_1" } })
    expect(JSON.parse(JSON.stringify({ ...facts, ...started.data }))).toEqual({ invoiceId: "inv_1" })
  })
})
