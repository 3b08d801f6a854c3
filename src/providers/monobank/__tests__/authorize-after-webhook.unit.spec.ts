/**
 * The authorize that follows a paid webhook, on this server or another, takes that verified record
 * (kept on the plugin's row) instead of reading the bank; every other authorize (a storefront's
 * cart completion with no webhook before it, another invoice, a stale or old record) reads the bank.
 */
import { PaymentSessionStatus } from "@medusajs/framework/utils"
import type { InvoiceStatusRecord } from "../../../lib/monobank"
import type { PaymentRecords } from "../../../utils/medusa-payments"
import { memorySessionMoney } from "../../../utils/session-money/__tests__/memory-ledger"
import type { ProviderDeps } from "../deps"
import { MonobankProviderService } from "../service"

const silent = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} }
const SESSION = "payses_01AUTH"
const INVOICE = "p2_paid"
const PAID_AT = "2026-11-23T10:00:00Z"

const sessionData = (extra: Record<string, unknown> = {}) => ({
  invoiceId: INVOICE,
  reference: SESSION,
  amount: 130456,
  ccy: 980,
  paymentType: "debit",
  status: "created",
  modifiedDate: "2026-11-23T09:58:00Z",
  ...extra,
})

function paidRecord(extra: Partial<InvoiceStatusRecord> = {}): InvoiceStatusRecord {
  return { invoiceId: INVOICE, status: "success", amount: 130456, finalAmount: 130456, ccy: 980, reference: SESSION, modifiedDate: PAID_AT, cancelList: [], ...extra } as InvoiceStatusRecord
}

function webhookPayload(record: InvoiceStatusRecord) {
  return { rawData: Buffer.from(JSON.stringify(record)), headers: { "x-sign": "c2lnbmF0dXJl" }, data: {} }
}

/** The provider over Medusa's session and the plugin's ledger: the session started `invoices` (the last is its newest). */
function setup(options: { bank?: InvoiceStatusRecord; now?: () => number; invoices?: string[] } = {}) {
  const bankReads: string[] = []
  const bank = options.bank ?? paidRecord()
  const deps = {
    client: {
      getInvoiceStatus: async (invoiceId: string) => {
        bankReads.push(invoiceId)
        return bank
      },
    },
    options: {},
    logger: silent,
  } as unknown as ProviderDeps
  const { money, ledger, payments } = memorySessionMoney({
    sessions: new Map([
      [SESSION, { id: SESSION, provider_id: "pp_monobank_monobank", amount: 1304.56, currency_code: "uah", payment_collection_id: "pay_col_1", data: sessionData(), status: "pending" }],
    ]),
    payments: [],
  })
  for (const invoiceId of options.invoices ?? [INVOICE]) {
    void ledger.recordSessionPayment({ session_id: SESSION, provider_id: "pp_monobank_monobank", kind: "invoice", bank_id: invoiceId, amount_minor: 130456, ccy: 980 })
  }
  const recordReads: string[] = []
  const paymentModule = {
    ...payments,
    listPaymentSessions: async (...args: Parameters<PaymentRecords["listPaymentSessions"]>) => {
      recordReads.push(SESSION)
      return payments.listPaymentSessions(...args)
    },
  } as unknown as PaymentRecords
  class ProviderUnderTest extends MonobankProviderService {
    protected override webhookVerifier() {
      return { verify: async () => true }
    }
    protected override now() {
      return new Date(options.now?.() ?? Date.now())
    }
    protected override currentDeps() {
      return Promise.resolve(deps)
    }
    protected override paymentModule() {
      return paymentModule
    }
    protected override money() {
      return money
    }
  }
  // Registered in the payment module's container under its key, as Medusa does.
  const cradle: Record<string, unknown> = { logger: silent, payment_providers: ["pp_monobank_monobank"] }
  const provider = new ProviderUnderTest(cradle, { token: "t", webhookBaseUrl: "https://api.shop.example", redirectUrl: "https://shop.example/return?session={session_id}" })
  Object.defineProperty(cradle, "pp_monobank_monobank", { get: () => provider })
  return { provider, bankReads, recordReads, ledger }
}

describe("getWebhookActionAndData", () => {
  it("keeps the verified record on the plugin's row, without the wallet data, and an older webhook does not replace it", async () => {
    const { provider, ledger } = setup()
    await provider.getWebhookActionAndData(webhookPayload(paidRecord({ walletData: { cardToken: "tok_secret", walletId: "w1", status: "created" } } as Partial<InvoiceStatusRecord>)))
    const [row] = await ledger.sessionPaymentsOf(SESSION)
    expect(row.bank_record).toMatchObject({ invoiceId: INVOICE, status: "success" })
    expect(JSON.stringify(row.bank_record)).not.toContain("tok_secret")
    await provider.getWebhookActionAndData(webhookPayload(paidRecord({ status: "processing", modifiedDate: "2026-11-23T09:59:00Z" })))
    expect((await ledger.sessionPaymentsOf(SESSION))[0].bank_record).toMatchObject({ status: "success" })
  })
})

describe("authorizePayment after a paid webhook", () => {
  it("authorizes from the verified webhook of the same invoice, without a bank read", async () => {
    const { provider, bankReads } = setup()
    await provider.getWebhookActionAndData(webhookPayload(paidRecord()))
    const result = await provider.authorizePayment({ data: sessionData(), context: { idempotency_key: SESSION } })
    expect(bankReads).toEqual([])
    expect(result.status).toBe(PaymentSessionStatus.CAPTURED)
    expect(result.data).toMatchObject({ invoiceId: INVOICE, status: "success", modifiedDate: PAID_AT })
  })

  it("reads the bank for a storefront's authorize with no webhook before it", async () => {
    const { provider, bankReads } = setup()
    const result = await provider.authorizePayment({ data: sessionData(), context: { idempotency_key: SESSION } })
    expect(bankReads).toEqual([INVOICE])
    expect(result.status).toBe(PaymentSessionStatus.CAPTURED)
  })

  it("reads the bank for the session's newer invoice when the webhook was of its older one", async () => {
    const { provider, bankReads } = setup({ bank: paidRecord({ invoiceId: "p2_other" }), invoices: [INVOICE, "p2_other"] })
    await provider.getWebhookActionAndData(webhookPayload(paidRecord()))
    const result = await provider.authorizePayment({ data: sessionData({ invoiceId: "p2_other" }), context: { idempotency_key: SESSION } })
    expect(bankReads).toEqual(["p2_other"])
    expect(result).toMatchObject({ status: PaymentSessionStatus.CAPTURED, data: { invoiceId: "p2_other" } })
  })

  it("reads the bank once the webhook was verified more than a minute ago", async () => {
    let at = 0
    const { provider, bankReads } = setup({ now: () => at })
    await provider.getWebhookActionAndData(webhookPayload(paidRecord()))
    at = 60_001
    await provider.authorizePayment({ data: sessionData(), context: { idempotency_key: SESSION } })
    expect(bankReads).toEqual([INVOICE])
  })

  it("reads the bank when the session already stored a state newer than the webhook", async () => {
    const { provider, bankReads } = setup()
    await provider.getWebhookActionAndData(webhookPayload(paidRecord()))
    await provider.authorizePayment({ data: sessionData({ modifiedDate: "2026-11-23T10:00:01Z" }), context: { idempotency_key: SESSION } })
    expect(bankReads).toEqual([INVOICE])
  })

  it("reads the bank after a webhook that does not say paid or held", async () => {
    const { provider, bankReads } = setup()
    await provider.getWebhookActionAndData(webhookPayload(paidRecord({ status: "processing" })))
    await provider.authorizePayment({ data: sessionData(), context: { idempotency_key: SESSION } })
    expect(bankReads).toEqual([INVOICE])
  })

  it("reads the bank when the webhook's signature did not verify", async () => {
    const { provider, bankReads } = setup()
    Object.assign(provider, { webhookVerifier: () => ({ verify: async () => false }) })
    await provider.getWebhookActionAndData(webhookPayload(paidRecord()))
    await provider.authorizePayment({ data: sessionData(), context: { idempotency_key: SESSION } })
    expect(bankReads).toEqual([INVOICE])
  })
})
