/**
 * An installment order placed before the shopper's approval (the owner's `placeOrderBeforeApproval`):
 * the cart becomes an order at once, unpaid, its stock reserved, while the bank waits for the
 * shopper in the app. What then happens to it: the shopper approves or declines (or answers later,
 * through `answerInApp`), racing the owner's fulfilment or cancel, or the shopper's new payment
 * session on the order's collection; and the owner's fulfilment of any order (`adminFulfil`).
 */
import type { EmulatorControl } from "../../emulator"
import type { InstallmentOrder } from "../../emulator/installments/types"
import { BANK_TIMEOUT_MS, ModelCommand, cartOf, describeCompletion, label, madeCart, note, type Model, type Run } from "./command-base"
import { start } from "./shopper-commands"
import {
  adminCancelOrder,
  adminFulfil,
  brief,
  completeCart,
  orderOfCart,
  placeOrdersBeforeApproval,
  startSession,
  SYSTEM_PROVIDER,
  type Answer,
  type ModelCart,
} from "./store-world"
import { sleep } from "./webhook-tracker"

/**
 * What the shopper answers in the app now ("later": not now, `answerInApp` or nobody answers;
 * "timeout": never, and the bank's push times out now instead of in 15 minutes).
 */
export const APP_ANSWERS = ["later", "confirm", "reject", "timeout"] as const
export type AppAnswer = (typeof APP_ANSWERS)[number]
/** Who acts on the waiting order: the owner fulfils or cancels it, or the shopper starts another session on its collection. */
export const RIVALS = ["none", "fulfil", "cancel", "new-session-card", "new-session-system"] as const
export type Rival = (typeof RIVALS)[number]
/**
 * "rival-first": the rival acts, then the shopper answers; "answer-first": the store has handled the
 * answer when the rival acts; "racing": the rival acts while the store handles the answer (the
 * bank holds the store's read of the installment's state, at most until just before the store's timeout).
 */
export const TIMINGS = ["rival-first", "racing", "answer-first"] as const
export type Timing = (typeof TIMINGS)[number]

const APP_ACTIONS: Record<Exclude<AppAnswer, "later">, (control: EmulatorControl, bankOrderId: string) => Promise<InstallmentOrder>> = {
  confirm: (control, id) => control.installmentClientConfirm(id),
  reject: (control, id) => control.installmentClientReject(id),
  timeout: (control, id) => control.installmentClientTimeout(id),
}

const STATE_PATH = "/api/order/state"
const RACE_HOLD_MS = BANK_TIMEOUT_MS - 300
/** How long the race waits for the store to ask the bank (webhooks held or dropped: never). */
const RACE_START_MS = 1500

export class PlaceOrderBeforeApproval extends ModelCommand {
  constructor(readonly c: number, readonly answer: AppAnswer, readonly rival: Rival, readonly timing: Timing) {
    super()
  }
  async run(_m: Model, run: Run) {
    const made = madeCart(run, this.c)
    const cart = made ?? (await cartOf(run, this.c, { stocked: true }))
    if (made && (await orderOfCart(run.world, made))) return note(run, `${cart.label}: has its order already`)
    const placed = await this.place(run, cart)
    if (!placed) return
    const { orderId, bankOrderId } = placed
    if (this.timing === "rival-first") await this.rivalActs(run, cart, orderId)
    if (this.timing === "racing" && this.answer !== "later" && this.rival !== "none") {
      await run.world.control.injectFault({ method: "POST", path: STATE_PATH, count: 1, kind: "hold", delayMs: RACE_HOLD_MS })
      await this.shopperAnswers(run, cart, bankOrderId)
      const taken = await storeAskedTheBank(run)
      note(run, `${cart.label}: ${taken ? "the store's read of the installment's state is held" : "the store did not ask the bank (yet)"}`)
      await this.rivalActs(run, cart, orderId)
      await run.world.control.releaseHeldRequests()
      await handled(run)
      return
    }
    await this.shopperAnswers(run, cart, bankOrderId)
    await handled(run)
    if (this.timing !== "rival-first") await this.rivalActs(run, cart, orderId)
  }

  /** The owner's switch is on while the cart completes: the order is placed on the waiting installment. */
  private async place(run: Run, cart: ModelCart) {
    const { world } = run
    const switched = await placeOrdersBeforeApproval(world, true)
    let completion: Answer | undefined
    let bankOrderId: string | undefined
    try {
      const started = await start(run, cart, "installments-wait")
      bankOrderId = started.data?.payment_collection?.payment_sessions?.find((s: any) => s.data?.order_id)?.data?.order_id
      if (!bankOrderId) return undefined
      completion = await completeCart(world, cart)
    } finally {
      const back = await placeOrdersBeforeApproval(world, false)
      if (switched.status !== 200 || back.status !== 200) throw new Error(`the owner's switch placeOrderBeforeApproval: ${brief(switched)}, ${brief(back)}`)
    }
    note(run, `${cart.label}: completed while the owner places orders before the approval -> ${describeCompletion(completion!)}`)
    if (completion!.data?.type !== "order") return undefined
    return { orderId: completion!.data.order.id as string, bankOrderId }
  }

  private async shopperAnswers(run: Run, cart: ModelCart, bankOrderId: string) {
    if (this.answer === "later") return
    const { control } = run.world
    const act = APP_ACTIONS[this.answer](control, bankOrderId)
    const outcome = await act.then((o) => o.order_sub_state, (error) => `refused (${(error as Error).message})`)
    note(run, `${cart.label}: the shopper answers ${this.answer} in the app for ${bankOrderId} -> ${outcome}`)
  }

  private async rivalActs(run: Run, cart: ModelCart, orderId: string) {
    const { world } = run
    if (this.rival === "fulfil") note(run, `${cart.label}: the owner fulfils order ${orderId} -> ${brief(await adminFulfil(world, orderId))}`)
    if (this.rival === "cancel") note(run, `${cart.label}: the owner cancels order ${orderId} -> ${brief(await adminCancelOrder(world, orderId))}`)
    if (this.rival === "new-session-card") await start(run, cart, "card-debit")
    if (this.rival === "new-session-system") {
      note(run, `${cart.label}: the shopper starts a ${SYSTEM_PROVIDER} session on the order's collection -> ${brief(await startSession(world, cart, SYSTEM_PROVIDER, {}))}`)
    }
  }

  toString() {
    return `${label(this.c)}.placeOrderBeforeApproval(${this.answer}, ${this.rival}, ${this.timing})`
  }
}

/** Whether the store's read of the installment's state reached the bank and is held (the race's hold used up). */
async function storeAskedTheBank(run: Run): Promise<boolean> {
  const until = Date.now() + RACE_START_MS
  while (Date.now() < until) {
    const faults = await run.world.control.listFaults()
    if (!faults.some((fault) => fault.kind === "hold" && fault.path === STATE_PATH)) return true
    await sleep(25)
  }
  return false
}

/** The bank's callbacks sent and handled by the store (none when the bank holds or drops them). */
async function handled(run: Run) {
  await run.world.control.flushWebhooks()
  await run.world.webhooks.quiet()
}

export class AdminFulfil extends ModelCommand {
  constructor(readonly c: number) {
    super()
  }
  async run(_m: Model, run: Run) {
    const cart = madeCart(run, this.c)
    if (!cart) return note(run, `${label(this.c)}: not started yet`)
    const order = await orderOfCart(run.world, cart)
    if (!order) return note(run, `${cart.label}: no order to fulfil`)
    note(run, `${cart.label}: the owner fulfils order ${order.id} -> ${brief(await adminFulfil(run.world, order.id))}`)
  }
  toString() {
    return `${label(this.c)}.adminFulfil()`
  }
}
