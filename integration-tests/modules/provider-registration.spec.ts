/**
 * Our providers inside Medusa's real payment module (its provider loader, its capture flow), for
 * what no unit test can vouch for across Medusa versions: the registration id read from the
 * module's container and the conditional write of a session's data (utils/medusa-internals, the
 * only private uses), the capture amount read
 * through the module's public `listCaptures`, and the refund records a refund reads and writes
 * through the module's public service, including the service-factory methods `updateRefunds` and
 * `softDeleteRefunds` its type does not declare. A Medusa version that changes any fails here.
 */
import path from "node:path"
import type { IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { startEmulator } from "../../emulator"
import { mergeSessionData, registeredIdOf, registeredProviderIds, removeSessionDataKey } from "../../src/utils/medusa-internals"
import type { RefundRecords } from "../../src/utils/medusa-payments"
import { MONOBANK_SESSION_PAYMENTS_MODULE } from "../../src/modules/monobank-session-payments"
import { MemoryLedger } from "../../src/utils/session-money/__tests__/memory-ledger"
import { MONOBANK_PAYMENT_DEPENDENCIES } from "../../src/payment-dependencies"
import { moduleTestDatabase } from "../helpers/module-database"

jest.setTimeout(60_000)

const PAYMENT_MODULE_DIR = path.dirname(require.resolve("@medusajs/payment/package.json"))
const PROVIDERS_DIR = path.resolve(__dirname, "../../src/providers")
const STORE_URL = "https://api.shop.example"
const dbName = moduleTestDatabase(Modules.PAYMENT)
let emulator: Awaited<ReturnType<typeof startEmulator>>
const acquiringOptions: Record<string, unknown> = {}
const installmentsOptions: Record<string, unknown> = {}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 })
  await emulator.control.setWebhookMode("drop")
  Object.assign(acquiringOptions, {
    token: emulator.acquiringToken,
    baseUrl: emulator.url,
    captureMode: "manual",
    redirectUrl: "https://shop.example/return?session={session_id}",
    webhookBaseUrl: STORE_URL,
  })
  Object.assign(installmentsOptions, {
    storeId: "test_store_with_confirm",
    secret: "emulator-installments-test-secret",
    baseUrl: emulator.url,
    webhookBaseUrl: STORE_URL,
  })
})
afterAll(() => emulator?.close())

/**
 * What the payment module hands our providers through its `dependencies`: the real payment module
 * (registered by the runner), and here an in-memory session ledger (its SQL has its own module
 * spec) and one process's locking. Each test starts with a fresh ledger.
 */
let ledger = new MemoryLedger()
const ledgerOfTest = new Proxy({} as MemoryLedger, { get: (_target, key) => (ledger as any)[key]?.bind(ledger) })

function withFreshLedger(): () => void {
  ledger = new MemoryLedger()
  return () => {}
}

/** A payment captured in full through the provider, as `authorizePaymentSession` leaves it. */
async function capturedPayment(service: IPaymentModuleService, amount: number) {
  const collection = await service.createPaymentCollections({ currency_code: "uah", amount })
  const session = await service.createPaymentSession(collection.id, { provider_id: "pp_monobank_test-shop", currency_code: "uah", amount, data: {} })
  await emulator.control.payInvoice(session.data.invoiceId as string)
  const payment = await service.authorizePaymentSession(session.id, {})
  await service.capturePayment({ payment_id: payment!.id })
  return { payment: payment!, invoiceId: session.data.invoiceId as string }
}

moduleIntegrationTestRunner<IPaymentModuleService>({
  moduleName: Modules.PAYMENT,
  resolve: PAYMENT_MODULE_DIR,
  moduleDependencies: [...MONOBANK_PAYMENT_DEPENDENCIES],
  injectedDependencies: {
    [MONOBANK_SESSION_PAYMENTS_MODULE]: ledgerOfTest,
    // One process: Medusa's locking module with its in-memory provider behaves the same here.
    [Modules.LOCKING]: { execute: (_key: string, job: () => Promise<unknown>) => job() },
  },
  moduleOptions: {
    providers: [
      { resolve: path.join(PROVIDERS_DIR, "monobank"), id: "test-shop", options: acquiringOptions },
      { resolve: path.join(PROVIDERS_DIR, "monobank-installments"), id: "ua", options: installmentsOptions },
    ],
  },
  dbName,
  testSuite: ({ service }) => {
    it("finds each provider's registration id where Medusa's provider loader registers it", async () => {
      const providerIds = (await service.listPaymentProviders({})).map((provider) => provider.id)
      expect(providerIds).toEqual(expect.arrayContaining(["pp_monobank_test-shop", "pp_monobank-installments_ua"]))
      const cradle = (service as unknown as { __container__: Record<string, unknown> }).__container__
      expect(registeredProviderIds(cradle, "monobank-installments")).toEqual(["monobank-installments_ua"])
      expect(registeredIdOf(cradle, "monobank", cradle["pp_monobank_test-shop"] as object)).toBe("monobank_test-shop")
    })

    it("tells the bank the webhook URL of the id the provider was registered with", async () => {
      const leave = withFreshLedger()
      try {
        const collection = await service.createPaymentCollections({ currency_code: "uah", amount: 100 })
        const session = await service.createPaymentSession(collection.id, {
          provider_id: "pp_monobank_test-shop",
          currency_code: "uah",
          amount: 100,
          data: {},
        })
        const invoice = await emulator.control.getInvoice(session.data.invoiceId as string)
        expect(invoice).toMatchObject({ webHookUrl: `${STORE_URL}/hooks/monobank/payment/monobank_test-shop` })
      } finally {
        leave()
      }
    })

    it("a partial capture finalizes only its part at the bank, the amount read through the public listCaptures", async () => {
      const leave = withFreshLedger()
      try {
        const collection = await service.createPaymentCollections({ currency_code: "uah", amount: 1234.56 })
        const session = await service.createPaymentSession(collection.id, {
          provider_id: "pp_monobank_test-shop",
          currency_code: "uah",
          amount: 1234.56,
          data: {},
        })
        const invoiceId = session.data.invoiceId as string
        await emulator.control.payInvoice(invoiceId)
        const payment = await service.authorizePaymentSession(session.id, {})
        expect(payment).not.toBeNull()
        expect(await emulator.control.getInvoice(invoiceId)).toMatchObject({ status: "hold", amount: 123_456 })

        await service.capturePayment({ payment_id: payment!.id, amount: 1000 })
        expect(await emulator.control.getInvoice(invoiceId)).toMatchObject({ status: "success", finalAmount: 100_000 })
      } finally {
        leave()
      }
    })

    it("claims a payment session's data once, in one conditional write to the module's payment_session table", async () => {
      const leave = withFreshLedger()
      try {
        const cradle = (service as unknown as { __container__: Record<string, unknown> }).__container__
        const collection = await service.createPaymentCollections({ currency_code: "uah", amount: 100 })
        const session = await service.createPaymentSession(collection.id, { provider_id: "pp_monobank_test-shop", currency_code: "uah", amount: 100, data: {} })
        const dataOf = async () => (await service.listPaymentSessions({ id: session.id }, { select: ["id", "data"] }))[0]?.data
        const claim = () => mergeSessionData(cradle, session.id, { claim: "started" }, { live: true, absent: ["claim", "kept"] })

        expect(await claim()).toBe(true)
        expect(await claim()).toBe(false)
        expect(await dataOf()).toEqual({ ...session.data, claim: "started" })
        expect(await mergeSessionData(cradle, session.id, { claim: "unknown" }, { equal: { claim: "other" } })).toBe(false)
        expect(await mergeSessionData(cradle, session.id, { claim: "unknown" }, { equal: { claim: "started" } })).toBe(true)
        await removeSessionDataKey(cradle, session.id, "claim")
        expect(await dataOf()).toEqual(session.data)

        await (service as unknown as { softDeletePaymentSessions(ids: string[]): Promise<unknown> }).softDeletePaymentSessions([session.id])
        expect(await claim()).toBe(false)
        expect(await mergeSessionData(cradle, "payses_none", { claim: "started" })).toBe(false)
      } finally {
        leave()
      }
    })

    it("a refund reads and writes Medusa's refund records through the module's public service", async () => {
      const leave = withFreshLedger()
      try {
        const { payment, invoiceId } = await capturedPayment(service, 500)
        const refunded = await service.refundPayment({ payment_id: payment.id, amount: 100 })
        const [refund] = await service.listRefunds({ payment_id: payment.id }, { select: ["id", "payment_id"] })
        expect(refund).toMatchObject({ payment_id: payment.id })
        expect((await emulator.control.getInvoice(invoiceId)).cancelList).toEqual([expect.objectContaining({ amount: 10_000, extRef: refund.id })])
        expect(refunded.data).toMatchObject({ refunds: [expect.objectContaining({ ref: refund.id, amount: 10_000 })] })

        const records = service as unknown as RefundRecords
        await records.updateRefunds({ id: refund.id, metadata: { monobank_test: "marked" } })
        await records.updatePayment({ id: payment.id, data: { kept: "data" }, metadata: { kept: "metadata" } })
        const [stored] = await service.listPayments({ id: payment.id }, { select: ["id", "data", "metadata"] })
        expect(stored).toMatchObject({ data: { kept: "data" }, metadata: { kept: "metadata" } })
        const [marked] = await service.listRefunds({ id: refund.id }, { select: ["id", "metadata"] })
        expect(marked).toMatchObject({ metadata: { monobank_test: "marked" } })

        await records.softDeleteRefunds([refund.id])
        expect(await service.listRefunds({ id: refund.id })).toEqual([])
        const [retired] = await service.listRefunds({ id: refund.id }, { select: ["id", "deleted_at"], withDeleted: true })
        expect((retired as { deleted_at?: unknown } | undefined)?.deleted_at).toBeTruthy()
      } finally {
        leave()
      }
    })
  },
})
