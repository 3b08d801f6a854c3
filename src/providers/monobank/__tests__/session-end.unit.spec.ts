/**
 * The card provider when a session ends (Medusa deletes it, or cancels its own authorize): a
 * session is never authorized afterwards, its money is withdrawn, released or given back only when
 * no order rests on it, and only once; what storefront data plants never authorizes anything.
 */
import {
  bankCalls,
  createProvider,
  emulator,
  heldPayment,
  ledger,
  medusa,
  openSession,
  provider,
  providerOptions,
  SESSION,
  storeSessionData,
  useProviderAgainstEmulator,
} from "./provider-against-emulator"

useProviderAgainstEmulator()

describe("the card provider when a session ends", () => {
  it("a cancel without the payment's id (Medusa undoing its own authorize after a concurrent one won) releases nothing: the hold stays for the order", async () => {
    const held = await heldPayment()
    const canceled = await provider.cancelPayment({ data: held })
    expect(canceled.data).toEqual(held)
    expect(await bankCalls("/invoice/cancel")).toBe(0)
    expect(await emulator.control.getInvoice(held.invoiceId as string)).toMatchObject({ status: "hold", amount: 123_456 })
  })

  it("planted data cannot authorize: a session naming another session's paid invoice stays pending, with or without an invoice of its own", async () => {
    const paid = await heldPayment()
    const planted = { invoiceId: paid.invoiceId, reference: SESSION, amount: 123_456, ccy: 980, paymentType: "hold", status: "hold" }

    // Its start has not answered yet: no invoice of its own.
    openSession("payses_planted", 1234.56, "uah", planted)
    const bare = await provider.authorizePayment({ data: planted, context: { idempotency_key: "payses_planted" } })
    expect(bare.status).toBe("pending")

    const own = await provider.initiatePayment(openSession("payses_own", 1234.56))
    const withOwn = await provider.authorizePayment({ data: { ...own.data, ...planted }, context: { idempotency_key: "payses_own" } })
    expect(withOwn.status).toBe("pending")

    expect(ledger.rows.filter((row) => row.granted_at).map((row) => row.session_id)).toEqual([SESSION])
    expect(ledger.rows.filter((row) => row.bank_id === paid.invoiceId).map((row) => row.session_id)).toEqual([SESSION])
  })

  it("a deleted session is never authorized afterwards, and its unpaid invoice is withdrawn", async () => {
    const started = await provider.initiatePayment(openSession("payses_gone", 100))
    const stored = storeSessionData("payses_gone", started.data)
    await provider.deletePayment({ data: stored })
    expect(await emulator.control.getInvoice(started.id)).toMatchObject({ status: "expired", removed: true })
    await expect(provider.authorizePayment({ data: stored, context: { idempotency_key: "payses_gone" } })).rejects.toThrow(
      /replaced by a newer one/
    )
    expect(ledger.rows[0]).toMatchObject({ settlement: "released", session_ended_at: expect.any(Date) })
  })

  it("deleting a session an order rests on leaves its hold alone", async () => {
    const held = await heldPayment()
    await provider.deletePayment({ data: medusa.sessions.get(SESSION)!.data })
    expect(await bankCalls("/invoice/cancel")).toBe(0)
    expect(await emulator.control.getInvoice(held.invoiceId as string)).toMatchObject({ status: "hold" })
    // Just authorized: looked at again once the order can no longer be rolled back, never released meanwhile.
    expect(ledger.rows[0]).toMatchObject({ settlement: null, next_check_at: expect.any(Date) })
  })

  it("a session deleted after the shopper paid, with no order, gives the money back once and lists it for the store owner", async () => {
    const debit = createProvider({ ...providerOptions, captureMode: "automatic" })
    const started = await debit.initiatePayment(openSession("payses_forgotten", 500))
    const stored = storeSessionData("payses_forgotten", started.data)
    await emulator.control.payInvoice(started.id)

    await debit.deletePayment({ data: stored })
    await debit.deletePayment({ data: stored })
    const invoice = await emulator.control.getInvoice(started.id)
    expect(invoice.cancelList).toEqual([expect.objectContaining({ amount: 50_000, extRef: `orphan-refund:${started.id}` })])
    expect(await bankCalls("/invoice/cancel")).toBe(1)
    expect(ledger.rows[0]).toMatchObject({ settlement: "refunded", attention: expect.stringMatching(/gave the money back in full/) })
  })

  it("with a fiscal basket, the money given back for a session with no order carries receipt lines that add up to it", async () => {
    await emulator.control.setFiscalization(true)
    const fiscal = createProvider({ ...providerOptions, captureMode: "automatic", fiscalBasket: true })
    const basket = [
      { name: "Рушник", code: "TOWEL", quantity: 3, total: "400" },
      { name: "Доставка", code: "so_1", quantity: 1, total: "100" },
    ]
    const started = await fiscal.initiatePayment(openSession("payses_fiscal", 500, "uah", { monobank_basket: basket }))
    const stored = storeSessionData("payses_fiscal", started.data)
    await emulator.control.payInvoice(started.id)

    await fiscal.deletePayment({ data: stored })
    const invoice = await emulator.control.getInvoice(started.id)
    expect(invoice.fiscalItems).toEqual([
      {
        operation: "cancel",
        amount: 50_000,
        extRef: `orphan-refund:${started.id}`,
        items: [
          { name: "Рушник", code: "TOWEL", qty: 1, sum: 13_334 },
          { name: "Рушник", code: "TOWEL", qty: 2, sum: 13_333 },
          { name: "Доставка", code: "so_1", qty: 1, sum: 10_000 },
        ],
      },
    ])
  })
})
