/**
 * What each installment order state means for Medusa, for the store and for the shopper.
 * `code` is the bank's sub-state, verbatim: stable, and greppable to the bank's documents.
 */
import type { OrderState, OrderStateRead, OrderSubState } from "../../lib/monobank"
import type { PaymentOutcome } from "../payment-outcome"

/** Our reading of an order: Medusa's session statuses plus "refunded" (money returned in full). */
export type InstallmentStatus = PaymentOutcome

/** What has to happen next, as a stable code a storefront or admin can switch on. */
export type RequiredAction =
  | "none"
  | "wait_for_client"
  | "hand_over_goods_and_capture"
  | "check_phone"
  | "reduce_sum_or_use_other_method"
  | "wait_15_minutes_or_cancel_other_order"
  | "top_up_card"
  | "retry_later_or_use_other_method"
  | "contact_support"
  | "contact_client_or_retry"
  | "retry_after_5_minutes"

export type Texts = { uk: string; en: string }

type StateRow = {
  state: OrderState
  status: InstallmentStatus
  final: boolean
  action: RequiredAction
  /** For the store owner (admin, logs). */
  description: string
  /** For the shopper. */
  message: Texts
}

export const INSTALLMENT_STATES = {
  WAITING_FOR_CLIENT: {
    state: "IN_PROCESS",
    status: "pending",
    final: false,
    action: "wait_for_client",
    description: "Waiting for the client to confirm the installment in the monobank app.",
    message: {
      uk: "Підтвердьте покупку частинами в застосунку monobank.",
      en: "Confirm the installment purchase in your monobank app.",
    },
  },
  WAITING_FOR_STORE_CONFIRM: {
    state: "IN_PROCESS",
    status: "authorized",
    final: false,
    action: "hand_over_goods_and_capture",
    description: "The client confirmed. Hand over the goods, then capture the payment (confirms the order at the bank).",
    message: {
      uk: "Покупку частинами підтверджено. Дякуємо!",
      en: "Your installment purchase is confirmed. Thank you!",
    },
  },
  ACTIVE: {
    state: "SUCCESS",
    status: "captured",
    final: true,
    action: "none",
    description: "Goods handed over; the installment is active and the store is paid.",
    message: { uk: "Покупку частинами оформлено.", en: "Your installment purchase is complete." },
  },
  DONE: {
    state: "SUCCESS",
    status: "captured",
    final: true,
    action: "none",
    description: "The client has paid the installment in full.",
    message: { uk: "Покупку частинами повністю сплачено.", en: "The installment purchase is fully paid." },
  },
  RETURNED: {
    state: "SUCCESS",
    status: "refunded",
    final: true,
    action: "none",
    description: "The goods were returned and the money was returned to the client in full.",
    message: { uk: "Кошти за покупку повернено.", en: "The money for this purchase has been returned." },
  },
  CLIENT_NOT_FOUND: {
    state: "FAIL",
    status: "error",
    final: true,
    action: "check_phone",
    description: "No monobank client with this phone: the phone is wrong or the shopper is not a monobank client.",
    message: {
      uk: "Не знайшли клієнта monobank з цим номером. Перевірте номер телефону або оберіть інший спосіб оплати.",
      en: "We could not find a monobank client with this phone. Check the number or choose another payment method.",
    },
  },
  EXCEEDED_SUM_LIMIT: {
    state: "FAIL",
    status: "error",
    final: true,
    action: "reduce_sum_or_use_other_method",
    description: "The sum is above the client's installment limit.",
    message: {
      uk: "Сума перевищує ваш ліміт покупки частинами. Зменште суму або оберіть інший спосіб оплати.",
      en: "The sum is above your installment limit. Reduce the sum or choose another payment method.",
    },
  },
  EXISTS_OTHER_OPEN_ORDER: {
    state: "FAIL",
    status: "error",
    final: true,
    action: "wait_15_minutes_or_cancel_other_order",
    description: "The client has another unfinished installment order.",
    message: {
      uk: "У вас є інша незавершена заявка на покупку частинами. Зачекайте 15 хвилин або скасуйте її в застосунку monobank.",
      en: "You have another unfinished installment order. Wait 15 minutes or cancel the other order in the monobank app.",
    },
  },
  NOT_ENOUGH_MONEY_FOR_INIT_DEBIT: {
    state: "FAIL",
    status: "error",
    final: true,
    action: "top_up_card",
    description: "Not enough money on the client's card for the first payment.",
    message: {
      uk: "Недостатньо коштів для першого платежу. Поповніть картку й спробуйте ще раз.",
      en: "Not enough money for the first payment. Top up your card and try again.",
    },
  },
  REJECTED_BY_CLIENT: {
    state: "FAIL",
    status: "error",
    final: true,
    action: "retry_later_or_use_other_method",
    description: "The client declined the installment in the app.",
    message: {
      uk: "Покупку частинами відхилено в застосунку. Спробуйте пізніше або оберіть інший спосіб оплати.",
      en: "The installment was declined in the app. Try again later or choose another payment method.",
    },
  },
  PAY_PARTS_ARE_NOT_ACCEPTABLE: {
    state: "FAIL",
    status: "error",
    final: true,
    action: "contact_support",
    description: "The bank does not accept this number of payments for this store: check allowedParts with monobank support.",
    message: {
      uk: "Ця кількість платежів недоступна. Оберіть іншу кількість платежів або інший спосіб оплати.",
      en: "This number of payments is not available. Choose another number of payments or another payment method.",
    },
  },
  FRAUD_REJECTED: {
    state: "FAIL",
    status: "error",
    final: true,
    action: "contact_support",
    description: "Rejected by the bank's fraud prevention.",
    message: {
      uk: "Банк відхилив заявку. Оберіть інший спосіб оплати або зверніться до підтримки monobank.",
      en: "The bank declined the order. Choose another payment method or contact monobank support.",
    },
  },
  RESTRICTED_BY_RISKS: {
    state: "FAIL",
    status: "error",
    final: true,
    action: "contact_support",
    description: "Restricted by the bank's risk management.",
    message: {
      uk: "Банк відхилив заявку. Оберіть інший спосіб оплати або зверніться до підтримки monobank.",
      en: "The bank declined the order. Choose another payment method or contact monobank support.",
    },
  },
  CLIENT_PUSH_TIMEOUT: {
    state: "FAIL",
    status: "error",
    final: true,
    action: "contact_client_or_retry",
    description: "The client did not confirm in the app within 15 minutes.",
    message: {
      uk: "Час на підтвердження в застосунку минув. Спробуйте ще раз.",
      en: "The time to confirm in the app has run out. Please try again.",
    },
  },
  REJECTED_BY_STORE: {
    state: "FAIL",
    status: "canceled",
    final: true,
    action: "none",
    description: "The store cancelled the order.",
    message: { uk: "Магазин скасував замовлення.", en: "The store has cancelled the order." },
  },
  FAIL: {
    state: "FAIL",
    status: "error",
    final: true,
    action: "retry_after_5_minutes",
    description: "Internal error at the bank; retry in 5 minutes.",
    message: {
      uk: "Тимчасова помилка банку. Спробуйте ще раз за 5 хвилин.",
      en: "Temporary bank error. Please try again in 5 minutes.",
    },
  },
} as const satisfies Record<OrderSubState, StateRow>

/** What we store in session/payment data and show the storefront and admin. */
export type InstallmentOutcome = {
  code: string
  status: InstallmentStatus
  final: boolean
  action: RequiredAction
  description: string
  message: Texts
}

/** True when the table knows the pair (anything else is read through FALLBACK_BY_STATE). */
export function isKnownOrderState(state: OrderStateRead, subState: string): boolean {
  const row = (INSTALLMENT_STATES as Record<string, StateRow>)[subState]
  return !!row && row.state === state
}

/**
 * Reads a state/sub-state pair; a pair the table does not know falls back on the state (the bank
 * sends sub-states outside its published list, e.g. SUCCESS/SUCCESS), and a state it does not
 * know stays pending and is read again.
 */
export function describeOrderState(state: OrderStateRead, subState: string): InstallmentOutcome {
  const row = (INSTALLMENT_STATES as Record<string, StateRow>)[subState]
  if (row && row.state === state) {
    return { code: subState, ...pick(row) }
  }
  return { code: subState, ...pick(FALLBACK_BY_STATE[state]) }
}

function pick(row: StateRow): Omit<InstallmentOutcome, "code"> {
  const { status, final, action, description, message } = row
  return { status, final, action, description, message }
}

const UNKNOWN_STATE_ROW: StateRow = {
  state: "IN_PROCESS",
  status: "pending",
  final: false,
  action: "none",
  description: "monobank reported a state this plugin does not know yet; the order stays pending and is read again.",
  message: {
    uk: "Заявка на покупку частинами обробляється.",
    en: "Your installment purchase is being processed.",
  },
}

const FALLBACK_BY_STATE = {
  unknown: UNKNOWN_STATE_ROW,
  IN_PROCESS: INSTALLMENT_STATES.WAITING_FOR_CLIENT,
  SUCCESS: INSTALLMENT_STATES.ACTIVE,
  FAIL: {
    ...INSTALLMENT_STATES.FRAUD_REJECTED,
    description: "The bank declined the order for a reason this plugin does not know yet.",
  },
} as const satisfies Record<OrderStateRead, StateRow>
