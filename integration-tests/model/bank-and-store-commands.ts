/**
 * What the bank and the store do: webhook delivery modes and late releases, one-off faults on a
 * bank endpoint, the scheduled jobs, the admin's captures, refunds (some doubled) and order
 * cancellations, and `wait()`, which joins what runs in the background.
 */
import type { IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { FaultSpec } from "../../emulator/faults"
import { LEDGER_KEY } from "../../src/utils/installments/return-ledger"
import { fromMinorUnits } from "../../src/lib/monobank"
import { toBankMinorUnits } from "../../src/utils/medusa-money"
import { LOST_ANSWER_MS, ModelCommand, label, madeCart, note, type Model, type Run } from "./command-base"
import { reconcileAsIf, runScheduledJobs } from "./settle"
import { adminCancelOrder, adminCapture, adminRefund, brief, INSTALLMENTS_PROVIDER, orderOfCart, type ModelCart, type World } from "./store-world"

export class WebhookMode extends ModelCommand {
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

export class ReleaseWebhooks extends ModelCommand {
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

export const FAULT_PATHS = [
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
export const FAULT_KINDS = {
  "500": { kind: "500" },
  "500 after acting": { kind: "500", afterProcessing: true },
  "answer lost": { kind: "slow", delayMs: LOST_ANSWER_MS, afterProcessing: true },
  "acts after the store gave up": { kind: "slow", delayMs: LOST_ANSWER_MS },
  // The bank sits on the request until wait() or the settle releases it (a minute at most), then acts:
  // long enough for the store to decide, by time, about something the bank has not done yet.
  "held until released": { kind: "hold", delayMs: 60_000 },
} as const satisfies Record<string, Omit<FaultSpec, "path" | "count">>

export class BankFault extends ModelCommand {
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

/** As if the installment returns still in doubt had been sent `minutes` earlier (each payment's return ledger). */
export async function ageReturnsInDoubt(world: World, minutes: number) {
  const payments = world.container().resolve<IPaymentModuleService>(Modules.PAYMENT)
  const installments = await payments.listPayments({ provider_id: INSTALLMENTS_PROVIDER } as never, { select: ["id", "metadata"], take: 200, order: { updated_at: "DESC" } })
  for (const payment of installments as Array<{ id: string; metadata?: Record<string, unknown> | null }>) {
    const ledger = payment.metadata?.[LEDGER_KEY]
    if (!Array.isArray(ledger) || !ledger.some((entry) => entry?.status === "sent")) continue
    const aged = ledger.map((entry) => (entry?.status === "sent" ? { ...entry, sent_at: new Date(Date.parse(entry.sent_at) - minutes * 60_000).toISOString() } : entry))
    await payments.updatePayment({ id: payment.id, metadata: { ...payment.metadata, [LEDGER_KEY]: aged } } as Parameters<IPaymentModuleService["updatePayment"]>[0])
  }
}

/** How long after now the jobs believe it is: a few minutes, or past the 15 minutes after which a store could give something up by time. */
export const JOB_DELAYS_MIN = [6, 20] as const
export type JobDelay = (typeof JOB_DELAYS_MIN)[number]

export class RunJobs extends ModelCommand {
  constructor(readonly minutes: JobDelay = 6) {
    super()
  }
  async run(_m: Model, run: Run) {
    // What the store compares with its own clock moves back instead (Medusa's clock cannot be moved).
    if (this.minutes > 6) await ageReturnsInDoubt(run.world, this.minutes)
    await runScheduledJobs.run(run.world)
    await reconcileAsIf(this.minutes).run(run.world)
    note(run, `the scheduled jobs run (also as if ${this.minutes} minutes had passed)`)
  }
  toString() {
    return this.minutes === 6 ? "store.runJobs()" : `store.runJobs(${this.minutes} min)`
  }
}

/** The order's payments the admin would act on (not canceled). */
export async function livePayments(run: Run, cart: ModelCart) {
  const order = await orderOfCart(run.world, cart)
  return { order, payments: (order?.payments ?? []).filter((p: any) => !p.canceled_at) }
}

function twiceIf<T>(twice: boolean, act: () => Promise<T>): Promise<T[]> {
  return Promise.all(twice ? [act(), act()] : [act()])
}

export class AdminCapture extends ModelCommand {
  constructor(readonly c: number, readonly twice: boolean) {
    super()
  }
  async run(_m: Model, run: Run) {
    const cart = madeCart(run, this.c)
    if (!cart) return note(run, `${label(this.c)}: not started yet`)
    const payment = (await livePayments(run, cart)).payments.find((p: any) => !p.captured_at)
    if (!payment) return note(run, `${cart.label}: no payment to capture`)
    run.captureAsked.add(payment.id)
    const answers = await twiceIf(this.twice, () => adminCapture(run.world, payment.id))
    note(run, `${cart.label}: the admin captures payment ${payment.id}${this.twice ? " twice at once" : ""} -> ${answers.map(brief).join(", ")}`)
  }
  toString() {
    return `${label(this.c)}.adminCapture(${this.twice ? "twice" : ""})`
  }
}

export class AdminRefund extends ModelCommand {
  constructor(readonly c: number, readonly share: 0.25 | 0.5 | 1, readonly twice: boolean) {
    super()
  }
  async run(_m: Model, run: Run) {
    const cart = madeCart(run, this.c)
    if (!cart) return note(run, `${label(this.c)}: not started yet`)
    const payment = (await livePayments(run, cart)).payments.find((p: any) => (p.captures ?? []).length > 0)
    if (!payment) return note(run, `${cart.label}: no captured payment to refund`)
    const captured = (payment.captures as any[]).reduce((total, c) => total + toBankMinorUnits(c.amount, "uah"), 0)
    const amount = Number(fromMinorUnits(Math.floor(captured * this.share), "UAH"))
    const answers = await twiceIf(this.twice, () => adminRefund(run.world, payment.id, amount))
    note(run, `${cart.label}: the admin refunds ${amount} of payment ${payment.id}${this.twice ? " twice at once" : ""} -> ${answers.map(brief).join(", ")}`)
  }
  toString() {
    return `${label(this.c)}.adminRefund(${this.share * 100}%${this.twice ? ", twice" : ""})`
  }
}

export class AdminCancel extends ModelCommand {
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

export class Wait extends ModelCommand {
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
