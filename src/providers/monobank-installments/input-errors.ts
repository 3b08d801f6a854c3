/**
 * Reasons we refuse to create an installment order before calling the bank. Each has a stable
 * code (MedusaError `code`, so a storefront can translate) and a message naming the problem, in
 * English and Ukrainian, since the storefront usually shows it as is.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { Texts } from "../../utils/installments/states"

export type InputProblem =
  | { code: "currency_not_supported"; currency: string }
  | { code: "amount_invalid" }
  | { code: "amount_below_minimum"; amount: string }
  | { code: "phone_missing" }
  | { code: "phone_not_ukrainian" }
  | { code: "parts_not_allowed"; parts: string; allowed: number[] }
  | { code: "session_missing" }
  | { code: "cart_already_paid" }

type ProblemCode = InputProblem["code"]

const TEXTS = {
  currency_not_supported: (p) => ({
    en: `Installment purchase with monobank is only available in hryvnia (UAH); this cart is in ${p.currency}.`,
    uk: `Покупка частинами monobank доступна лише в гривнях (UAH); цей кошик у валюті ${p.currency}.`,
  }),
  amount_invalid: () => ({
    en: "The order sum is not a valid amount.",
    uk: "Сума замовлення некоректна.",
  }),
  amount_below_minimum: (p) => ({
    en: `Installment purchase needs an order of at least 2 UAH; this order is ${p.amount}.`,
    uk: `Покупка частинами можлива для замовлень від 2 грн; це замовлення на ${p.amount}.`,
  }),
  phone_missing: () => ({
    en: "Enter the phone number of your monobank app (+380XXXXXXXXX) to pay in installments.",
    uk: "Вкажіть номер телефону, до якого прив'язано застосунок monobank (+380XXXXXXXXX).",
  }),
  phone_not_ukrainian: () => ({
    en: "The phone must be a Ukrainian number in the format +380XXXXXXXXX (the one of your monobank app).",
    uk: "Номер телефону має бути українським, у форматі +380XXXXXXXXX (той, до якого прив'язано застосунок monobank).",
  }),
  parts_not_allowed: (p) => ({
    en: `${p.parts} payments is not available; choose ${listOf(p.allowed, "or")} payments.`,
    uk: `${p.parts} платежів недоступно; оберіть ${listOf(p.allowed, "або")} платежів.`,
  }),
  session_missing: () => ({
    en: "The payment session id is missing; the installment order cannot be created.",
    uk: "Відсутній ідентифікатор платіжної сесії; заявку не створено.",
  }),
  cart_already_paid: () => ({
    en: "This cart is already paid; a new installment purchase cannot be started for it.",
    uk: "Цей кошик уже оплачено; нову покупку частинами для нього розпочати не можна.",
  }),
} as const satisfies { [C in ProblemCode]: (problem: Extract<InputProblem, { code: C }>) => Texts }

function listOf(values: number[], conjunction: string): string {
  if (values.length <= 1) return values.join("")
  return `${values.slice(0, -1).join(", ")} ${conjunction} ${values[values.length - 1]}`
}

export function describeInputProblem(problem: InputProblem): Texts {
  return (TEXTS[problem.code] as (p: InputProblem) => Texts)(problem)
}

export class InstallmentInputError extends Error {
  override readonly name = "InstallmentInputError"
  readonly code: ProblemCode
  readonly texts: Texts

  constructor(readonly problem: InputProblem) {
    const texts = describeInputProblem(problem)
    super(`${texts.en} / ${texts.uk}`)
    this.code = problem.code
    this.texts = texts
  }
}

/** The MedusaError a storefront receives (HTTP 400, `code` = monobank_installments.<problem>). */
export function toMedusaInputError(error: InstallmentInputError): MedusaError {
  return new MedusaError(MedusaError.Types.INVALID_DATA, error.message, `monobank_installments.${error.code}`)
}
