/**
 * What the order routes answer, as types only: `GET /admin/monobank/orders/:id` and its
 * `POST .../sync`. The admin widget imports them with `import type` (nothing of the server ends up
 * in the admin bundle), so the widget and the routes cannot drift apart.
 */
import type { AttentionRow } from "../needs-attention/attention-list"

export type PaymentFacts = {
  payment_id: string
  provider_id: string
  method: string
  bank_id: { label: string; value: string } | null
  bank_status: string | null
  bank_sub_state?: string | null
  meaning: string | null
  /** What "Capture payment" will do at the bank, while the payment waits for it. */
  capture_means?: string
  masked_card?: string | null
  payment_system?: string | null
  fee?: string | null
  hold_expires_at?: string | null
  hold_expires_soon?: boolean
  refunds?: { amount: string; status: string; date: string | null }[]
  /** Card invoices the bank took money for: their fiscal checks and the bank's receipt. */
  receipts?: ReceiptFacts
  /** The bank could not be read now: these facts are what the store last recorded. */
  stale_reason?: string
}

/** An installment purchase of an order placed before the shopper's approval, with no payment yet (or cancelled for it). */
export type UnpaidInstallmentFacts = {
  session_id: string
  session_status: string
  bank_id: string | null
  bank_status: string | null
  bank_sub_state: string | null
  meaning: string | null
  /** Why the plugin cancelled the order (the bank ended the purchase unpaid). */
  canceled_because: string | null
}

/** One fiscal check as the bank lists it; `type`/`status` are the bank's words, labels ours. */
export type FiscalCheckFacts = {
  id: string | null
  type: string | null
  type_label: string
  status: string | null
  status_label: string
  status_description: string | null
  /** The check at the tax service. */
  tax_url: string | null
  source: string | null
}

export type ReceiptFacts = {
  /** false: the bank did not answer for the checks now (`reason` says why); the rest of the facts stand. */
  available: boolean
  reason?: string
  fiscal_checks: FiscalCheckFacts[]
  /** Admin route that downloads the bank's payment receipt as a PDF. */
  bank_receipt_url: string
}

export type OrderFacts = {
  medusa_order_id: string
  monobank: boolean
  payments: PaymentFacts[]
  unpaid_installments: UnpaidInstallmentFacts[]
  checkout: {
    id: string
    /** The bank's checkout order id. */
    checkout_order_id: string | null
    status: string
    general_status: string | null
    payment_method: string | null
    delivery_method: string | null
    delivery: Record<string, unknown> | null
    error: string | null
  } | null
}

/** `GET /admin/monobank/orders/:id`: the facts, and the order's rows of the needs-attention list. */
export type OrderFactsResponse = OrderFacts & { needs_attention: AttentionRow[] }

/** One payment (or the checkout order) brought up to date by "Sync with bank". */
export type SyncOutcome = { what: string; ok: boolean; detail: string }

/** `POST /admin/monobank/orders/:id/sync`: what each sync did, and the facts read after it. */
export type OrderSyncResponse = { outcomes: SyncOutcome[]; facts: OrderFacts }
