/**
 * What an owner or shopper is told when an order placed before the installment's approval is
 * protected while the bank waits (./order-of-collection, `orderAwaitingApproval`), in English and
 * in Ukrainian as the bank writes it.
 */
const both = (en: string, uk: string) => `${en} / ${uk}`

/** To the shopper: the store API refuses another way of paying the order. */
export const payAnotherWayRefused = (orderId: string) =>
  both(
    `Order ${orderId} is waiting for your approval in the monobank app (Pay in parts); it cannot be paid another way until the bank answers.`,
    `Замовлення ${orderId} очікує на ваше підтвердження в застосунку monobank (Покупка частинами); іншим способом його можна оплатити лише після відповіді банку.`
  )

/** To the shopper: a cancelled order takes no payment (the store API refuses a new session on it). */
export const cancelledOrderTakesNoPayment = (orderId: string) =>
  both(
    `Order ${orderId} was cancelled; it can no longer be paid. Place a new order to buy these goods.`,
    `Замовлення ${orderId} скасовано; оплатити його вже не можна. Щоб придбати ці товари, оформіть нове замовлення.`
  )

/** To the shopper: an order whose money is there takes no second payment (the store API refuses a new session on it). */
export const paidOrderTakesNoOtherPayment = (orderId: string) =>
  both(
    `Order ${orderId} is paid; it takes no other payment. If the store asks for more (after a change to the order), it sends you a payment link.`,
    `Замовлення ${orderId} оплачено; іншої оплати воно не потребує. Якщо магазин попросить доплатити (після зміни замовлення), він надішле вам посилання на оплату.`
  )

/** To the owner: fulfilment is refused while the bank may still decline. */
export const fulfilmentRefused = (orderId: string) =>
  both(
    `Order ${orderId} cannot be fulfilled yet: its installment purchase is waiting for the shopper's approval in the monobank app, and the bank may still decline it. Fulfil it once its payment is authorized.`,
    `Замовлення ${orderId} ще не можна виконати: Покупка частинами очікує на підтвердження клієнта в застосунку monobank, і банк ще може відмовити. Виконайте його, коли оплату буде авторизовано.`
  )

/** Any other path that would delete the session the order rests on (the one decision point refuses). */
export const sessionEndRefused = (orderId: string, sessionId: string) =>
  `monobank installments: payment session ${sessionId} cannot be removed: order ${orderId} was placed on it and is waiting for the shopper's approval in the monobank app. Cancel the order instead.`

/** Needs attention: the bank ended the installment unpaid, and the order could not be cancelled. */
export const shippedUnpaid = (orderId: string, why: string, cancelError: string) =>
  `The shopper did not pay order ${orderId}: ${why}. The order could not be cancelled (${cancelError}): it was fulfilled while the installment waited for the approval. Goods may have gone without money; contact the shopper or take the goods back.`
