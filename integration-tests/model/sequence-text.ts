/**
 * A money-model sequence as text, the way a failure prints it: `cart1.start(card-debit),
 * cart1.payOnBankPage(visa), cart1.start(card-hold)`. MODEL_SEQUENCE runs such a text as it
 * reads, so a shrunk counterexample can be pasted, edited and kept as a regression check.
 */
import { AdminCancel, AdminCapture, AdminRefund, BankFault, FAULT_KINDS, FAULT_PATHS, JOB_DELAYS_MIN, ReleaseWebhooks, RunJobs, Wait, WebhookMode, type JobDelay } from "./bank-and-store-commands"
import type { ModelCommand } from "./command-base"
import { CHECKOUT_GRAMMAR } from "./checkout-commands"
import { PlantedSession, type Attack, type Window } from "./planted-commands"
import { CLAIMS, ForgedCallback, MOMENTS, type Claim } from "./forged-callback-commands"
import { LostAnswerRefund, PAID_WITH, REFUND_FOLLOW_UPS, REFUND_LOSSES, type RefundLoss } from "./lost-refund-commands"
import { LINK_PLANS, PaymentLink } from "./payment-link-commands"
import { APP_ANSWERS, AdminFulfil, PlaceOrderBeforeApproval, RIVALS, TIMINGS } from "./placed-order-commands"
import {
  AnswerInApp,
  ChangeCart,
  Complete,
  LOST_ANSWER,
  LostAnswerCharge,
  PayOnBankPage,
  PayOnStorePage,
  SESSION_METHODS,
  StartSession,
  type AfterLoss,
  type LostHow,
  type SessionMethod,
} from "./shopper-commands"

const cartIndex = (digit: string) => Number(digit) - 1

function oneOf<T extends string>(value: string, allowed: readonly T[], what: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`${what}: "${value}" is not one of ${allowed.join(", ")}`)
  return value as T
}

const SHOPPER_GRAMMAR: Array<[RegExp, (m: RegExpMatchArray) => ModelCommand]> = [
  [/^cart([1-3])\.start\(([\w-]+)\)$/, (m) => new StartSession(cartIndex(m[1]), oneOf(m[2], Object.keys(SESSION_METHODS) as SessionMethod[], "session"))],
  [/^cart([1-3])\.payOnBankPage\((visa|declined)\)$/, (m) => new PayOnBankPage(cartIndex(m[1]), m[2] as "visa" | "declined")],
  [/^cart([1-3])\.answerInApp\((confirm|reject)\)$/, (m) => new AnswerInApp(cartIndex(m[1]), m[2] as "confirm" | "reject")],
  [/^cart([1-3])\.payOnStorePage\(\)$/, (m) => new PayOnStorePage(cartIndex(m[1]))],
  [
    /^cart([1-3])\.lostAnswerCharge\((store-page|saved-card), (debit|hold), answer ([\w-]+), then ([\w-]+)\)$/,
    (m) =>
      new LostAnswerCharge(
        cartIndex(m[1]),
        m[2] as "store-page" | "saved-card",
        m[3] as "debit" | "hold",
        oneOf(m[4], Object.keys(LOST_ANSWER) as LostHow[], "answer"),
        oneOf(m[5], ["nothing", "new-session", "change-cart", "complete"] as AfterLoss[], "then")
      ),
  ],
  [/^cart([1-3])\.complete\(([\w, ]*)\)$/, (m) => new Complete(cartIndex(m[1]), m[2].includes("twice"), m[2].includes("background"))],
  [/^cart([1-3])\.changeCart\(\)$/, (m) => new ChangeCart(cartIndex(m[1]))],
  [
    /^cart([1-3])\.plant\(([\w-]+)(?: from cart([1-3]))?(?:, phone \.\.\.([37]))?, window (\w+)\)$/,
    (m) =>
      new PlantedSession(
        cartIndex(m[1]),
        oneOf(m[2], ["checkout-facts-debit", "checkout-facts-hold", "foreign-invoice", "foreign-installment"] as Attack[], "attack"),
        m[3] ? cartIndex(m[3]) : cartIndex(m[1]),
        oneOf(m[5], ["complete", "closed", "open"] as Window[], "window"),
        (m[4] ?? "7") as "3" | "7"
      ),
  ],
]

const BANK_AND_STORE_GRAMMAR: Array<[RegExp, (m: RegExpMatchArray) => ModelCommand]> = [
  [/^bank\.webhooks\((deliver|hold|drop|duplicate)\)$/, (m) => new WebhookMode(m[1] as WebhookMode["mode"])],
  [/^bank\.releaseWebhooks\((fifo|reverse)(, duplicate)?\)$/, (m) => new ReleaseWebhooks(m[1] as "fifo" | "reverse", !!m[2])],
  [
    /^bank\.fault\(([^,]+), (.+)\)$/,
    (m) => new BankFault(oneOf(m[1], FAULT_PATHS, "fault path"), oneOf(m[2], Object.keys(FAULT_KINDS) as Array<keyof typeof FAULT_KINDS>, "fault")),
  ],
  [/^store\.runJobs\((?:(\d+) min)?\)$/, (m) => new RunJobs(m[1] ? (Number(oneOf(m[1], JOB_DELAYS_MIN.map(String), "minutes")) as JobDelay) : 6)],
  [/^cart([1-3])\.adminCapture\((twice)?\)$/, (m) => new AdminCapture(cartIndex(m[1]), !!m[2])],
  [/^cart([1-3])\.adminRefund\((25|50|100)%(, twice)?\)$/, (m) => new AdminRefund(cartIndex(m[1]), (Number(m[2]) / 100) as 0.25 | 0.5 | 1, !!m[3])],
  [/^cart([1-3])\.adminCancelOrder\(\)$/, (m) => new AdminCancel(cartIndex(m[1]))],
  [/^cart([1-3])\.adminFulfil\(\)$/, (m) => new AdminFulfil(cartIndex(m[1]))],
  [
    /^cart([1-3])\.placeOrderBeforeApproval\(([\w-]+), ([\w-]+), ([\w-]+)\)$/,
    (m) =>
      new PlaceOrderBeforeApproval(cartIndex(m[1]), oneOf(m[2], APP_ANSWERS, "answer"), oneOf(m[3], RIVALS, "rival"), oneOf(m[4], TIMINGS, "timing")),
  ],
  [
    /^cart([1-3])\.forgedCallback\((\w+), (\w+)\)$/,
    (m) => new ForgedCallback(cartIndex(m[1]), oneOf(m[2], Object.keys(CLAIMS) as Claim[], "claim"), oneOf(m[3], MOMENTS, "moment")),
  ],
  [/^cart([1-3])\.paymentLink\(([\w-]+)\)$/, (m) => new PaymentLink(cartIndex(m[1]), oneOf(m[2], LINK_PLANS, "plan"))],
  [
    /^cart([1-3])\.lostAnswerRefund\((\w+), ([\w ]+), then ([\w-]+)\)$/,
    (m) =>
      new LostAnswerRefund(
        cartIndex(m[1]),
        oneOf(m[2], PAID_WITH, "paid with"),
        oneOf(m[3], Object.keys(REFUND_LOSSES) as RefundLoss[], "loss"),
        oneOf(m[4], REFUND_FOLLOW_UPS, "then")
      ),
  ],
  [/^wait\(\)$/, () => new Wait()],
]

/** Splits on commas outside parentheses, semicolons and line breaks; drops "1." list numbers. */
function commandTexts(text: string): string[] {
  const parts: string[] = []
  let depth = 0
  let current = ""
  for (const char of text) {
    if (char === "(") depth++
    if (char === ")") depth--
    if ((char === "," && depth === 0) || char === ";" || char === "\n") {
      parts.push(current)
      current = ""
    } else {
      current += char
    }
  }
  parts.push(current)
  return parts.map((part) => part.trim().replace(/^\d+\.\s*/, "")).filter(Boolean)
}

export function parseSequence(text: string): ModelCommand[] {
  return commandTexts(text).map((command) => {
    for (const [pattern, build] of [...SHOPPER_GRAMMAR, ...BANK_AND_STORE_GRAMMAR, ...CHECKOUT_GRAMMAR]) {
      const match = command.match(pattern)
      if (match) return build(match)
    }
    throw new Error(`MODEL_SEQUENCE: cannot read "${command}"`)
  })
}
