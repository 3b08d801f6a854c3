import { model } from "@medusajs/framework/utils"

/**
 * When the bank was last read for one thing this store follows (`key`, e.g.
 * `installments:<payment session id>`), by a reader that coalesces its reads across servers.
 */
export const MonobankBankRead = model.define("monobank_bank_read", {
  id: model.id({ prefix: "mbread" }).primaryKey(),
  key: model.text().unique(),
  last_read_at: model.dateTime(),
})
