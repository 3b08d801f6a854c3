/** What the provider's operations share: the bank client, the options and a logger. */
import type { Logger } from "@medusajs/framework/types"
import { currencyAlphaCode, fromMinorUnits, type AcquiringClient } from "../../lib/monobank"
import type { MonobankOptions } from "../../utils/acquiring/options"

export type ProviderDeps = {
  client: AcquiringClient
  options: MonobankOptions
  logger: Pick<Logger, "info" | "warn" | "error" | "debug">
}

/** "1234.56 UAH"-style text for messages, from minor units and a numeric currency code. */
export function formatMinor(minor: number, ccy: number): string {
  try {
    return `${fromMinorUnits(minor, ccy)} ${currencyAlphaCode(ccy)}`
  } catch {
    return `${minor} (minor units, currency ${ccy})`
  }
}

