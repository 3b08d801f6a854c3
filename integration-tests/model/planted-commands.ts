/**
 * A shopper attacking the store through the store API: a new payment session started with
 * planted `data` (mono checkout facts, another cart's paid invoice, another cart's approved
 * installment order) while the bank holds the provider's create request, the window in which
 * Medusa has stored the storefront's raw data and the cart can be completed on it. With an
 * installment planted, the storefront polls the session's status in that window: a "paid" answer
 * must be about the session's own order (#40 defect 10; the invariant `toldPaidFalsely`).
 */
import { MathBN } from "@medusajs/framework/utils"
import { ModelCommand, cartOf, describeCompletion, label, note, type Model, type Run } from "./command-base"
import { start } from "./shopper-commands"
import { answered, completeCart, currentSession, DEBIT_PROVIDER, HOLD_PROVIDER, INSTALLMENTS_PROVIDER, brief, startSession, type ModelCart } from "./store-world"
import { sleep } from "./webhook-tracker"

export type Attack = "checkout-facts-debit" | "checkout-facts-hold" | "foreign-invoice" | "foreign-installment"

/** Another cart's paid debit invoice (paid now on the bank's page if it has none). */
async function paidInvoiceOf(run: Run, source: ModelCart) {
  const current = await currentSession(run.world, source)
  let invoiceId = current?.provider_id === DEBIT_PROVIDER ? (current.data?.invoiceId as string | undefined) : undefined
  if (!invoiceId) invoiceId = (await start(run, source, "card-debit")).data?.payment_collection?.payment_sessions?.[0]?.data?.invoiceId
  if (!invoiceId) return undefined
  let invoice = await run.world.control.getInvoice(invoiceId)
  if (invoice.status === "created") {
    await run.world.control.payInvoice(invoiceId)
    invoice = await run.world.control.getInvoice(invoiceId)
    note(run, `${source.label}: the shopper pays invoice ${invoiceId} on the bank's page -> ${invoice.status}`)
  }
  return invoice
}

/** Another cart's installment order approved by its shopper (made now if it has none). */
async function approvedInstallmentOf(run: Run, source: ModelCart): Promise<string | undefined> {
  const current = await currentSession(run.world, source)
  let orderId = current?.provider_id === INSTALLMENTS_PROVIDER ? (current.data?.order_id as string | undefined) : undefined
  if (!orderId) orderId = (await start(run, source, "installments-store-confirm")).data?.payment_collection?.payment_sessions?.[0]?.data?.order_id
  if (!orderId) return undefined
  for (let i = 0; i < 50; i++) {
    const order = await run.world.control.getInstallmentOrder(orderId)
    if (order.order_sub_state !== "WAITING_FOR_CLIENT") break
    await sleep(50)
  }
  return orderId
}

/** The storefront polls the session's installment status, as its payment step does; a "paid" answer is kept for the invariant. */
async function pollInstallmentStatus(run: Run, cart: ModelCart, sessionId: string) {
  const answer = await answered(run.world.api.get(`/store/monobank/installments/${sessionId}`, run.world.fx.store))
  const status = answer.data?.installment?.status as string | undefined
  if (status === "authorized" || status === "captured") run.toldPaid.push({ cart: cart.label, sessionId, status })
  note(run, `${cart.label}: the storefront polls the session's installment status -> ${answer.status === 200 ? status : brief(answer)}`)
}

/**
 * The window: the bank holds the planted session's invoice/create (or installment order/create)
 * while Medusa already stores the storefront's raw data. "complete": the cart is completed in it,
 * then the bank answers; "closed": the bank answers at once; "open": the next commands run in it
 * (until `wait()` or the settle phase lets the bank answer).
 */
export type Window = "complete" | "closed" | "open"

export class PlantedSession extends ModelCommand {
  constructor(readonly c: number, readonly attack: Attack, readonly d: number, readonly window: Window, readonly phone: "3" | "7") {
    super()
  }
  private get sourceIndex() {
    return this.d === this.c ? (this.c + 1) % 3 : this.d
  }
  async run(_m: Model, run: Run) {
    const cart = await cartOf(run, this.c)
    const planted = await this.plantedData(run, cart)
    if (!planted) return note(run, `${cart.label}: nothing to plant`)
    const { control, sessions } = run.world
    // At most 15 s: a hold no request took (the provider did not call the bank) cannot stall a later command for long.
    await control.injectFault({ method: "POST", path: planted.createPath, count: 1, kind: "hold", delayMs: 15_000 })
    const known = new Set((await sessions.sessionsOf(cart.collectionId)).map((s) => s.id))
    const starting = startSession(run.world, cart, planted.provider, planted.data).then((answer) =>
      note(run, `${cart.label}: the planted session's start answered -> ${brief(answer)}`)
    )
    const fresh = await sessions.waitForNew(cart.collectionId, known)
    note(run, `${cart.label} starts a session with planted ${planted.what}; the bank holds its ${planted.createPath} -> row ${fresh ?? "(none)"}`)
    if (fresh && planted.provider === INSTALLMENTS_PROVIDER) await pollInstallmentStatus(run, cart, fresh)
    if (this.window === "open") {
      run.running.push(starting)
      return
    }
    if (this.window === "complete") note(run, `${cart.label}: completed in the window -> ${describeCompletion(await completeCart(run.world, cart))}`)
    await control.releaseHeldRequests()
    await starting
  }
  private async plantedData(run: Run, cart: ModelCart) {
    if (this.attack === "checkout-facts-debit" || this.attack === "checkout-facts-hold") {
      const facts = {
        checkout_order_id: "anything",
        cart_id: cart.id,
        payment_method: "card",
        payment: "captured",
        general_status: "success",
        payment_status: "success",
        amount: MathBN.convert(cart.total).toFixed(2),
        checked_at: new Date().toISOString(),
      }
      const provider = this.attack === "checkout-facts-debit" ? DEBIT_PROVIDER : HOLD_PROVIDER
      return { provider, createPath: "/api/merchant/invoice/create", what: "mono checkout facts", data: { monobank_checkout: facts } }
    }
    const source = await cartOf(run, this.sourceIndex)
    if (this.attack === "foreign-invoice") {
      const invoice = await paidInvoiceOf(run, source)
      if (!invoice) return undefined
      const data = { invoiceId: invoice.invoiceId, amount: invoice.amount, ccy: invoice.ccy, paymentType: "debit" }
      return { provider: DEBIT_PROVIDER, createPath: "/api/merchant/invoice/create", what: `${source.label}'s invoice ${invoice.invoiceId}`, data }
    }
    const orderId = await approvedInstallmentOf(run, source)
    if (!orderId) return undefined
    const data = { client_phone: `+38050123456${this.phone}`, order_id: orderId, store_order_id: "payses_anything" }
    return { provider: INSTALLMENTS_PROVIDER, createPath: "/api/order/create", what: `${source.label}'s installment order ${orderId}`, data }
  }
  toString() {
    const from = this.attack.startsWith("foreign") ? ` from ${label(this.sourceIndex)}` : ""
    const phone = this.attack === "foreign-installment" ? `, phone ...${this.phone}` : ""
    return `${label(this.c)}.plant(${this.attack}${from}${phone}, window ${this.window})`
  }
}
