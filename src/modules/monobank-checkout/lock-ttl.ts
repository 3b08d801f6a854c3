/**
 * How long a checkout workflow may hold the cart lock. Worst case of its one bank call: every
 * attempt the client makes runs into the client timeout, plus every retry wait the client allows;
 * then placing the order (database work only). A lock that runs out before that lets a second
 * sync in while the first still works.
 */
import { DEFAULT_RETRY_OPTIONS, DEFAULT_TIMEOUT_MS, type RetryOptions } from "../../lib/monobank"

/** Time one sync may spend placing the order after the bank read: cart, payment, links. Generous. */
export const PLACEMENT_BUDGET_MS = 60_000

export function worstBankCallMs(
  timeoutMs: number = DEFAULT_TIMEOUT_MS,
  retry: Pick<RetryOptions, "maxAttempts" | "maxTotalDelayMs"> = DEFAULT_RETRY_OPTIONS
): number {
  return retry.maxAttempts * timeoutMs + retry.maxTotalDelayMs
}

export function checkoutLockTtlSeconds(timeoutMs?: number, retry?: Pick<RetryOptions, "maxAttempts" | "maxTotalDelayMs">): number {
  return Math.ceil((worstBankCallMs(timeoutMs, retry) + PLACEMENT_BUDGET_MS) / 1000)
}
