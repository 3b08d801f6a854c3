/**
 * The card provider against the bank emulator over real HTTP, inside a stand-in of Medusa's payment
 * module: Medusa's tables (sessions, the payment, captures, refunds) and the plugin's ledger, made
 * afresh for each test and read by every provider a test creates, as every server of a store reads
 * one database. Spec files call `useProviderAgainstEmulator()` once and read the live bindings.
 */
import { startEmulator, type RunningEmulator } from "../../../../emulator"
import type { PaymentRecords } from "../../../utils/medusa-payments"
import type { SessionMoney } from "../../../utils/session-money"
import { memorySessionMoney, type FakeMedusa, type MemoryLedger } from "../../../utils/session-money/__tests__/memory-ledger"
import { MonobankProviderService } from "../service"

const REGISTRATION_KEY = "pp_monobank_test"
const PROVIDER_ID = "pp_monobank_test"
export const SESSION = "payses_test1"
const PAYMENT = "pay_1"
const silent = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} }

export let emulator: RunningEmulator
export let provider: MonobankProviderService
export let providerOptions: Record<string, unknown>

/**
 * Medusa's payment tables (sessions, the payment made from the session, its captures and refunds)
 * and the plugin's ledger, fresh for each test; every provider of a test reads the same ones, as
 * every server of a store reads one database.
 */
export let medusa: FakeMedusa
export let money: SessionMoney
export let ledger: MemoryLedger
export let payments: PaymentRecords

/** Medusa's locking module, one process. */
const locking = {
  tails: new Map<string, Promise<unknown>>(),
  async execute<T>(key: string, job: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve()
    const run = before.then(job, job)
    this.tails.set(key, run.catch(() => undefined))
    return run
  },
}

/**
 * What Medusa's payment module hands the provider: a cradle where it is registered under its key;
 * the application's payment module (`reads`, by default the test's Medusa tables) and the plugin's
 * money decisions over the test's ledger.
 */
export function createProvider(options: Record<string, unknown>, reads?: (tables: PaymentRecords) => PaymentRecords) {
  const cradle: Record<string, unknown> = { logger: silent, payment_providers: [REGISTRATION_KEY], locking }
  class ProviderInModule extends MonobankProviderService {
    protected override paymentModule() {
      return reads ? reads(payments) : payments
    }
    protected override money() {
      return money
    }
  }
  const instance = new ProviderInModule(cradle, options)
  Object.defineProperty(cradle, REGISTRATION_KEY, { get: () => instance })
  return instance
}

/** Medusa created session `id` for `amount` and asks the provider to start it, as `createPaymentSession` does. */
export function openSession(id: string, amount: number | string, currency_code = "uah", data: Record<string, unknown> = {}, context: Record<string, unknown> = {}) {
  medusa.sessions.set(id, { id, provider_id: PROVIDER_ID, amount, currency_code, payment_collection_id: `pay_col_${id}`, data })
  return { amount, currency_code, data: { ...data, session_id: id }, context: { idempotency_key: id, ...context } as any }
}

/** Medusa stores `{ ...what the storefront sent, ...what the provider returned }` on the session. */
export function storeSessionData(id: string, data: Record<string, unknown> | undefined) {
  const session = medusa.sessions.get(id)!
  session.data = JSON.parse(JSON.stringify({ ...session.data, ...data }))
  return session.data
}

/** Medusa recorded refund `id` on the payment before asking the provider. */
export function medusaRefund(id: string, metadata: Record<string, unknown> | null = null) {
  medusa.refunds!.push({ id, payment_id: PAYMENT, raw_amount: null, metadata })
}

/** Medusa recorded capture `id` of `amount` on the payment before asking the provider. */
export function medusaCapture(id: string, amount: number) {
  medusa.captures!.push({ id, payment_id: PAYMENT, raw_amount: { value: String(amount), precision: 20 } })
}

export const refundRow = (id: string) => medusa.refunds!.find((row) => row.id === id)

/** Starts the emulator for the spec file and gives each test fresh Medusa tables and ledger. */
export function useProviderAgainstEmulator() {
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, webhookRetryDelayMs: 10 })
    await emulator.control.setWebhookMode("drop")
    providerOptions = {
      token: emulator.acquiringToken,
      baseUrl: emulator.url,
      captureMode: "manual",
      redirectUrl: "https://shop.example/return?session={session_id}",
      webhookBaseUrl: "https://api.shop.example",
      timeoutMs: 2000,
    }
    provider = createProvider(providerOptions)
  })

  afterAll(async () => {
    await emulator?.close()
  })

  beforeEach(async () => {
    ;({ money, ledger, medusa, payments } = memorySessionMoney({ sessions: new Map(), payments: [], captures: [], refunds: [] }))
    await emulator.control.reset()
    await emulator.control.setWebhookMode("drop")
  })
}

export async function bankCalls(suffix: string) {
  return (await emulator.control.calls()).filter((c) => c.path.endsWith(suffix)).length
}

/** A session paid on the bank's page (held), authorized by cart completion; Medusa made payment pay_1 of it. */
export async function heldPayment(amount = 1234.56) {
  const started = await provider.initiatePayment(openSession(SESSION, amount))
  storeSessionData(SESSION, started.data)
  await emulator.control.payInvoice(started.data!.invoiceId as string)
  const authorized = await provider.authorizePayment({ data: medusa.sessions.get(SESSION)!.data, context: { idempotency_key: SESSION } })
  expect(authorized.status).toBe("authorized")
  storeSessionData(SESSION, authorized.data)
  medusa.payments.push({ id: PAYMENT, payment_session_id: SESSION, data: authorized.data })
  return authorized.data!
}

export async function capturedPayment() {
  const held = await heldPayment()
  medusaCapture("capt_1", 1234.56)
  return (await provider.capturePayment({ data: held, context: { idempotency_key: "capt_1" } })).data!
}
