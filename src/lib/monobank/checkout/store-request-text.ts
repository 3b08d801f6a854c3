/**
 * Text in the bank's requests to the store (delivery prices, promo codes): read as `looseText`,
 * trimmed, and absent when longer than anything the store issues, so a caller cannot make the store
 * look up or keep arbitrary strings.
 */
import { looseText } from "../schema-helpers"

/** Longest order ref, method name or code read; ours are far shorter. */
export const MAX_STORE_REQUEST_TEXT = 200

export const storeRequestText = looseText.transform((value) =>
  value && value.trim().length <= MAX_STORE_REQUEST_TEXT ? value.trim() : undefined
)
