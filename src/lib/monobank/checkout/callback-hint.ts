/**
 * Which order a mono checkout callback names. Its content is not published: the body is only a
 * hint (`basket_id`, `orderId`), and the order itself is read from the bank. The bank's own
 * WooCommerce plugin reads those fields at the top level, another public integration under
 * `result` (as every other checkout record is wrapped): both are read.
 */

/** The callback's hint fields as sent; the caller checks they are usable text. */
export type CheckoutCallbackHint = { basket_id?: unknown; orderId?: unknown }

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

export function checkoutCallbackHint(body: unknown): CheckoutCallbackHint {
  if (!isRecord(body)) return {}
  const wrapped = isRecord(body.result) ? body.result : {}
  return { basket_id: body.basket_id ?? wrapped.basket_id, orderId: body.orderId ?? wrapped.orderId }
}
