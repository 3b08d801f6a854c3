/**
 * What shoppers, the bank and the store owner do in the money model, as fast-check commands. Each
 * names its cart by index (`cart1`..`cart3`, made on first use) so a shrunk sequence reads as a
 * story. A command that does not apply (no invoice to pay, no order to refund) does nothing and
 * says so in the transcript. Commands marked "in the background" are not awaited: what comes
 * next runs while they do, and `wait` (or the settle phase) joins them.
 */
import fc from "fast-check"
import { MathBN } from "@medusajs/framework/utils"
import { TEST_CARDS } from "../../emulator"
import type { FaultSpec } from "../../emulator/faults"
import { fromMinorUnits, toMinorUnits } from "../../src/lib/monobank"
import { runScheduledJobs, reconcileAsIf } from "./settle"
import {
  adminCancelOrder,
  adminCapture,
  adminRefund,
  brief,
  changeCart,
  completeCart,
  currentSession,
  DEBIT_PROVIDER,
  HOLD_PROVIDER,
  INSTALLMENTS_PROVIDER,
  newCart,
  orderOfCart,
  payOnStorePage,
  startSession,
  type Answer,
  type ModelCart,
  type World,
} from "./store-world"
import { sleep } from "./webhook-tracker"

/** Bank timeouts of the store under test (set in the spec before Medusa boots). */
export const BANK_TIMEOUT_MS = 2000
/** A bank answer this late is lost: the store gave up, the bank acted. */
const LOST_ANSWER_MS = BANK_TIMEOUT_MS + 500

export type Run = {
  world: World
  carts: Array<ModelCart | undefined>
  running: Array<Promise<unknown>>
  transcript: string[]
  startedAt: number
}
/** fast-check's model side: the facts live in `Run` (they come from the real store). */
export type Model = Record<string, never>

const label = (c: number) => `cart${c + 1}`

async function cartOf(run: Run, c: number): Promise<ModelCart> {
  run.carts[c] ??= await newCart(run.world, label(c))
  return run.carts[c]!
}

/** The cart if an earlier command made it: acting on a cart nobody has started is a no-op. */
function madeCart(run: Run, c: number): ModelCart | undefined {
  return run.carts[c]
}

function note(run: Run, line: string) {
  run.transcript.push(`[${((Date.now() - run.startedAt) / 1000).toFixed(1)}s] ${line}`)
}

abstract class ModelCommand implements fc.AsyncCommand<Model, Run> {
  abstract readonly kind: string
  check(): true {
    return true
  }
  abstract run(model: Model, run: Run): Promise<void>
  abstract toString(): string
}

// ---- shoppers ---------------------------------------------------------------------------------

const SESSION_METHODS = {
  "card-debit": { provider: DEBIT_PROVIDER, data: () => ({}) },
  "card-hold": { provider: HOLD_PROVIDER, data: () => ({}) },
  "store-page-debit": { provider: DEBIT_PROVIDER, data: () => ({ pay_on_store_page: true }) },
  "store-page-hold": { provider: HOLD_PROVIDER, data: () => ({ pay_on_store_page: true }) },
  "saved-card-debit": { provider: DEBIT_PROVIDER, data: (w: World) => ({ payment_method_id: w.savedCardId }) },
  "saved-card-hold": { provider: HOLD_PROVIDER, data: (w: World) => ({ payment_method_id: w.savedCardId }) },
  // Phone endings script the shopper in the bank's app: 1 approves, 4 approves and waits for the store, 7 waits for `app`.
  "installments-approve": { provider: INSTALLMENTS_PROVIDER, data: () => ({ client_phone: "+380501234561", parts_count: 4 }) },
  "installments-store-confirm": { provider: INSTALLMENTS_PROVIDER, data: () => ({ client_phone: "+380501234564", parts_count: 4 }) },
  "installments-wait": { provider: INSTALLMENTS_PROVIDER, data: () => ({ client_phone: "+380501234567", parts_count: 4 }) },
} as const
type SessionMethod = keyof typeof SESSION_METHODS

async function start(run: Run, cart: ModelCart, method: SessionMethod): Promise<Answer> {
  const { provider, data } = SESSION_METHODS[method]
  const answer = await startSession(run.world, cart, provider, data(run.world))
  const session = answer.data?.payment_collection?.payment_sessions?.find((s: any) => s.provider_id === provider)
  const bank = session?.data?.invoiceId ?? session?.data?.order_id
  note(run, `${cart.label} starts a ${method} session -> ${brief(answer)}${session ? ` ${session.id}` : ""}${bank ? ` (bank ${bank})` : ""}`)
  return answer
}

class StartSession extends ModelCommand {
  readonly kind = "start"
  constructor(readonly c: number, readonly method: SessionMethod) {
    super()
  }
  async run(_m: Model, run: Run) {
    await start(run, await cartOf(run, this.c), this.method)
  }
  toString() {
    return `${label(this.c)}.start(${this.method})`
  }
}

class PayOnBankPage extends ModelCommand {
  readonly kind = "pay"
  constructor(readonly c: number, readonly card: "visa" | "declined") {
    super()
  }
  async run(_m: Model, run: Run) {
    const cart = madeCart(run, this.c)
    if (!cart) return note(run, `${label(this.c)}: not started yet`)
    const invoiceId = (await currentSession(run.world, cart))?.data?.invoiceId as string | undefined
    if (!invoiceId) return note(run, `${cart.label}: no invoice to pay on the bank's page`)
    const outcome = await run.world.control.payInvoice(invoiceId, { pan: TEST_CARDS[this.card] }).then(
      (record) => record.status,
      (error) => `refused (${(error as Error).message})`
    )
    note(run, `${cart.label}: the shopper pays invoice ${invoiceId} on the bank's page with ${this.card} -> ${outcome}`)
  }
  toString() {
    return `${label(this.c)}.payOnBankPage(${this.card})`
  }
}

class AnswerInApp extends ModelCommand {
  readonly kind = "app"
  constructor(readonly c: number, readonly answer: "confirm" | "reject") {
    super()
  }
  async run(_m: Model, run: Run) {
    const cart = madeCart(run, this.c)
    if (!cart) return note(run, `${label(this.c)}: not started yet`)
    const orderId = (await currentSession(run.world, cart))?.data?.order_id as string | undefined
    if (!orderId) return note(run, `${cart.label}: no installment order to answer in the app`)
    const { control } = run.world
    const act = this.answer === "confirm" ? control.installmentClientConfirm(orderId) : control.installmentClientReject(orderId)
    const outcome = await act.then((o) => o.order_sub_state, (error) => `refused (${(error as Error).message})`)
    note(run, `${cart.label}: the shopper answers ${this.answer} in the app for order ${orderId} -> ${outcome}`)
  }
  toString() {
    return `${label(this.c)}.answerInApp(${this.answer})`
  }
}

class PayOnStorePage extends ModelCommand {
  readonly kind = "store-page"
  constructor(readonly c: number) {
    super()
  }
  async run(_m: Model, run: Run) {
    const cart = madeCart(run, this.c)
    if (!cart) return note(run, `${label(this.c)}: not started yet`)
    const session = await currentSession(run.world, cart)
    if (!session?.data?.storePage) return note(run, `${cart.label}: no store-page session to pay`)
    note(run, `${cart.label}: card details on the store's page -> ${brief(await payOnStorePage(run.world, cart, session.id, TEST_CARDS.visa))}`)
  }
  toString() {
    return `${label(this.c)}.payOnStorePage()`
  }
}

const LOST_CHARGE_PATH = { "store-page": "/api/merchant/invoice/payment-direct", "saved-card": "/api/merchant/wallet/payment" } as const
/** How the answer of a charge the bank made gets lost: an error, a dropped connection, or too late. */
const LOST_ANSWER = {
  "500": { kind: "500", afterProcessing: true },
  reset: { kind: "reset", afterProcessing: true },
  late: { kind: "slow", delayMs: LOST_ANSWER_MS, afterProcessing: true },
} as const satisfies Record<string, Omit<FaultSpec, "path" | "count">>
type LostHow = keyof typeof LOST_ANSWER
type AfterLoss = "nothing" | "new-session" | "change-cart" | "complete"

/** The bank charges the card but its answer never reaches the store; then the shopper does `then`. */
class LostAnswerCharge extends ModelCommand {
  readonly kind = "lost-charge"
  constructor(
    readonly c: number,
    readonly via: "store-page" | "saved-card",
    readonly capture: "debit" | "hold",
    readonly how: LostHow,
    readonly then: AfterLoss
  ) {
    super()
  }
  async run(_m: Model, run: Run) {
    const cart = await cartOf(run, this.c)
    const started = await start(run, cart, `${this.via}-${this.capture}`)
    const session = started.data?.payment_collection?.payment_sessions?.[0]
    if (!session) return
    await run.world.control.injectFault({ path: LOST_CHARGE_PATH[this.via], count: 1, ...LOST_ANSWER[this.how] })
    const charged =
      this.via === "store-page" ? await payOnStorePage(run.world, cart, session.id, TEST_CARDS.visa) : await completeCart(run.world, cart)
    note(run, `${cart.label}: ${this.via} charge, the bank charges and its answer is lost (${this.how}) -> ${brief(charged)}`)
    if (this.then === "new-session") await start(run, cart, "card-debit")
    if (this.then === "change-cart") note(run, `${cart.label}: the shopper adds an item -> ${brief(await changeCart(run.world, cart))}`)
    if (this.then === "complete") note(run, `${cart.label}: the shopper completes again -> ${describeCompletion(await completeCart(run.world, cart))}`)
  }
  toString() {
    return `${label(this.c)}.lostAnswerCharge(${this.via}, ${this.capture}, answer ${this.how}, then ${this.then})`
  }
}

function describeCompletion(answer: Answer): string {
  return answer.data?.type === "order" ? `order ${answer.data.order.id}` : brief(answer)
}

class Complete extends ModelCommand {
  readonly kind = "complete"
  constructor(readonly c: number, readonly twice: boolean, readonly background: boolean) {
    super()
  }
  async run(_m: Model, run: Run) {
    const cart = madeCart(run, this.c)
    if (!cart) return note(run, `${label(this.c)}: not started yet`)
    const once = () => completeCart(run.world, cart).then((answer) => note(run, `${cart.label}: completion answered -> ${describeCompletion(answer)}`))
    const both = Promise.all(this.twice ? [once(), once()] : [once()])
    note(run, `${cart.label}: the storefront completes the cart${this.twice ? " twice at once" : ""}${this.background ? " (in the background)" : ""}`)
    if (this.background) run.running.push(both)
    else await both
  }
  toString() {
    return `${label(this.c)}.complete(${[this.twice && "twice", this.background && "background"].filter(Boolean).join(", ")})`
  }
}

class ChangeCart extends ModelCommand {
  readonly kind = "change-cart"
  constructor(readonly c: number) {
    super()
  }
  async run(_m: Model, run: Run) {
    const cart = madeCart(run, this.c)
    if (!cart) return note(run, `${label(this.c)}: not started yet`)
    const answer = await changeCart(run.world, cart)
    if (answer.data?.cart?.total !== undefined) cart.total = answer.data.cart.total
    note(run, `${cart.label}: the shopper adds an item (Medusa drops the payment sessions) -> ${brief(answer)}`)
  }
  toString() {
    return `${label(this.c)}.changeCart()`
  }
}

// ---- a shopper attacking the store through the store API --------------------------------------

type Attack = "checkout-facts-debit" | "checkout-facts-hold" | "foreign-invoice" | "foreign-installment"

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

/**
 * The window: the bank holds the planted session's invoice/create (or installment order/create)
 * while Medusa already stores the storefront's raw data. "complete": the cart is completed in it,
 * then the bank answers; "closed": the bank answers at once; "open": the next commands run in it
 * (until `wait()` or the settle phase lets the bank answer).
 */
type Window = "complete" | "closed" | "open"

class PlantedSession extends ModelCommand {
  readonly kind: string
  constructor(readonly c: number, readonly attack: Attack, readonly d: number, readonly window: Window, readonly phone: "3" | "7") {
    super()
    this.kind = `plant-${attack.replace(/-(debit|hold)$/, "")}`
  }
  private get sourceIndex() {
    return this.d === this.c ? (this.c + 1) % 3 : this.d
  }
  async run(_m: Model, run: Run) {
    const cart = await cartOf(run, this.c)
    const planted = await this.plantedData(run, cart)
    if (!planted) return note(run, `${cart.label}: nothing to plant`)
    const { control, sessions } = run.world
    await control.injectFault({ method: "POST", path: planted.createPath, count: 1, kind: "hold" })
    const known = new Set((await sessions.sessionsOf(cart.collectionId)).map((s) => s.id))
    const starting = startSession(run.world, cart, planted.provider, planted.data).then((answer) =>
      note(run, `${cart.label}: the planted session's start answered -> ${brief(answer)}`)
    )
    const fresh = await sessions.waitForNew(cart.collectionId, known)
    note(run, `${cart.label} starts a session with planted ${planted.what}; the bank holds its ${planted.createPath} -> row ${fresh ?? "(none)"}`)
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
        order_ref: cart.id,
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

// ---- the bank ---------------------------------------------------------------------------------

class WebhookMode extends ModelCommand {
  readonly kind = "webhooks"
  constructor(readonly mode: "deliver" | "hold" | "drop" | "duplicate") {
    super()
  }
  async run(_m: Model, run: Run) {
    await run.world.control.setWebhookMode(this.mode)
    note(run, `the bank's webhooks: ${this.mode}`)
  }
  toString() {
    return `bank.webhooks(${this.mode})`
  }
}

class ReleaseWebhooks extends ModelCommand {
  readonly kind = "release"
  constructor(readonly order: "fifo" | "reverse", readonly duplicate: boolean) {
    super()
  }
  async run(_m: Model, run: Run) {
    const released = await run.world.control.releaseWebhooks({ order: this.order, duplicate: this.duplicate })
    note(run, `the bank sends ${released} held webhook(s) ${this.order === "reverse" ? "newest first" : "oldest first"}${this.duplicate ? ", each twice" : ""}`)
  }
  toString() {
    return `bank.releaseWebhooks(${this.order}${this.duplicate ? ", duplicate" : ""})`
  }
}

const FAULT_PATHS = [
  "/api/merchant/invoice/create",
  "/api/merchant/invoice/status",
  "/api/merchant/invoice/cancel",
  "/api/merchant/invoice/finalize",
  "/api/merchant/invoice/remove",
  "/api/merchant/wallet/payment",
  "/api/order/create",
  "/api/order/state",
  "/api/order/confirm",
  "/api/order/reject",
  "/api/order/return",
] as const
const FAULT_KINDS = {
  "500": { kind: "500" },
  "500 after acting": { kind: "500", afterProcessing: true },
  "answer lost": { kind: "slow", delayMs: LOST_ANSWER_MS, afterProcessing: true },
  "acts after the store gave up": { kind: "slow", delayMs: LOST_ANSWER_MS },
} as const satisfies Record<string, Omit<FaultSpec, "path" | "count">>

class BankFault extends ModelCommand {
  readonly kind = "fault"
  constructor(readonly path: (typeof FAULT_PATHS)[number], readonly fault: keyof typeof FAULT_KINDS) {
    super()
  }
  async run(_m: Model, run: Run) {
    await run.world.control.injectFault({ path: this.path, count: 1, ...FAULT_KINDS[this.fault] })
    note(run, `the bank's next ${this.path}: ${this.fault}`)
  }
  toString() {
    return `bank.fault(${this.path}, ${this.fault})`
  }
}

// ---- the store and its owner ------------------------------------------------------------------

class RunJobs extends ModelCommand {
  readonly kind = "jobs"
  async run(_m: Model, run: Run) {
    await runScheduledJobs.run(run.world)
    await reconcileAsIf(6).run(run.world)
    note(run, "the scheduled jobs run (also as if 6 minutes had passed)")
  }
  toString() {
    return "store.runJobs()"
  }
}

/** The order's payments the admin would act on (not canceled). */
async function livePayments(run: Run, cart: ModelCart) {
  const order = await orderOfCart(run.world, cart)
  return { order, payments: (order?.payments ?? []).filter((p: any) => !p.canceled_at) }
}

function twiceIf<T>(twice: boolean, act: () => Promise<T>): Promise<T[]> {
  return Promise.all(twice ? [act(), act()] : [act()])
}

class AdminCapture extends ModelCommand {
  readonly kind = "capture"
  constructor(readonly c: number, readonly twice: boolean) {
    super()
  }
  async run(_m: Model, run: Run) {
    const cart = madeCart(run, this.c)
    if (!cart) return note(run, `${label(this.c)}: not started yet`)
    const payment = (await livePayments(run, cart)).payments.find((p: any) => !p.captured_at)
    if (!payment) return note(run, `${cart.label}: no payment to capture`)
    const answers = await twiceIf(this.twice, () => adminCapture(run.world, payment.id))
    note(run, `${cart.label}: the admin captures payment ${payment.id}${this.twice ? " twice at once" : ""} -> ${answers.map(brief).join(", ")}`)
  }
  toString() {
    return `${label(this.c)}.adminCapture(${this.twice ? "twice" : ""})`
  }
}

class AdminRefund extends ModelCommand {
  readonly kind = "refund"
  constructor(readonly c: number, readonly share: 0.25 | 0.5 | 1, readonly twice: boolean) {
    super()
  }
  async run(_m: Model, run: Run) {
    const cart = madeCart(run, this.c)
    if (!cart) return note(run, `${label(this.c)}: not started yet`)
    const payment = (await livePayments(run, cart)).payments.find((p: any) => (p.captures ?? []).length > 0)
    if (!payment) return note(run, `${cart.label}: no captured payment to refund`)
    const captured = (payment.captures as any[]).reduce((total, c) => total + toMinorUnits(c.amount, "UAH"), 0)
    const amount = Number(fromMinorUnits(Math.floor(captured * this.share), "UAH"))
    const answers = await twiceIf(this.twice, () => adminRefund(run.world, payment.id, amount))
    note(run, `${cart.label}: the admin refunds ${amount} of payment ${payment.id}${this.twice ? " twice at once" : ""} -> ${answers.map(brief).join(", ")}`)
  }
  toString() {
    return `${label(this.c)}.adminRefund(${this.share * 100}%${this.twice ? ", twice" : ""})`
  }
}

class AdminCancel extends ModelCommand {
  readonly kind = "cancel"
  constructor(readonly c: number) {
    super()
  }
  async run(_m: Model, run: Run) {
    const cart = madeCart(run, this.c)
    if (!cart) return note(run, `${label(this.c)}: not started yet`)
    const { order } = await livePayments(run, cart)
    if (!order) return note(run, `${cart.label}: no order to cancel`)
    note(run, `${cart.label}: the admin cancels order ${order.id} -> ${brief(await adminCancelOrder(run.world, order.id))}`)
  }
  toString() {
    return `${label(this.c)}.adminCancelOrder()`
  }
}

class Wait extends ModelCommand {
  readonly kind = "wait"
  async run(_m: Model, run: Run) {
    await run.world.control.releaseHeldRequests()
    const running = run.running.splice(0)
    await Promise.allSettled(running)
    note(run, `waited for ${running.length} background action(s)`)
  }
  toString() {
    return "wait()"
  }
}

// ---- the generator ------------------------------------------------------------------------------

const cart = fc.integer({ min: 0, max: 2 })
const plantWindow = fc.constantFrom("complete", "complete", "closed", "open") as fc.Arbitrary<Window>

/** Weighted so that planted data and lost answers are a good share of every sequence. */
export const COMMAND_ARBITRARIES = {
  start: { weight: 4, arbitrary: fc.tuple(cart, fc.constantFrom(...(Object.keys(SESSION_METHODS) as SessionMethod[]))).map(([c, m]) => new StartSession(c, m)) },
  pay: { weight: 3, arbitrary: fc.tuple(cart, fc.constantFrom("visa", "visa", "declined") as fc.Arbitrary<"visa" | "declined">).map(([c, card]) => new PayOnBankPage(c, card)) },
  app: { weight: 1, arbitrary: fc.tuple(cart, fc.constantFrom("confirm", "reject") as fc.Arbitrary<"confirm" | "reject">).map(([c, a]) => new AnswerInApp(c, a)) },
  "store-page": { weight: 1, arbitrary: cart.map((c) => new PayOnStorePage(c)) },
  "lost-charge": {
    weight: 3,
    arbitrary: fc
      .tuple(
        cart,
        fc.constantFrom("store-page", "saved-card") as fc.Arbitrary<"store-page" | "saved-card">,
        fc.constantFrom("debit", "hold") as fc.Arbitrary<"debit" | "hold">,
        fc.constantFrom("500", "500", "reset", "late") as fc.Arbitrary<LostHow>,
        fc.constantFrom("nothing", "new-session", "change-cart", "complete") as fc.Arbitrary<AfterLoss>
      )
      .map(([c, via, capture, how, then]) => new LostAnswerCharge(c, via, capture, how, then)),
  },
  complete: { weight: 4, arbitrary: fc.tuple(cart, fc.boolean(), fc.boolean()).map(([c, twice, bg]) => new Complete(c, twice, bg)) },
  "change-cart": { weight: 1, arbitrary: cart.map((c) => new ChangeCart(c)) },
  "plant-checkout-facts": {
    weight: 1.5,
    arbitrary: fc
      .tuple(cart, fc.constantFrom("checkout-facts-debit", "checkout-facts-hold") as fc.Arbitrary<Attack>, plantWindow)
      .map(([c, attack, window]) => new PlantedSession(c, attack, c, window, "7")),
  },
  "plant-foreign-invoice": {
    weight: 1.5,
    arbitrary: fc.tuple(cart, cart, plantWindow).map(([c, d, window]) => new PlantedSession(c, "foreign-invoice", d, window, "7")),
  },
  "plant-foreign-installment": {
    weight: 1.5,
    arbitrary: fc
      .tuple(cart, cart, plantWindow, fc.constantFrom("3", "7") as fc.Arbitrary<"3" | "7">)
      .map(([c, d, window, phone]) => new PlantedSession(c, "foreign-installment", d, window, phone)),
  },
  webhooks: { weight: 1.5, arbitrary: (fc.constantFrom("deliver", "hold", "drop", "duplicate") as fc.Arbitrary<WebhookMode["mode"]>).map((m) => new WebhookMode(m)) },
  release: { weight: 1, arbitrary: fc.tuple(fc.constantFrom("fifo", "reverse") as fc.Arbitrary<"fifo" | "reverse">, fc.boolean()).map(([o, d]) => new ReleaseWebhooks(o, d)) },
  fault: {
    weight: 1.5,
    arbitrary: fc
      .tuple(fc.constantFrom(...FAULT_PATHS), fc.constantFrom(...(Object.keys(FAULT_KINDS) as Array<keyof typeof FAULT_KINDS>)))
      .map(([path, kind]) => new BankFault(path, kind)),
  },
  jobs: { weight: 1, arbitrary: fc.constant(new RunJobs()) },
  capture: { weight: 1.5, arbitrary: fc.tuple(cart, fc.boolean()).map(([c, twice]) => new AdminCapture(c, twice)) },
  refund: {
    weight: 1.5,
    arbitrary: fc.tuple(cart, fc.constantFrom(0.25, 0.5, 1) as fc.Arbitrary<0.25 | 0.5 | 1>, fc.boolean()).map(([c, s, twice]) => new AdminRefund(c, s, twice)),
  },
  cancel: { weight: 0.5, arbitrary: cart.map((c) => new AdminCancel(c)) },
  wait: { weight: 1, arbitrary: fc.constant(new Wait()) },
} satisfies Record<string, { weight: number; arbitrary: fc.Arbitrary<ModelCommand> }>

export type CommandName = keyof typeof COMMAND_ARBITRARIES

/** The command arbitrary for `fc.commands`: every command but those named in `skip`, weighted. */
export function commandArbitraries(skip: ReadonlySet<string>): Array<fc.Arbitrary<fc.AsyncCommand<Model, Run>>> {
  const chosen = Object.entries(COMMAND_ARBITRARIES).filter(([name]) => !skip.has(name))
  if (chosen.length === 0) throw new Error("MODEL_SKIP leaves no command")
  return [fc.oneof(...chosen.map(([, { weight, arbitrary }]) => ({ weight: Math.round(weight * 2), arbitrary })))]
}
