/**
 * A refund whose answer the store never gets: the owner refunds half of the cart's captured payment
 * while the bank sits on the request (it acts once released), loses its answer, or fails after
 * acting; then the owner does nothing, retries at once, or retries once the store's clock has
 * passed the 15 minutes after which a store could give the refund up by time (#40 defect 8: a
 * return in doubt is settled only by the bank's list). A cart without captured money is paid first:
 * an approved installment, or a card debit paid on the bank's page.
 */
import { fromMinorUnits, toMinorUnits } from "../../src/lib/monobank"
import { ageReturnsInDoubt, FAULT_KINDS, livePayments, RunJobs } from "./bank-and-store-commands"
import { ModelCommand, cartOf, describeCompletion, label, note, type Model, type Run } from "./command-base"
import { start } from "./shopper-commands"
import { adminRefund, brief, completeCart, currentSession, untilShopperAnswered, type ModelCart } from "./store-world"

export const REFUND_LOSSES = { held: "held until released", lost: "answer lost", "failed after acting": "500 after acting" } as const satisfies Record<string, keyof typeof FAULT_KINDS>
export type RefundLoss = keyof typeof REFUND_LOSSES
export const REFUND_FOLLOW_UPS = ["nothing", "retry", "retry-after-20-min"] as const
export type RefundFollowUp = (typeof REFUND_FOLLOW_UPS)[number]
export const PAID_WITH = ["installment", "card"] as const
export type PaidWith = (typeof PAID_WITH)[number]

/** Where the bank takes a refund back, per way of paying. */
const REFUND_PATH: Record<PaidWith, string> = { installment: "/api/order/return", card: "/api/merchant/invoice/cancel" }

export class LostAnswerRefund extends ModelCommand {
  constructor(readonly c: number, readonly paidWith: PaidWith, readonly loss: RefundLoss, readonly then: RefundFollowUp) {
    super()
  }
  async run(_m: Model, run: Run) {
    const cart = await cartOf(run, this.c)
    // Only an order resting on one payment, or a cart not started yet, paid now. (A cart paid twice,
    // a lost charge and then another way, holds a second payment until the completion retry window
    // ends, and a lost refund of that one is not booked: a known defect of #40, left open.)
    const { order, payments } = await livePayments(run, cart)
    if (order && payments.length !== 1) return note(run, `${cart.label}: its order rests on ${payments.length} payments; not this refund`)
    if (!order && (await currentSession(run.world, cart))) return note(run, `${cart.label}: started, no order yet; not this refund`)
    const payment = (await capturedPayment(run, cart)) ?? (order ? undefined : await this.payFirst(run, cart))
    if (!payment) return note(run, `${cart.label}: no captured payment to refund`)
    const captured = (payment.captures as any[]).reduce((total, c) => total + toMinorUnits(c.amount, "UAH"), 0)
    const amount = Number(fromMinorUnits(Math.floor(captured / 2), "UAH"))
    const kind = payment.provider_id.includes("installments") ? "installment" : "card"
    await run.world.control.injectFault({ path: REFUND_PATH[kind], count: 1, ...FAULT_KINDS[REFUND_LOSSES[this.loss]] })
    note(run, `${cart.label}: the admin refunds ${amount} of payment ${payment.id}, the bank's ${REFUND_PATH[kind]}: ${this.loss} -> ${brief(await adminRefund(run.world, payment.id, amount))}`)
    if (this.then === "nothing") return
    if (this.then === "retry-after-20-min") await new RunJobs(20).run({}, run)
    note(run, `${cart.label}: the admin refunds ${amount} again -> ${brief(await adminRefund(run.world, payment.id, amount))}`)
  }

  private async payFirst(run: Run, cart: ModelCart) {
    if (this.paidWith === "installment") {
      const bankOrderId = (await start(run, cart, "installments-approve")).data?.payment_collection?.payment_sessions?.[0]?.data?.order_id
      if (bankOrderId) await untilShopperAnswered(run.world, bankOrderId)
    } else {
      const invoiceId = (await start(run, cart, "card-debit")).data?.payment_collection?.payment_sessions?.[0]?.data?.invoiceId
      if (invoiceId) await run.world.control.payInvoice(invoiceId)
    }
    await run.world.control.flushWebhooks()
    await run.world.webhooks.quiet()
    note(run, `${cart.label}: paid (${this.paidWith}) and completed -> ${describeCompletion(await completeCart(run.world, cart))}`)
    return capturedPayment(run, cart)
  }

  toString() {
    return `${label(this.c)}.lostAnswerRefund(${this.paidWith}, ${this.loss}, then ${this.then})`
  }
}

async function capturedPayment(run: Run, cart: ModelCart) {
  return (await livePayments(run, cart)).payments.find((p: any) => (p.captures ?? []).length > 0)
}
