/**
 * What becomes of money a session no longer needs: the pure decision, from facts only (the plugin's
 * own row, Medusa's tables, the bank's record), never from session data. Run by the one place that
 * decides money per session (./session-money) under the session's lock.
 */
import type { SessionPaymentRow } from "./ledger"
import type { PaymentOnSession } from "./medusa-sessions"

/**
 * Where the bank says a payment stands, as far as giving it back is concerned:
 * - `payable`: nothing taken yet, but the shopper can still pay (unpaid invoice, order waiting for the shopper);
 * - `held`: money reserved, not taken (a card hold, an installment approved and waiting for the store);
 * - `taken`: money taken; `left` is what has not gone back yet (minor units);
 * - `over`: nothing taken and nothing can be any more, or everything went back;
 * - `unknown`: the bank cannot tell now (a status the plugin does not know, a charge not found yet).
 */
export type BankStanding =
  | { kind: "payable" }
  | { kind: "held"; amountMinor: number }
  | { kind: "taken"; leftMinor: number }
  | { kind: "over" }
  | { kind: "unknown"; why: string }

export type MedusaFacts = {
  row: SessionPaymentRow
  /** Medusa still keeps the session (not deleted). */
  sessionLive: boolean
  payment: PaymentOnSession
  now: Date
}

export type SettlementDecision =
  /** Not now; look again later (at `until` when the decision knows when it can be made). */
  | { kind: "wait"; why: string; until?: Date }
  /** A Medusa payment rests on this row's money: its order's operations own it from here. */
  | { kind: "rests_on_payment" }
  /** Nothing taken: nothing to give back. */
  | { kind: "nothing_taken" }
  /** Withdraw what the shopper could still pay, or release what is held. */
  | { kind: "release"; held: boolean }
  /** Give back what was taken without an order. */
  | { kind: "give_back"; leftMinor: number }
  /**
   * A Medusa payment rests on the row's money but on nothing else (its session deleted, no order
   * holds it): give it back through Medusa's payment module, so that both books show it.
   */
  | { kind: "undo_orphaned_payment" }

/**
 * An authorize answered "authorized" this long ago or less may still be creating its Medusa
 * payment (Medusa writes the payment after the provider answers): its money is not released yet.
 */
export const AUTHORIZE_GRACE_MS = 2 * 60_000

/**
 * First, from Medusa's tables and the plugin's row alone: money an order rests on, or may be about
 * to rest on, is never touched; a session still open decides for itself. "ask_bank" otherwise.
 */
export function decideBeforeBank({ row, sessionLive, payment, now }: MedusaFacts): SettlementDecision | "ask_bank" {
  const graceEnds = row.granted_at ? new Date(new Date(row.granted_at).getTime() + AUTHORIZE_GRACE_MS) : undefined
  const inGrace = graceEnds !== undefined && now.getTime() < graceEnds.getTime()
  // The payment rests on the money its authorize took; another payment of the same session (paid
  // twice, in two tabs) can never be authorized any more (Medusa authorizes a session once). Within
  // the grace the order it rests on may still be rolled back (a cart completion failing after its
  // authorize cancels the payment): looked at again once the grace is over.
  if (payment === "rests" && row.granted_at) {
    return inGrace ? { kind: "wait", why: "the order the payment rests on may still be rolled back", until: graceEnds } : { kind: "rests_on_payment" }
  }
  if (payment === "unknown") return { kind: "wait", why: "Medusa could not say whether a payment rests on the session" }
  if (inGrace) return { kind: "wait", why: "an authorize of this session may still be creating its payment", until: graceEnds }
  if (payment === "orphaned" && row.granted_at) return { kind: "undo_orphaned_payment" }
  if (payment === "none" && sessionLive && !row.session_ended_at) {
    return { kind: "wait", why: "the session is still open: its own flow decides" }
  }
  return "ask_bank"
}

/** Then, from where the bank says the money stands. */
export function decideFromBank(standing: BankStanding): SettlementDecision {
  switch (standing.kind) {
    case "unknown":
      return { kind: "wait", why: standing.why }
    case "over":
      return { kind: "nothing_taken" }
    case "payable":
      return { kind: "release", held: false }
    case "held":
      return { kind: "release", held: true }
    case "taken":
      return standing.leftMinor > 0 ? { kind: "give_back", leftMinor: standing.leftMinor } : { kind: "nothing_taken" }
  }
}

const MINUTE_MS = 60_000

/** When a row still waiting is looked at again: soon while young, rarely as it ages. */
export function nextCheckAt(row: Pick<SessionPaymentRow, "created_at">, now: Date): Date {
  const age = now.getTime() - new Date(row.created_at).getTime()
  return new Date(now.getTime() + Math.min(Math.max(5 * MINUTE_MS, age / 10), 24 * 60 * MINUTE_MS))
}
