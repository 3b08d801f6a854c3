import { model } from "@medusajs/framework/utils"

/**
 * What a store owner saved in the admin for one monobank API (`api`: acquiring, installments or
 * checkout). `values` holds the plain settings; the secrets (merchant token, installments secret)
 * are one AES-256-GCM box in `secrets` (see ../secret-box) and only their hints in `secret_hints`.
 */
export const MonobankSettings = model.define("monobank_settings", {
  id: model.id({ prefix: "mbset" }).primaryKey(),
  api: model.text().unique(),
  // JSON text, not json columns: an update must replace them whole (Medusa merges json objects).
  values: model.text(),
  secrets: model.text().nullable(),
  secret_hints: model.text(),
})
