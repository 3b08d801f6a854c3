/**
 * What the provider keeps in Medusa's payment session / payment `data`. The storefront can read
 * it, so only order ids, state and texts: the phone is masked and nothing secret goes in.
 */
import type { OrderStateInfo } from "../../lib/monobank"
import { describeOrderState, type InstallmentOutcome } from "./states"

export type InstallmentReturn = { store_return_id: string; sum: number }

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
  /** Returns already made, by Medusa refund id: a repeated refund is not sent twice. */
  returns?: InstallmentReturn[]
  checked_at: string
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

export function readOrderId(data: Record<string, unknown> | undefined): string | undefined {
  const id = data?.order_id
  return typeof id === "string" && id.length > 0 ? id : undefined
}

export function readReturns(data: Record<string, unknown> | undefined): InstallmentReturn[] {
  const list = data?.returns
  if (!Array.isArray(list)) return []
  return list.filter(
    (entry): entry is InstallmentReturn =>
      !!entry && typeof entry.store_return_id === "string" && typeof entry.sum === "number"
  )
}

/** Keys the storefront or our middleware send that must not stay in the stored data. */
export const TRANSIENT_INPUT_KEYS = { cart_lines: undefined, cart_billing_phone: undefined } as const
