/**
 * `readWebhook` when what it checks a webhook against is not available right now: it must fail
 * (Medusa's event bus retries the event), never answer "ignore" for a webhook that may be genuine.
 */
import { PaymentActions } from "@medusajs/framework/utils"
import type { StoredPaymentState } from "../../../utils/medusa-payments"
import { readWebhook, type WebhookDeps } from "../webhook"

const silent = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} }
const SESSION = "payses_01TEST"
const INVOICE = "p2_invoice"

function webhook(status = "success") {
  const body = JSON.stringify({ invoiceId: INVOICE, status, amount: 130456, ccy: 980, reference: SESSION, modifiedDate: "2026-11-23T10:00:00Z" })
  return { rawData: Buffer.from(body), headers: { "x-sign": "c2lnbmF0dXJl" }, data: JSON.parse(body) }
}

function deps(
  readStoredState: () => Promise<StoredPaymentState>,
  signatureValid = true,
  adoptLostCharge: WebhookDeps["adoptLostCharge"] = async () => false
): WebhookDeps {
  return {
    client: {} as WebhookDeps["client"],
    options: {} as WebhookDeps["options"],
    logger: silent,
    verifier: { verify: async () => signatureValid },
    readStoredState,
    adoptLostCharge,
  }
}

const savedCardInFlight: StoredPaymentState = {
  sessionData: { reference: SESSION, amount: 130456, ccy: 980, paymentType: "debit", savedCardCharge: "started", savedCard: { walletId: "w", paymentMethodId: "mbcard_x" } },
  sessionStatus: "pending",
}

describe("readWebhook when the stored state is not there yet", () => {
  it("fails (to be retried) when the payment session cannot be read", async () => {
    const failing = async () => {
      throw new Error("monobank: could not read payment session payses_01TEST: Connection terminated")
    }
    await expect(readWebhook(deps(failing), webhook())).rejects.toThrow(/could not read payment session/)
  })

  it("fails (to be retried) for a signed webhook of a saved-card charge whose invoice is being recorded", async () => {
    await expect(readWebhook(deps(async () => savedCardInFlight), webhook())).rejects.toThrow(/before its charge was recorded/)
  })

  it("ignores such a webhook when its signature does not verify", async () => {
    const result = await readWebhook(deps(async () => savedCardInFlight, false), webhook())
    expect(result.action).toBe(PaymentActions.NOT_SUPPORTED)
  })

  it("records the invoice of a saved-card charge whose answer was lost from its signed webhook, and applies it", async () => {
    const lost: StoredPaymentState = { ...savedCardInFlight, sessionData: { ...savedCardInFlight.sessionData, savedCardCharge: "unknown" } }
    const adopted: unknown[] = []
    const result = await readWebhook(
      deps(async () => lost, true, async (sessionId, data) => adopted.push({ sessionId, data }) > 0),
      webhook()
    )
    expect(adopted).toEqual([{ sessionId: SESSION, data: expect.objectContaining({ invoiceId: INVOICE, amount: 130456, paymentType: "debit" }) }])
    expect(JSON.stringify(adopted)).not.toContain("mbcard_x")
    expect(result).toMatchObject({ action: PaymentActions.SUCCESSFUL, data: { session_id: SESSION } })
  })

  it("does not take a lost charge's invoice from a webhook whose signature does not verify, or of another amount", async () => {
    const lost: StoredPaymentState = { ...savedCardInFlight, sessionData: { ...savedCardInFlight.sessionData, savedCardCharge: "unknown", amount: 1 } }
    const adopt = jest.fn(async () => true)
    await expect(readWebhook(deps(async () => lost, true, adopt), webhook())).rejects.toThrow(/before its charge was recorded/)
    expect((await readWebhook(deps(async () => lost, false, adopt), webhook())).action).toBe(PaymentActions.NOT_SUPPORTED)
    expect(adopt).not.toHaveBeenCalled()
  })

  it("applies the webhook once the charge is recorded", async () => {
    const recorded: StoredPaymentState = {
      sessionData: { ...savedCardInFlight.sessionData, invoiceId: INVOICE, status: "processing", modifiedDate: "2026-11-23T09:59:00Z" },
    }
    const result = await readWebhook(deps(async () => recorded), webhook())
    expect(result).toMatchObject({ action: PaymentActions.SUCCESSFUL, data: { session_id: SESSION } })
  })
})
