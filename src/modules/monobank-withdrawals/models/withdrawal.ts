import { model } from "@medusajs/framework/utils"

/**
 * A bank order this store meant to take back but could not yet: an installment order whose payment
 * session was discarded (or never started) while the bank could not reject it, or after the
 * shopper had already approved it. Open (`settled_at` empty) until the order failed at the bank or
 * its money went back, until a Medusa payment turned out to rest on it, or while Medusa still keeps
 * its session (that session's own flow decides; deleting it later remembers the order again).
 */
export const MonobankWithdrawal = model.define("monobank_withdrawal", {
  id: model.id({ prefix: "mbwdr" }).primaryKey(),
  /** The bank's order id. */
  order_id: model.text().unique(),
  /** Our payment session id the order was made for (the bank's `store_order_id`). */
  store_order_id: model.text(),
  /** The bank store (`store-id`) the order belongs to: which provider's credentials take it back. */
  store_id: model.text(),
  /** Why it is being taken back, for the log and the store owner. */
  reason: model.text(),
  attempts: model.number().default(0),
  last_error: model.text().nullable(),
  /** What ended it: `failed_at_bank`, `returned`, `payment_rests_on_it`, `left_to_session`. */
  outcome: model.text().nullable(),
  settled_at: model.dateTime().nullable(),
})
