/**
 * Issue 18: requests to the installments store routes that must not change anything. A refused
 * request to create a payment session leaves the shopper's open bank order and its session alone;
 * polling the session's status reads the bank at most once per few seconds and writes only what
 * changed.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { MONOBANK_BANK_READS_MODULE, type MonobankBankReadsModuleService } from "../../src/modules/monobank-bank-reads"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { seedStore, type StoreFixtures } from "../helpers/store-fixtures"
import {
  chooseInstallments,
  INSTALLMENTS_PROVIDER,
  installmentCalls,
  orderOfCart,
  phoneEndingIn,
  sessionOfCart,
} from "./installments-helpers"

jest.setTimeout(120_000)

/** What `read` gives once it gives something (the bank's callback is handled in the background). */
/**
 * The cart's order once it has its payment: the order and its payment-collection link are written by
 * different steps of Medusa's cart completion, so an order can be read a moment before its payment.
 */
async function orderWithPayment(container: Parameters<typeof orderOfCart>[0], cartId: string) {
  const order = await orderOfCart(container, cartId)
  return order?.payment_collections?.[0]?.payments?.length ? order : undefined
}

async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error("timed out waiting")
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const env = useMonobankTestEnvironment()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    let fx: StoreFixtures

    beforeEach(async () => {
      const admin = await createAdminHeaders(getContainer())
      fx = await seedStore(api, admin, { paymentProviders: [INSTALLMENTS_PROVIDER] })
    })

    describe("a refused request for a new installments session withdraws nothing", () => {
      /** The shopper's open installment: the bank waits for them in the app (ending 7 has no script). */
      async function openInstallment() {
        const first = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(7) })
        expect(first.session.status).toBe("pending")
        return first
      }

      async function sessionRequest(collectionId: string, body: Record<string, unknown>) {
        return api
          .post(`/store/payment-collections/${collectionId}/payment-sessions`, body, fx.store)
          .catch((error: any) => error.response)
      }

      /** Still waiting for the shopper at the bank, never rejected, and still the cart's session. */
      async function expectUntouched(first: Awaited<ReturnType<typeof openInstallment>>) {
        expect(await env.emulator.control.getInstallmentOrder(first.session.data.order_id)).toMatchObject({
          state: "IN_PROCESS",
          order_sub_state: "WAITING_FOR_CLIENT",
        })
        expect(await installmentCalls(env.emulator.control)).not.toContain("POST /api/order/reject")
        const session = await sessionOfCart(api, fx, first.cart.id)
        expect(session?.id).toBe(first.session.id)
      }

      it("a provider id under the installments prefix that names no provider", async () => {
        const first = await openInstallment()
        const refused = await sessionRequest(first.collectionId, {
          provider_id: "pp_monobank-installments_nonexistent",
          data: { client_phone: phoneEndingIn(8) },
        })
        expect(refused.status).toBe(400)
        await expectUntouched(first)
      })

      it("the installments provider after the store disabled it in the cart's region", async () => {
        const first = await openInstallment()
        await api.post(`/admin/regions/${fx.regionId}`, { payment_providers: ["pp_system_default"] }, fx.admin)
        const refused = await sessionRequest(first.collectionId, {
          provider_id: INSTALLMENTS_PROVIDER,
          data: { client_phone: phoneEndingIn(8) },
        })
        expect(refused.status).toBe(400)
        expect(refused.data.message).toMatch(/not enabled in the cart's region/)
        await expectUntouched(first)
      })

      it("a body Medusa's validation refuses (an unknown key)", async () => {
        const first = await openInstallment()
        const refused = await sessionRequest(first.collectionId, {
          provider_id: INSTALLMENTS_PROVIDER,
          data: { client_phone: phoneEndingIn(8) },
          amount: 1,
        })
        expect(refused.status).toBe(400)
        await expectUntouched(first)
      })

      it("data the provider refuses (a phone that is not Ukrainian)", async () => {
        const first = await openInstallment()
        const refused = await sessionRequest(first.collectionId, {
          provider_id: INSTALLMENTS_PROVIDER,
          data: { client_phone: "+7 916 123-45-67" },
        })
        expect(refused.status).toBe(400)
        expect(refused.data.code).toBe("monobank_installments.phone_not_ukrainian")
        await expectUntouched(first)
      })

      it("a cart that is already an order: the bank order its authorized payment rests on is left alone", async () => {
        const { cart, collectionId, session } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(4) })
        await eventually(() => orderWithPayment(getContainer(), cart.id))

        const again = await sessionRequest(collectionId, { provider_id: INSTALLMENTS_PROVIDER, data: { client_phone: phoneEndingIn(7) } })
        expect(again.status).toBe(400)

        expect(await env.emulator.control.getInstallmentOrder(session.data.order_id)).toMatchObject({
          state: "IN_PROCESS",
          order_sub_state: "WAITING_FOR_STORE_CONFIRM",
        })
        expect(await installmentCalls(env.emulator.control)).not.toContain("POST /api/order/reject")
        const [payment] = (await orderOfCart(getContainer(), cart.id)).payment_collections[0].payments
        expect(payment).toMatchObject({ canceled_at: null })
      })
    })

    it("a cart that is already an order, given a session of another provider: the store API refuses it (the order is paid), the bank order stays the payment's", async () => {
      const { cart, collectionId, session } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(4) })
      await eventually(() => orderWithPayment(getContainer(), cart.id))

      // Medusa would skip its region check for a completed cart and replace the collection's sessions.
      const other = await api.post(`/store/payment-collections/${collectionId}/payment-sessions`, { provider_id: "pp_system_default" }, fx.store).catch((error: any) => error.response)
      expect(other.status).toBe(400)
      expect(other.data.message).toMatch(/is paid; it takes no other payment/)

      expect(await env.emulator.control.getInstallmentOrder(session.data.order_id)).toMatchObject({
        state: "IN_PROCESS",
        order_sub_state: "WAITING_FOR_STORE_CONFIRM",
      })
      const [payment] = (await orderOfCart(getContainer(), cart.id)).payment_collections[0].payments
      const captured = await api.post(`/admin/payments/${payment.id}/capture`, {}, fx.admin)
      expect(captured.status).toBe(200)
      expect(await env.emulator.control.getInstallmentOrder(session.data.order_id)).toMatchObject({ state: "SUCCESS", order_sub_state: "ACTIVE" })
    })

    describe("polling an installment session", () => {
      /** The session's row as the payment module stores it. */
      async function storedSession(id: string) {
        const { rows } = await dbConnection.raw(`SELECT "status", "data", "metadata", "updated_at" FROM "payment_session" WHERE "id" = ?`, [id])
        return rows[0] as { status: string; data: Record<string, unknown>; metadata: Record<string, unknown> | null; updated_at: Date }
      }

      /** Something a store keeps on the session (the storefront cannot write metadata). */
      async function noteOnSession(id: string) {
        await dbConnection.raw(`UPDATE "payment_session" SET "metadata" = ? WHERE "id" = ?`, [JSON.stringify({ crm_ticket: "T-42" }), id])
      }

      const poll = (sessionId: string) => api.get(`/store/monobank/installments/${sessionId}`, fx.store)
      const stateReads = async () => (await installmentCalls(env.emulator.control)).filter((call) => call === "POST /api/order/state").length

      it("100 polls in 2 s read the bank at most once per few seconds and write nothing while the bank state is unchanged", async () => {
        const { session } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(7) })
        await noteOnSession(session.id)
        const before = await storedSession(session.id)
        const readsBefore = await stateReads()

        const started = Date.now()
        const answers = await Promise.all(
          Array.from({ length: 100 }, (_, i) => new Promise((resolve) => setTimeout(resolve, i * 20)).then(() => poll(session.id)))
        )
        const elapsedMs = Date.now() - started

        for (const answer of answers) {
          expect(answer.data.installment).toMatchObject({ status: "pending", code: "WAITING_FOR_CLIENT", final: false })
        }
        expect(await storedSession(session.id)).toEqual(before)
        const reads = (await stateReads()) - readsBefore
        expect(reads).toBeGreaterThanOrEqual(1)
        // One read per 5 s interval: the first poll's, then at most one per interval begun since.
        expect(reads).toBeLessThanOrEqual(Math.floor(elapsedMs / 5_000) + 1)
      })

      it("a poll after the read interval sees the shopper's confirmation and completes the cart; the session's metadata survives", async () => {
        await env.emulator.control.setWebhookMode("drop")
        const { cart, session } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(7) })
        await noteOnSession(session.id)
        expect((await poll(session.id)).data.installment.status).toBe("pending")

        await env.emulator.control.installmentClientConfirm(session.data.order_id)
        const readsBefore = await stateReads()
        const coalesced = await poll(session.id)
        expect(coalesced.data.installment).toMatchObject({ status: "pending", order: null })
        expect(await stateReads()).toBe(readsBefore)

        await new Promise((resolve) => setTimeout(resolve, 5_200))
        const seen = await poll(session.id)
        const order = await orderOfCart(getContainer(), cart.id)
        expect(order).toBeDefined()
        expect(seen.data.installment).toMatchObject({ status: "authorized", code: "WAITING_FOR_STORE_CONFIRM", order: { id: order.id } })
        const stored = await storedSession(session.id)
        expect(stored.metadata).toEqual({ crm_ticket: "T-42" })
        expect(stored.data).toMatchObject({ order_sub_state: "WAITING_FOR_STORE_CONFIRM" })
      })

      it("the read claim is decided by the database: one of 20 simultaneous claims wins, the next one after the interval", async () => {
        const reads = getContainer().resolve(MONOBANK_BANK_READS_MODULE) as MonobankBankReadsModuleService
        const key = `installments:payses_claim_${Date.now()}`
        const now = new Date()
        const claims = await Promise.all(Array.from({ length: 20 }, () => reads.claimBankRead(key, 5_000, now)))
        expect(claims.filter(Boolean)).toHaveLength(1)
        expect(await reads.claimBankRead(key, 5_000, new Date(now.getTime() + 4_999))).toBe(false)
        expect(await reads.claimBankRead(key, 5_000, new Date(now.getTime() + 5_000))).toBe(true)
      })
    })
  },
})
