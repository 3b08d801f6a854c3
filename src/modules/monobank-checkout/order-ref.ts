/**
 * The `order_ref` sent to the bank for each attempt to create a cart's checkout order. The bank
 * refuses a repeated order_ref, so an attempt whose answer was lost cannot simply be repeated:
 * the first attempt sends the cart id, attempt n the cart id and `-n`. The bank reports it back as
 * `basket_id`, from which the cart is found again, also for an abandoned attempt.
 */
const ATTEMPT_SUFFIX = /-(\d+)$/

export function bankOrderRef(cartId: string, attempt: number): string {
  return attempt <= 1 ? cartId : `${cartId}-${attempt}`
}

/** The cart an order_ref / basket_id was made for (Medusa ids have no `-<digits>` ending). */
export function cartIdOfOrderRef(orderRef: string): string {
  return orderRef.replace(ATTEMPT_SUFFIX, "")
}
