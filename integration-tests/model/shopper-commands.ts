/**
 * What shoppers do: start (or replace) a payment session, pay on the bank's page or in the bank's
 * app, pay on the store's page, pay with a charge whose answer the bank loses, complete the cart
 * (sometimes twice at once, or in the background), change the cart.
 */
import { TEST_CARDS } from "../../emulator"
import type { FaultSpec } from "../../emulator/faults"
import { LOST_ANSWER_MS, ModelCommand, cartOf, describeCompletion, label, madeCart, note, type Model, type Run } from "./command-base"
import {
  brief,
  changeCart,
  completeCart,
  currentSession,
  DEBIT_PROVIDER,
  HOLD_PROVIDER,
  INSTALLMENTS_PROVIDER,
  payOnStorePage,
  startSession,
  type Answer,
  type ModelCart,
  type World,
} from "./store-world"

export const SESSION_METHODS = {
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
export type SessionMethod = keyof typeof SESSION_METHODS

export async function start(run: Run, cart: ModelCart, method: SessionMethod): Promise<Answer> {
  const { provider, data } = SESSION_METHODS[method]
  const answer = await startSession(run.world, cart, provider, data(run.world))
  const session = answer.data?.payment_collection?.payment_sessions?.find((s: any) => s.provider_id === provider)
  const bank = session?.data?.invoiceId ?? session?.data?.order_id
  note(run, `${cart.label} starts a ${method} session -> ${brief(answer)}${session ? ` ${session.id}` : ""}${bank ? ` (bank ${bank})` : ""}`)
  return answer
}

export class StartSession extends ModelCommand {
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

export class PayOnBankPage extends ModelCommand {
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

export class AnswerInApp extends ModelCommand {
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

export class PayOnStorePage extends ModelCommand {
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
export const LOST_ANSWER = {
  "500": { kind: "500", afterProcessing: true },
  reset: { kind: "reset", afterProcessing: true },
  late: { kind: "slow", delayMs: LOST_ANSWER_MS, afterProcessing: true },
} as const satisfies Record<string, Omit<FaultSpec, "path" | "count">>
export type LostHow = keyof typeof LOST_ANSWER
export type AfterLoss = "nothing" | "new-session" | "change-cart" | "complete"

/** The bank charges the card but its answer never reaches the store; then the shopper does `then`. */
export class LostAnswerCharge extends ModelCommand {
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

export class Complete extends ModelCommand {
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

export class ChangeCart extends ModelCommand {
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
