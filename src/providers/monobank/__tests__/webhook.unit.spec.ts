/**
 * `readWebhook`: a verified invoice record counts only for the session the plugin recorded it for
 * (or as the lost charge of that session, when it is a payment the session can own); a webhook
 * that cannot be checked right now fails so Medusa's event bus retries it.
 */
import { PaymentActions } from "@medusajs/framework/utils"
import type { StoredPaymentState } from "../../../utils/medusa-payments"
import { MemoryLedger } from "../../../utils/session-money/__tests__/memory-ledger"
import { readWebhook, type WebhookDeps } from "../webhook"

const silent = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} }
const SESSION = "payses_01TEST"
const INVOICE = "p2_invoice"

function webhook(status = "success", over: Record<string, unknown> = {}) {
  const body = JSON.stringify({ invoiceId: INVOICE, status, amount: 130456, ccy: 980, reference: SESSION, modifiedDate: "2026-11-23T10:00:00Z", ...over })
  return { rawData: Buffer.from(body), headers: { "x-sign": "c2lnbmF0dXJl" }, data: JSON.parse(body) }
}

const live: StoredPaymentState = { sessionData: { reference: SESSION, amount: 130456, ccy: 980, paymentType: "debit" }, sessionStatus: "pending" }

function deps(ledger: MemoryLedger, readStoredState: () => Promise<StoredPaymentState> = async () => live, signatureValid = true) {
  const settled: string[] = []
  const value: WebhookDeps = {
    client: {} as WebhookDeps["client"],
    options: {} as WebhookDeps["options"],
    logger: silent,
    verifier: { verify: async () => signatureValid },
    ledger,
    readStoredState,
    settleEndedSession: async (id) => void settled.push(id),
  }
  return Object.assign(value, { settled })
}

async function lostCharge(ledger: MemoryLedger, amount = 130456) {
  return ledger.recordSessionPayment({ session_id: SESSION, provider_id: "pp_monobank_monobank", kind: "store_page", amount_minor: amount, ccy: 980, charge_state: "unknown" })
}

describe("readWebhook", () => {
  it("fails (to be retried) when the payment session cannot be read", async () => {
    const failing = async () => {
      throw new Error("monobank: could not read payment session payses_01TEST: Connection terminated")
    }
    await expect(readWebhook(deps(new MemoryLedger(), failing), webhook())).rejects.toThrow(/could not read payment session/)
  })

  it("applies a webhook of an invoice the plugin recorded for the session", async () => {
    const ledger = new MemoryLedger()
    await ledger.recordSessionPayment({ session_id: SESSION, provider_id: "pp", kind: "invoice", bank_id: INVOICE, amount_minor: 130456, ccy: 980 })
    expect(await readWebhook(deps(ledger), webhook())).toMatchObject({ action: PaymentActions.SUCCESSFUL, data: { session_id: SESSION } })
  })

  it("ignores an invoice the plugin recorded for another session, whatever the reference says", async () => {
    const ledger = new MemoryLedger()
    await ledger.recordSessionPayment({ session_id: "payses_OTHER", provider_id: "pp", kind: "invoice", bank_id: INVOICE, amount_minor: 130456, ccy: 980 })
    expect((await readWebhook(deps(ledger), webhook())).action).toBe(PaymentActions.NOT_SUPPORTED)
  })

  it("ignores an invoice nobody recorded, even when planted in the session's data under another reference", async () => {
    const planted: StoredPaymentState = { ...live, sessionData: { ...live.sessionData, invoiceId: "someone_elses" } }
    expect((await readWebhook(deps(new MemoryLedger(), async () => planted), webhook())).action).toBe(PaymentActions.NOT_SUPPORTED)
  })

  it("names the session's lost charge from its signed webhook, and applies it", async () => {
    const ledger = new MemoryLedger()
    const row = await lostCharge(ledger)
    const result = await readWebhook(deps(ledger), webhook())
    expect(ledger.rows.find((r) => r.id === row.id)).toMatchObject({ bank_id: INVOICE, charge_state: "sent" })
    expect(result).toMatchObject({ action: PaymentActions.SUCCESSFUL, data: { session_id: SESSION } })
  })

  it("does not take a lost charge's invoice from a webhook whose signature does not verify, of another amount, or that was declined", async () => {
    for (const [ledger, sent, valid] of [
      [new MemoryLedger(), webhook(), false],
      [new MemoryLedger(), webhook("success", { amount: 1 }), true],
      [new MemoryLedger(), webhook("failure"), true],
    ] as const) {
      await lostCharge(ledger)
      expect((await readWebhook(deps(ledger, async () => live, valid), sent)).action).toBe(PaymentActions.NOT_SUPPORTED)
      expect(ledger.rows[0]).toMatchObject({ bank_id: null, charge_state: "unknown" })
    }
  })

  it("ignores the late webhook of a charge already answered as declined", async () => {
    const ledger = new MemoryLedger()
    await ledger.recordSessionPayment({ session_id: SESSION, provider_id: "pp", kind: "store_page", bank_id: INVOICE, amount_minor: 130456, ccy: 980, charge_state: "declined" })
    expect((await readWebhook(deps(ledger), webhook("failure"))).action).toBe(PaymentActions.NOT_SUPPORTED)
  })

  it("hands a payment of a session Medusa no longer keeps to the settlement, not to Medusa", async () => {
    const ledger = new MemoryLedger()
    await ledger.recordSessionPayment({ session_id: SESSION, provider_id: "pp", kind: "invoice", bank_id: INVOICE, amount_minor: 130456, ccy: 980 })
    const gone = deps(ledger, async () => ({}))
    expect((await readWebhook(gone, webhook())).action).toBe(PaymentActions.NOT_SUPPORTED)
    expect(gone.settled).toEqual([SESSION])
  })
})
