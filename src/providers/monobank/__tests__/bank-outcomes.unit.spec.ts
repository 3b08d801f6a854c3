/**
 * The provider against the emulator over real HTTP, for what the HTTP specs cannot reach easily:
 * unknown outcomes (the bank acted but the answer was lost), amount changes, releases.
 */
import { AcquiringClient } from "../../../lib/monobank"
import {
  bankCalls,
  capturedPayment,
  createProvider,
  emulator,
  heldPayment,
  ledger,
  medusa,
  medusaCapture,
  medusaRefund,
  openSession,
  payments,
  provider,
  providerOptions,
  refundRow,
  useProviderAgainstEmulator,
} from "./provider-against-emulator"

useProviderAgainstEmulator()

describe("monobank provider against the bank emulator", () => {
  it("creates an invoice for the session: amount in kopecks, hold, reference, return and webhook URLs", async () => {
    const started = await provider.initiatePayment(openSession("payses_abc", "1234.56"))
    expect(started.status).toBe("pending")
    expect(ledger.rows).toEqual([expect.objectContaining({ session_id: "payses_abc", kind: "invoice", bank_id: started.id, amount_minor: 123_456, ccy: 980 })])
    const invoice = await emulator.control.getInvoice(started.id)
    expect(invoice).toMatchObject({
      amount: 123_456,
      ccy: 980,
      paymentType: "hold",
      reference: "payses_abc",
      redirectUrl: "https://shop.example/return?session=payses_abc",
      webHookUrl: "https://api.shop.example/hooks/monobank/payment/monobank_test",
    })
  })

  it("a refund whose answer was lost is found again by extRef, not sent twice", async () => {
    const captured = await capturedPayment()
    await emulator.control.injectFault({ path: "/api/merchant/invoice/cancel", count: 1, kind: "reset", afterProcessing: true })

    medusaRefund("ref_lost")
    const refunded = await provider.refundPayment({ amount: 100, data: captured, context: { idempotency_key: "ref_lost" } })
    expect(refunded.data!.refunds).toEqual([expect.objectContaining({ ref: "ref_lost", amount: 10_000, source: "medusa" })])
    expect(await bankCalls("/invoice/cancel")).toBe(1)

    // Medusa retrying the same refund does not refund again either.
    await provider.refundPayment({ amount: 100, data: captured, context: { idempotency_key: "ref_lost" } })
    expect(await bankCalls("/invoice/cancel")).toBe(1)
    expect((await emulator.control.getInvoice(captured.invoiceId as string)).finalAmount).toBe(123_456 - 10_000)
  })

  it("a refund is not sent when Medusa's refunds of the payment cannot be read", async () => {
    const captured = await capturedPayment()
    medusaRefund("ref_x")
    // The refund itself is found (and with it the session), then the connection drops.
    const unreadable = createProvider(providerOptions, (tables) => ({
      ...tables,
      listRefunds: async (filter: Record<string, unknown>) =>
        "payment_id" in filter ? Promise.reject(new Error("connection terminated")) : tables.listRefunds(filter),
    }))
    await expect(
      unreadable.refundPayment({ amount: 100, data: captured, context: { idempotency_key: "ref_x" } })
    ).rejects.toThrow(/could not read the refunds Medusa recorded.*nothing was sent to monobank/)
    expect(await bankCalls("/invoice/cancel")).toBe(0)
  })

  it("a capture or refund is not sent when Medusa's records cannot be read at all (its session is not known)", async () => {
    const held = await heldPayment()
    medusaCapture("capt_1", 1234.56)
    medusaRefund("ref_y")
    // Medusa's database stops answering (the tables are made afresh for each test).
    const down = async () => Promise.reject(new Error("connection terminated"))
    Object.assign(payments, { listCaptures: down, listRefunds: down, listPayments: down })
    await expect(provider.capturePayment({ data: held, context: { idempotency_key: "capt_1" } })).rejects.toThrow(/connection terminated/)
    await expect(provider.refundPayment({ amount: 100, data: held, context: { idempotency_key: "ref_y" } })).rejects.toThrow(/connection terminated/)
    expect(await bankCalls("/invoice/finalize")).toBe(0)
    expect(await bankCalls("/invoice/cancel")).toBe(0)
    expect(await emulator.control.getInvoice(held.invoiceId as string)).toMatchObject({ status: "hold", amount: 123_456 })
  })

  it("a bank refund no Medusa refund books is booked by a refund of its amount, and blocks other amounts until then", async () => {
    const captured = await capturedPayment()
    // The bank made a refund whose Medusa refund is gone (its answer was lost, Medusa deleted the row).
    const bank = new AcquiringClient({ token: emulator.acquiringToken, baseUrl: emulator.url })
    await bank.cancelInvoice({ invoiceId: captured.invoiceId as string, amount: 10_000, extRef: "ref_gone" })
    await bank.close()

    medusaRefund("ref_other")
    await expect(provider.refundPayment({ amount: 50, data: captured, context: { idempotency_key: "ref_other" } })).rejects.toThrow(
      /no Medusa refund records yet: 100\.00 UAH \(success, ref_gone\).*Nothing was sent/
    )
    medusa.refunds = medusa.refunds!.filter((row) => row.id !== "ref_other")

    medusaRefund("ref_retry")
    const booked = await provider.refundPayment({ amount: 100, data: captured, context: { idempotency_key: "ref_retry" } })
    expect(booked.data!.refunds).toEqual([expect.objectContaining({ ref: "ref_gone", amount: 10_000, source: "bank", refundId: "ref_retry" })])
    expect(refundRow("ref_retry")!.metadata).toEqual({ monobank_refund: { books: "ref_gone" } })
    expect(await bankCalls("/invoice/cancel")).toBe(1)

    // The bank's notification then cannot book it a second time.
    medusaRefund("ref_notified", { monobank_refund: { books: "ref_gone", booked_by: "webhook" } })
    await expect(
      provider.refundPayment({ amount: 100, data: captured, context: { idempotency_key: "ref_notified" } })
    ).rejects.toThrow(/already booked by another Medusa refund/)
    // Nor one marked with the flat keys of before the refund mark.
    medusaRefund("ref_notified_before", { monobank_bank_refund: "ref_gone", monobank_booked_by: "webhook" })
    await expect(
      provider.refundPayment({ amount: 100, data: captured, context: { idempotency_key: "ref_notified_before" } })
    ).rejects.toThrow(/already booked by another Medusa refund/)
    expect(await bankCalls("/invoice/cancel")).toBe(1)
  })

  it("while a refund without an answer may still be made, another refund waits, even one Medusa started before that refund failed", async () => {
    const captured = await capturedPayment()
    medusa.payments[0].data = captured
    await emulator.control.injectFault({ path: "/api/merchant/invoice/cancel", count: 1, kind: "500" })
    medusaRefund("ref_unanswered")
    await expect(
      provider.refundPayment({ amount: 100, data: captured, context: { idempotency_key: "ref_unanswered" } })
    ).rejects.toThrow(/did not answer in time/)

    // Medusa read the payment's data for this refund before the first one failed.
    medusaRefund("ref_next")
    await expect(
      provider.refundPayment({ amount: 50, data: captured, context: { idempotency_key: "ref_next" } })
    ).rejects.toThrow(/has not answered the refund of 100\.00 UAH .*Nothing was sent/)
    expect(await bankCalls("/invoice/cancel")).toBe(1)
  })

  it("a refund the bank never executed fails clearly and is not repeated by itself", async () => {
    const captured = await capturedPayment()
    await emulator.control.injectFault({ path: "/api/merchant/invoice/cancel", count: 1, kind: "500" })

    medusaRefund("ref_500")
    await expect(
      provider.refundPayment({ amount: 100, data: captured, context: { idempotency_key: "ref_500" } })
    ).rejects.toThrow(/did not answer in time while trying to refund 100\.00 UAH; nothing was repeated/)
    expect(await bankCalls("/invoice/cancel")).toBe(1)
    expect((await emulator.control.getInvoice(captured.invoiceId as string)).cancelList).toEqual([])
  })

  it("a capture whose answer was lost reads the bank and succeeds without a second finalize", async () => {
    const held = await heldPayment()
    await emulator.control.injectFault({ path: "/api/merchant/invoice/finalize", count: 1, kind: "reset", afterProcessing: true })
    medusaCapture("capt_1", 1234.56)
    const captured = await provider.capturePayment({ data: held, context: { idempotency_key: "capt_1" } })
    expect(captured.data).toMatchObject({ status: "success", finalAmount: 123_456 })
    expect(await bankCalls("/invoice/finalize")).toBe(1)
    // The webhook, the storefront and Medusa may all ask again: a no-op.
    await provider.capturePayment({ data: captured.data, context: { idempotency_key: "capt_1" } })
    expect(await bankCalls("/invoice/finalize")).toBe(1)
  })

  it("captures exactly the amount Medusa recorded: a partial capture finalizes only that part", async () => {
    const held = await heldPayment()
    medusaCapture("capt_part", 1000)
    const captured = await provider.capturePayment({ data: held, context: { idempotency_key: "capt_part" } })
    expect(captured.data).toMatchObject({ status: "success", finalAmount: 100_000 })
  })

  it("a capture whose amount cannot be read sends nothing to the bank and says so; the hold stays", async () => {
    const held = await heldPayment()
    medusaCapture("capt_part", 1000)
    // The capture itself is found (and with it the session), then the connection drops.
    const unreadable = createProvider(providerOptions, (tables) => ({
      ...tables,
      listCaptures: async (filter: Record<string, unknown>, config?: Record<string, unknown>) =>
        "payment_id" in filter ? Promise.reject(new Error("connection terminated")) : tables.listCaptures(filter, config),
    }))
    await expect(
      unreadable.capturePayment({ data: held, context: { idempotency_key: "capt_part" } })
    ).rejects.toThrow(/could not read the amount of Medusa's capture capt_part.*nothing was sent to monobank/)
    expect(await bankCalls("/invoice/finalize")).toBe(0)
    expect(await emulator.control.getInvoice(held.invoiceId as string)).toMatchObject({ status: "hold", amount: 123_456 })
  })

  it("a capture Medusa did not record (unknown capture id) is not sent to the bank as a full capture", async () => {
    const held = await heldPayment()
    await expect(provider.capturePayment({ data: held, context: { idempotency_key: "capt_unknown" } })).rejects.toThrow(
      /cannot capture: Medusa has no payment session for it/
    )
    await expect(provider.capturePayment({ data: held })).rejects.toThrow(/a capture needs Medusa's capture id/)
    expect(await bankCalls("/invoice/finalize")).toBe(0)
  })

  it("session data holds only the provider's own state and the documented input keys: planted keys are not stored on start, foreign keys dropped on update", async () => {
    const planted = { modifiedDate: "2999-01-01T00:00:00Z", status: "success", refunds: [{ ref: "x", amount: 100, status: "success", source: "bank" }], foo: 1 }
    const started = await provider.initiatePayment(openSession("payses_p", 100, "uah", { save_card: false, ...planted }))
    // Medusa stores `{ ...what the storefront sent, ...what the provider returned }`.
    const stored = JSON.parse(JSON.stringify({ ...planted, save_card: false, ...started.data }))
    expect(stored).toEqual({
      invoiceId: started.id,
      pageUrl: expect.any(String),
      reference: "payses_p",
      amount: 10_000,
      ccy: 980,
      paymentType: "hold",
      status: "created",
      validUntil: expect.any(String),
      save_card: false,
    })
    // Until when the bank takes the payment: what the reconcile schedule reads the session by.
    const invoice = await emulator.control.getInvoice(started.id)
    expect(Math.abs(Date.parse(stored.validUntil) - Date.parse(invoice.expiresAt))).toBeLessThan(5_000)

    const updated = await provider.updatePayment({ amount: 100, currency_code: "uah", data: { ...stored, ...planted, status: "failure" } })
    expect(JSON.parse(JSON.stringify(updated.data))).toEqual({ ...stored, status: "failure", modifiedDate: planted.modifiedDate, refunds: planted.refunds })
  })

  it("an invoice create that failed is not retried", async () => {
    await emulator.control.injectFault({ path: "/api/merchant/invoice/create", count: 1, kind: "500" })
    await expect(provider.initiatePayment(openSession("payses_x", 10))).rejects.toThrow(/monobank/)
    expect(await bankCalls("/invoice/create")).toBe(1)
  })

  it("a new amount replaces the unpaid invoice; a paid one cannot change", async () => {
    const started = await provider.initiatePayment(openSession("payses_u", 100))
    const context = { idempotency_key: "payses_u" }
    const same = await provider.updatePayment({ amount: 100, currency_code: "uah", data: started.data, context })
    expect(same.data).toEqual(started.data)

    const updated = await provider.updatePayment({ amount: 150, currency_code: "uah", data: { ...started.data, save_card: false }, context })
    expect(updated.data).toMatchObject({ amount: 15_000, reference: "payses_u", save_card: false })
    expect(updated.data!.invoiceId).not.toBe(started.data!.invoiceId)
    expect(await emulator.control.getInvoice(started.data!.invoiceId as string)).toMatchObject({ status: "expired", removed: true })

    await emulator.control.payInvoice(updated.data!.invoiceId as string)
    await expect(provider.updatePayment({ amount: 200, currency_code: "uah", data: updated.data, context })).rejects.toThrow(
      /amount cannot change any more/
    )
    // The session's own invoices only: the new one is recorded as the session's, next to the withdrawn one.
    expect(ledger.rows.map((row) => row.bank_id)).toEqual([started.data!.invoiceId, updated.data!.invoiceId])
  })

  it("cancel releases a hold; a released hold cannot be captured; refunding a hold is refused", async () => {
    const held = await heldPayment()
    medusaRefund("ref_hold")
    await expect(
      provider.refundPayment({ amount: 10, data: held, context: { idempotency_key: "ref_hold" } })
    ).rejects.toThrow(/only held, not captured/)
    const canceled = await provider.cancelPayment({ data: held, context: { idempotency_key: "pay_1" } })
    expect(canceled.data).toMatchObject({ status: "reversed", finalAmount: 0 })
    const invoice = await emulator.control.getInvoice(held.invoiceId as string)
    expect(invoice.cancelList.map((c: any) => c.extRef)).toEqual(["hold-release:pay_1"])
    medusaCapture("capt_after_cancel", 1234.56)
    await expect(provider.capturePayment({ data: canceled.data, context: { idempotency_key: "capt_after_cancel" } })).rejects.toThrow(
      /hold was released; .*\(this store released it on .* when Medusa canceled payment pay_1\)/
    )
    // Cancelling again is a no-op, without a bank call.
    const calls = await bankCalls("/invoice/cancel")
    await provider.cancelPayment({ data: canceled.data, context: { idempotency_key: "pay_1" } })
    expect(await bankCalls("/invoice/cancel")).toBe(calls)
  })

  it("a hold the bank let expire is not blamed on this store when a capture comes too late", async () => {
    const held = await heldPayment()
    await emulator.control.advanceClock(10 * 24 * 60 * 60 * 1000)
    medusaCapture("capt_late", 1234.56)
    await expect(provider.capturePayment({ data: held, context: { idempotency_key: "capt_late" } })).rejects.toThrow(
      /hold was released; .*\(not by this store: it expired/
    )
  })

  it("reports a declined card as an error with the bank's reason", async () => {
    const started = await provider.initiatePayment(openSession("payses_d", 10))
    await emulator.control.payInvoice(started.data!.invoiceId as string, { pan: "4000000000009995" })
    const status = await provider.getPaymentStatus({ data: started.data })
    expect(status).toMatchObject({ status: "error", data: { status: "failure", errCode: "59" } })
    expect(status.data!.failureReason).toMatch(/Insufficient funds/)
  })

  it("sends the cart's lines as the fiscal basket when configured", async () => {
    const fiscal = createProvider({
      token: emulator.acquiringToken,
      baseUrl: emulator.url,
      redirectUrl: "https://shop.example/return",
      webhookBaseUrl: "https://api.shop.example",
      fiscalBasket: true,
    })
    const started = await fiscal.initiatePayment(
      openSession(
        "payses_f",
        1304.56,
        "uah",
        {
          monobank_basket: [
            { name: "Вишиванка (M)", code: "VYSH-M", quantity: 1, total: "1234.56" },
            { name: "Доставка: Courier", code: "so_1", quantity: 1, total: "70" },
          ],
        },
        { customer: { id: "cus_1", email: "buyer@example.test" } }
      )
    )
    const invoice = await emulator.control.getInvoice(started.id)
    expect(invoice.merchantPaymInfo).toMatchObject({
      reference: "payses_f",
      customerEmails: ["buyer@example.test"],
      basketOrder: [
        { name: "Вишиванка (M)", qty: 1, sum: 123_456, total: 123_456, code: "VYSH-M" },
        { name: "Доставка: Courier", qty: 1, sum: 7000, total: 7000, code: "so_1" },
      ],
    })
  })

  it("refuses currencies the bank does not take and charges amounts finer than kopecks rounded half-up", async () => {
    await expect(provider.initiatePayment(openSession("payses_p0", 10, "xyz"))).rejects.toThrow(/cannot take payments in XYZ/)
    const down = await provider.initiatePayment(openSession("payses_p1", "10.004"))
    const up = await provider.initiatePayment(openSession("payses_p2", "10.005"))
    expect([down.data?.amount, up.data?.amount]).toEqual([1000, 1001])
    await expect(provider.initiatePayment(openSession("payses_p3", "ten"))).rejects.toThrow(
      /amount ten is not a valid amount/
    )
  })
})
