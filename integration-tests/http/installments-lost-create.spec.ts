/**
 * Choosing installments when the bank's answer to "create the order" is lost (every attempt of
 * the client timed out; the bank made the order after it gave up). Medusa keeps no session then,
 * so nothing in the store can ever confirm or reject that order: the provider withdraws it, so
 * the shopper's app stops asking and no approved installment waits at the bank without an order.
 * Found by the fault soak.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { seedStore, type StoreFixtures } from "../helpers/store-fixtures"
import { chooseInstallments, INSTALLMENTS_PROVIDER, phoneEndingIn } from "./installments-helpers"

jest.setTimeout(120_000)

// The provider gives up on each attempt after 1 s; the bank makes the order 2.5 s after the request.
process.env.MONOBANK_INSTALLMENTS_TIMEOUT_MS = "1000"
const SLOW_MS = 2500
/** The client's attempts at an idempotent call (lib/monobank/retry.ts). */
const CLIENT_ATTEMPTS = 3
const env = useMonobankTestEnvironment()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: StoreFixtures

    beforeEach(async () => {
      fx = await seedStore(api, await createAdminHeaders(getContainer()), { paymentProviders: [INSTALLMENTS_PROVIDER] })
    })

    it("every answer to the order creation lost: the session fails, and the order the bank made anyway is withdrawn", async () => {
      await env.emulator.control.injectFault({ path: "/api/order/create", count: CLIENT_ATTEMPTS, kind: "slow", delayMs: SLOW_MS })
      // Phone ending 4: the shopper approves in the app at once; the order then waits for the store.
      const { response, session } = await chooseInstallments(api, fx, { client_phone: phoneEndingIn(4), parts_count: 4 })
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(session).toBeUndefined()

      await new Promise((resolve) => setTimeout(resolve, SLOW_MS + 1000))
      await env.emulator.control.flushWebhooks()
      const orderIds = [...new Set((await env.emulator.control.deliveries()).filter((d) => d.kind === "installments").map((d) => d.subject))]
      expect(orderIds).toHaveLength(1)
      const order = await env.emulator.control.getInstallmentOrder(orderIds[0])
      expect(order).toMatchObject({ state: "FAIL", order_sub_state: "REJECTED_BY_STORE" })
    })
  },
})
