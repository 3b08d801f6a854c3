/**
 * What one sequence knows of its mono checkout carts beyond the store: which carts are checkout
 * carts, the page each was sent to, the codes the store accepted on that page, the sequence's own
 * limit-1 code, and how often each code was used and how much of the garment was reserved before
 * the sequence's first checkout (./checkout-ledger compares them with the end).
 */
import type { Run } from "./command-base"

export type CheckoutCartState = {
  redirectUrl?: string
  /** The cart's lines when the bank order was made (./checkout-world `cartLines`). */
  sentLines?: string
  /** Codes the store said apply, on this cart's page. */
  acceptedCodes: Set<string>
}

export type CheckoutRun = {
  carts: Map<number, CheckoutCartState>
  limitOneCode?: string
  before?: { use: Map<string, number>; reservationIds: Set<string> }
}

const runs = new WeakMap<Run, CheckoutRun>()

export function checkoutRunOf(run: Run): CheckoutRun {
  let state = runs.get(run)
  if (!state) runs.set(run, (state = { carts: new Map() }))
  return state
}
