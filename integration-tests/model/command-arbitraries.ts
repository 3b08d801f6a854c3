/**
 * The fast-check generator of money-model sequences: which commands, with which arguments, how
 * often. Weighted so that planted data and lost answers are a good share of every sequence; an
 * order placed before the installment's approval (a few seconds each) is rarer, so that CI's
 * MODEL_TIME_LIMIT_S=720 still runs 200 sequences.
 */
import fc from "fast-check"
import { AdminCancel, AdminCapture, AdminRefund, BankFault, FAULT_KINDS, FAULT_PATHS, JOB_DELAYS_MIN, ReleaseWebhooks, RunJobs, Wait, WebhookMode } from "./bank-and-store-commands"
import type { Model, ModelCommand, Run } from "./command-base"
import { monoCheckoutArbitrary } from "./checkout-commands"
import { PlantedSession, type Attack, type Window } from "./planted-commands"
import { CLAIMS, ForgedCallback, MOMENTS, type Claim } from "./forged-callback-commands"
import { LostAnswerRefund, PAID_WITH, REFUND_FOLLOW_UPS, REFUND_LOSSES, type RefundLoss } from "./lost-refund-commands"
import { LINK_PLANS, PaymentLink } from "./payment-link-commands"
import { AdminFulfil, PlaceOrderBeforeApproval, type AppAnswer, type Rival, type Timing } from "./placed-order-commands"
import {
  AnswerInApp,
  ChangeCart,
  Complete,
  LostAnswerCharge,
  PayOnBankPage,
  PayOnStorePage,
  SESSION_METHODS,
  StartSession,
  type AfterLoss,
  type LostHow,
  type SessionMethod,
} from "./shopper-commands"

const cart = fc.integer({ min: 0, max: 2 })
const plantWindow = fc.constantFrom("complete", "complete", "closed", "open") as fc.Arbitrary<Window>

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
  jobs: { weight: 1, arbitrary: fc.constantFrom(...JOB_DELAYS_MIN).map((minutes) => new RunJobs(minutes)) },
  capture: { weight: 1.5, arbitrary: fc.tuple(cart, fc.boolean()).map(([c, twice]) => new AdminCapture(c, twice)) },
  refund: {
    weight: 1.5,
    arbitrary: fc.tuple(cart, fc.constantFrom(0.25, 0.5, 1) as fc.Arbitrary<0.25 | 0.5 | 1>, fc.boolean()).map(([c, s, twice]) => new AdminRefund(c, s, twice)),
  },
  "lost-refund": {
    weight: 1,
    arbitrary: fc
      .tuple(cart, fc.constantFrom(...PAID_WITH), fc.constantFrom(...(Object.keys(REFUND_LOSSES) as RefundLoss[])), fc.constantFrom(...REFUND_FOLLOW_UPS))
      .map(([c, paidWith, loss, then]) => new LostAnswerRefund(c, paidWith, loss, then)),
  },
  cancel: { weight: 0.5, arbitrary: cart.map((c) => new AdminCancel(c)) },
  // Racing answers and rivals weigh more: they are the paths an order placed unpaid can go wrong on.
  "place-order-before-approval": {
    weight: 1,
    arbitrary: fc
      .tuple(
        cart,
        fc.constantFrom("confirm", "confirm", "reject", "reject", "timeout", "later") as fc.Arbitrary<AppAnswer>,
        fc.constantFrom("fulfil", "fulfil", "cancel", "cancel", "new-session-card", "new-session-system", "none") as fc.Arbitrary<Rival>,
        fc.constantFrom("racing", "racing", "racing", "rival-first", "answer-first") as fc.Arbitrary<Timing>
      )
      .map(([c, answer, rival, timing]) => new PlaceOrderBeforeApproval(c, answer, rival, timing)),
  },
  "forged-callback": {
    weight: 0.5,
    arbitrary: fc.tuple(cart, fc.constantFrom(...(Object.keys(CLAIMS) as Claim[])), fc.constantFrom(...MOMENTS)).map(([c, claim, moment]) => new ForgedCallback(c, claim, moment)),
  },
  "payment-link": { weight: 1, arbitrary: fc.tuple(cart, fc.constantFrom(...LINK_PLANS)).map(([c, plan]) => new PaymentLink(c, plan)) },
  fulfil: { weight: 0.5, arbitrary: cart.map((c) => new AdminFulfil(c)) },
  "mono-checkout": { weight: 1.5, arbitrary: monoCheckoutArbitrary },
  wait: { weight: 1, arbitrary: fc.constant(new Wait()) },
} satisfies Record<string, { weight: number; arbitrary: fc.Arbitrary<ModelCommand> }>

export type CommandName = keyof typeof COMMAND_ARBITRARIES

/** The command arbitrary for `fc.commands`: every command but those named in `skip`, weighted. */
export function commandArbitraries(skip: ReadonlySet<string>): Array<fc.Arbitrary<fc.AsyncCommand<Model, Run>>> {
  const chosen = Object.entries(COMMAND_ARBITRARIES).filter(([name]) => !skip.has(name))
  if (chosen.length === 0) throw new Error("MODEL_SKIP leaves no command")
  return [fc.oneof(...chosen.map(([, { weight, arbitrary }]) => ({ weight: Math.round(weight * 2), arbitrary })))]
}
