/**
 * What the provider keeps in Medusa's payment session / payment `data`. The storefront can read
 * it, so only order ids, state and texts: the phone is masked and nothing secret goes in.
 */
import type { OrderStateInfo } from "../../lib/monobank"
import { SESSION_STATUS } from "./medusa-status"
import { describeOrderState, type InstallmentOutcome } from "./states"

export type InstallmentReturn = { store_return_id: string; sum: number; refund_id: string }

export type InstallmentSessionData = {
  order_id: string
  store_order_id: string
  client_phone?: string
  parts_count?: number
  total_sum?: number
  state: OrderStateInfo["state"]
  order_sub_state: string
  /** The bank's own comment on the state, when it gives one. */
  bank_message?: string
  /** Our reading of the state: stable code, required action, texts for shopper and store. */
  outcome: InstallmentOutcome
  /** Returns booked by Medusa refunds, for display; decisions use the ledger in the payment's metadata. */
  returns?: InstallmentReturn[]
  checked_at: string
  /** Tells the storefront to complete the cart now (placeOrderBeforeApproval); display only, never evidence. */
  place_order_now?: boolean
}

/** The state part of the data, from a state/confirm/reject answer or a callback. */
export function stateData(info: OrderStateInfo, now: Date): Pick<
  InstallmentSessionData,
  "order_id" | "state" | "order_sub_state" | "bank_message" | "outcome" | "checked_at"
> {
  return {
    order_id: info.order_id,
    state: info.state,
    order_sub_state: info.order_sub_state,
    bank_message: info.message,
    outcome: describeOrderState(info.state, info.order_sub_state),
    checked_at: now.toISOString(),
  }
}

/** The stored session already says what the bank answers now: its state, its text, and the Medusa status they mean. */
export function recordsState(session: { status: string; data?: Record<string, unknown> | null }, info: OrderStateInfo): boolean {
  const data = session.data ?? {}
  return (
    data.state === info.state &&
    data.order_sub_state === info.order_sub_state &&
    (data.bank_message ?? undefined) === (info.message ?? undefined) &&
    session.status === SESSION_STATUS[describeOrderState(info.state, info.order_sub_state).status]
  )
}

export function readOrderId(data: Record<string, unknown> | undefined): string | undefined {
  const id = data?.order_id
  return typeof id === "string" && id.length > 0 ? id : undefined
}

/**
 * Keys the storefront may send (docs/installments.md), plus those our store middleware adds and
 * Medusa's own `session_id`. Everything else in the input is dropped.
 */
export const INPUT_KEYS = ["client_phone", "parts_count", "cart_lines", "cart_billing_phone", "session_id"] as const

/** Every key the provider owns. Each is set (or cleared) on every write, so none can be planted. */
export const PROVIDER_KEYS = [
  "order_id",
  "store_order_id",
  "client_phone",
  "parts_count",
  "total_sum",
  "state",
  "order_sub_state",
  "bank_message",
  "outcome",
  "returns",
  "checked_at",
  "place_order_now",
] as const satisfies readonly (keyof InstallmentSessionData)[]

type ProviderKey = (typeof PROVIDER_KEYS)[number]

/**
 * Medusa stores a new session as `{ ...input data, ...returned data }`: the returned data names
 * every input key (unknown ones as undefined, which JSON drops) and every provider key.
 */
export function newSessionData(
  input: Record<string, unknown>,
  owned: Partial<Record<ProviderKey, unknown>>
): Record<string, unknown> {
  const cleared = Object.fromEntries(Object.keys(input).map((key) => [key, undefined]))
  const provider = Object.fromEntries(PROVIDER_KEYS.map((key) => [key, owned[key]]))
  return { ...cleared, ...provider }
}

/** Only the provider's keys of stored data (what later writes start from). */
export function ownedData(data: Record<string, unknown> | undefined): Record<string, unknown> {
  const picked: Record<string, unknown> = {}
  for (const key of PROVIDER_KEYS) if (data && data[key] !== undefined) picked[key] = data[key]
  return picked
}
