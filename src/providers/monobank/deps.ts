/** What the provider's operations share: the bank client, the options and a logger. */
import type { Logger } from "@medusajs/framework/types"
import type { AcquiringClient } from "../../lib/monobank"
import type { MonobankOptions } from "../../utils/acquiring/options"
import { formatBankAmount } from "../../utils/medusa-money"

export type ProviderDeps = {
  client: AcquiringClient
  options: MonobankOptions
  logger: Pick<Logger, "info" | "warn" | "error" | "debug">
}

/** Kept for ./refunds (being rewritten): new code calls `formatBankAmount` of utils/medusa-money. */
export const formatMinor = formatBankAmount
