/** The checkouts the store benchmarks time, over the store's HTTP API as a storefront makes them. */
import { completeCart, createReadyCart, startPaymentSession } from "../../integration-tests/helpers/store-fixtures"
import { chooseInstallments, phoneEndingIn } from "../../integration-tests/http/installments-helpers"
import { DEBIT_PROVIDER, SYSTEM_PROVIDER, type BenchStore } from "./boot"

const email = (kind: string, index: number) => `${kind}-${index}-${Date.now()}@bench.example.test`

export async function orderIdOfCart(store: BenchStore, cartId: string, timeoutMs = 60_000): Promise<string> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const { rows } = await store.sql.query(`select order_id from order_cart where cart_id = $1 and deleted_at is null`, [cartId])
    if (rows.length) return rows[0].order_id
    if (Date.now() > until) throw new Error(`cart ${cartId} has no order after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function expectOrder(answer: { status: number; data: any }, what: string) {
  if (answer.status !== 200 || answer.data?.type !== "order") {
    throw new Error(`${what}: cart complete answered ${answer.status} ${JSON.stringify(answer.data).slice(0, 300)}`)
  }
}

/** Card debit: session (the bank's invoice), the bank pays at once and sends its webhook, the shopper returns and completes. */
export async function cardCheckout(store: BenchStore, index: number): Promise<void> {
  const cart = await createReadyCart(store.api, store.fx, { email: email("card", index) })
  const { session } = await startPaymentSession(store.api, store.fx, cart.id, DEBIT_PROVIDER)
  await store.emulator.control.payInvoice(session.data.invoiceId)
  await expectOrder(await completeCart(store.api, store.fx, cart.id), "card")
}

/** Medusa's floor: the same cart paid with the system provider (no bank at all). */
export async function systemCheckout(store: BenchStore, index: number): Promise<void> {
  const cart = await createReadyCart(store.api, store.fx, { email: email("system", index) })
  await startPaymentSession(store.api, store.fx, cart.id, SYSTEM_PROVIDER)
  await expectOrder(await completeCart(store.api, store.fx, cart.id), "system")
}

/**
 * Installments where the store confirms: signed create, the bank's signed callback makes the order
 * (the emulator approves after 200 ms), then the admin captures (the bank's confirm).
 */
export async function installmentsCheckout(store: BenchStore, index: number): Promise<void> {
  const phone = phoneEndingIn(4)
  const ready = await createReadyCart(store.api, store.fx, { email: email("installments", index), phone })
  const { session, response } = await chooseInstallments(store.api, store.fx, { client_phone: phone, parts_count: 4 }, ready)
  if (!session) throw new Error(`installments session refused: ${response.status} ${JSON.stringify(response.data).slice(0, 300)}`)
  const paymentId = await paymentOfCartOrder(store, ready.id)
  await store.api.post(`/admin/payments/${paymentId}/capture`, {}, store.fx.admin)
}

/** The payment of the cart's order, once the bank's callback has made both. */
async function paymentOfCartOrder(store: BenchStore, cartId: string, timeoutMs = 60_000): Promise<string> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const { rows } = await store.sql.query(
      `select p.id from order_cart oc
         join order_payment_collection opc on opc.order_id = oc.order_id and opc.deleted_at is null
         join payment p on p.payment_collection_id = opc.payment_collection_id and p.deleted_at is null
       where oc.cart_id = $1 and oc.deleted_at is null`,
      [cartId]
    )
    if (rows.length) return rows[0].id
    if (Date.now() > until) throw new Error(`cart ${cartId} has no order with a payment after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
