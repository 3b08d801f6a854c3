/**
 * Acquiring webhooks as the bank really sends them: wallet payments without a card, whole-second
 * `modifiedDate`s (two webhooks in one second), the `created` sample, a status we do not know.
 */
import fs from "node:fs"
import path from "node:path"
import { PaymentActions } from "@medusajs/framework/utils"
import type { InvoiceStatusRecord } from "../../../lib/monobank"
import { readWebhook, type WebhookDeps } from "../webhook"
import { toMedusaError } from "../errors"
import { invoiceStatusRecordSchema, MonobankApiError } from "../../../lib/monobank"
import { MemoryLedger } from "../../../utils/session-money/__tests__/memory-ledger"

const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../../lib/monobank/__fixtures__", name), "utf8")).record

type Stored = Record<string, unknown>

/** The webhook's invoice is one the plugin recorded for the session its reference names; Medusa keeps the session with `stored`. */
function depsWith(stored: Stored, bankRecord?: Partial<InvoiceStatusRecord> | Record<string, unknown>) {
  const ledger = new MemoryLedger()
  void ledger.recordSessionPayment({
    session_id: String(stored.reference),
    provider_id: "pp_monobank_monobank",
    kind: "invoice",
    bank_id: String(stored.invoiceId),
    amount_minor: Number(stored.amount),
    ccy: 980,
  })
  const warnings: string[] = []
  const bankReads: string[] = []
  const deps = {
    logger: { info: () => {}, warn: (m: string) => void warnings.push(m), error: () => {}, debug: () => {} },
    options: {},
    client: {
      getInvoiceStatus: async (invoiceId: string) => {
        bankReads.push(invoiceId)
        return invoiceStatusRecordSchema.parse(bankRecord)
      },
    },
    verifier: { verify: async () => true },
    ledger,
    readStoredState: async () => ({ sessionData: stored, sessionStatus: "pending" }),
    settleEndedSession: async () => {
      throw new Error("the session is live: nothing to settle")
    },
  } as unknown as WebhookDeps
  return { deps, warnings, bankReads }
}

function payload(record: unknown) {
  return { rawData: Buffer.from(JSON.stringify(record)), headers: { "x-sign": "c2ln" }, data: {} }
}

const storedFor = (record: { invoiceId: string; reference?: string; amount: number }, extra: Stored = {}): Stored => ({
  invoiceId: record.invoiceId,
  reference: record.reference,
  amount: record.amount,
  ccy: 980,
  paymentType: "debit",
  status: "processing",
  ...extra,
})

describe("acquiring webhooks as the bank sends them", () => {
  it("captures a monopay wallet payment that has no maskedPan, an empty paymentSystem and an extra payMethod", async () => {
    const record = fixture("acquiring-status-monopay-wallet.json")
    const { deps, warnings } = depsWith(storedFor(record))
    const result = await readWebhook(deps, payload(record))
    expect(warnings).toEqual([])
    expect(result.action).toBe(PaymentActions.SUCCESSFUL)
    expect(result.data).toMatchObject({ session_id: record.reference, amount: 1299 })
  })

  it("authorizes a Google Pay hold that has no maskedPan", async () => {
    const record = fixture("acquiring-status-google-pay-hold.json")
    const { deps } = depsWith(storedFor(record, { paymentType: "hold" }))
    const result = await readWebhook(deps, payload(record))
    expect(result.action).toBe(PaymentActions.AUTHORIZED)
  })

  it("reads the bank's signed 'created' sample as pending", async () => {
    const record = { ...fixture("acquiring-webhook-bank-sample-created.json"), reference: "payses_sample" }
    const { deps } = depsWith(storedFor(record, { status: "created" }), { ...record, cancelList: [] })
    const result = await readWebhook(deps, payload(record))
    expect(result.action).toBe(PaymentActions.PENDING)
  })

  it("a late 'processing' webhook with the same whole-second modifiedDate as the applied 'success' does not undo it", async () => {
    const paid = fixture("acquiring-status-monopay-wallet.json")
    const late = { ...paid, status: "processing", paymentInfo: undefined }
    const { deps, bankReads } = depsWith(storedFor(paid, { status: "success", modifiedDate: paid.modifiedDate }), paid)
    const result = await readWebhook(deps, payload(late))
    // Statuses only move forward: of two stamped at the same second, 'processing' is the older
    // webhook. Ignored as stale, without asking the bank; the applied 'success' stands.
    expect(result.action).toBe(PaymentActions.NOT_SUPPORTED)
    expect(bankReads).toEqual([])
  })

  it("keeps an unknown status pending: nothing applied, the bank re-read, the raw value logged once", async () => {
    const paid = fixture("acquiring-status-monopay-wallet.json")
    const odd = { ...paid, status: "settlement_pending" }
    const { deps, warnings, bankReads } = depsWith(storedFor(paid), odd)
    const first = await readWebhook(deps, payload(odd))
    const second = await readWebhook(deps, payload(odd))
    expect(first.action).toBe(PaymentActions.NOT_SUPPORTED)
    expect(second.action).toBe(PaymentActions.NOT_SUPPORTED)
    expect(first.data).toBeUndefined()
    expect(bankReads).toHaveLength(2)
    const mentions = warnings.filter((w) => w.includes('"settlement_pending"'))
    expect(mentions).toHaveLength(1)
    expect(mentions[0]).toMatch(/does not know/)
  })
})

describe("store owner messages", () => {
  it("says a 403 web page is the bank's firewall, not the token", () => {
    const error = new MonobankApiError({
      kind: "http",
      method: "GET",
      path: "/api/merchant/invoice/status",
      status: 403,
      errCode: "FIREWALL_BLOCKED",
      errText: "blocked by the bank's web firewall (an HTML page, not an API answer)",
    })
    const message = toMedusaError("read the payment status", error).message
    expect(message).toMatch(/web firewall/)
    expect(message).not.toMatch(/check the `token` option/)
  })
})
