import { model } from "@medusajs/framework/utils"

/**
 * What the plugin started at the bank for a payment session:
 * - `invoice`: a hosted-page invoice (`invoice/create`); `bank_id` is its invoiceId;
 * - `saved_card`: a charge of a saved card (`wallet/payment`), made when the cart completes;
 * - `store_page`: a charge with card details or a wallet token taken on the store's page
 *   (`payment-direct`, `sync-payment`);
 * - `installment_order`: an installment order (`order/create`); `bank_id` is the bank's order_id;
 * - `checkout`: a payment collected on the mono checkout page, recorded by the checkout workflow;
 *   `bank_id` is the checkout order id.
 */
export const SESSION_PAYMENT_KINDS = ["invoice", "saved_card", "store_page", "installment_order", "checkout"] as const

export type SessionPaymentKind = (typeof SESSION_PAYMENT_KINDS)[number]

/**
 * Where a charge made without the hosted page stands. Invoices, installment orders and checkout
 * payments are `sent` from the moment they are recorded.
 * - `ready`: chosen (a saved card) or expected (card details on the store's page), not sent yet;
 * - `sending`: sent; the bank's answer has not come back yet;
 * - `unknown`: sent, and the answer was lost: only the bank (webhook, statement) can name the
 *   invoice;
 * - `sent`: the bank answered with the invoice (`bank_id`);
 * - `declined`: the bank declined before taking money: the session may be charged again (a new
 *   row).
 */
export const CHARGE_STATES = ["ready", "sending", "unknown", "sent", "declined"] as const

export type ChargeState = (typeof CHARGE_STATES)[number]

/**
 * How the money of a row ended up, once nothing more is to be decided about it:
 * - `rests_on_payment`: a Medusa payment rests on it: the order's own operations (capture, refund,
 *   cancel) take it from here;
 * - `nothing_taken`: nothing was taken (unpaid, declined, expired, rejected): nothing to give back;
 * - `released`: an unpaid invoice withdrawn, a hold released or a waiting installment order rejected;
 * - `refunded`: money taken without an order was given back in full.
 */
export const SETTLEMENTS = ["rests_on_payment", "nothing_taken", "released", "refunded"] as const

export type Settlement = (typeof SETTLEMENTS)[number]

/**
 * One payment the plugin started at the bank for one Medusa payment session: the plugin's own
 * record, the evidence that a bank payment belongs to a session (session `data` is a cache the
 * storefront can write and proves nothing). Every money decision about a session reads these rows
 * under the session's lock (src/utils/session-money).
 */
export const MonobankSessionPayment = model.define("monobank_session_payment", {
  id: model.id({ prefix: "mbsp" }).primaryKey(),
  /** The Medusa payment session (the bank's `reference` / `store_order_id`). */
  session_id: model.text().index(),
  provider_id: model.text(),
  kind: model.enum([...SESSION_PAYMENT_KINDS]),
  /** invoiceId / installment order_id / checkout order id; empty until a charge's invoice is known. */
  bank_id: model.text().nullable(),
  /** Kopecks (the bank's minor units; a bigint column, read back with Number()) and the ISO 4217 numeric currency. */
  amount_minor: model.number(),
  ccy: model.number(),
  charge_state: model.enum([...CHARGE_STATES]).default("sent"),
  /** A saved card's wallet and card ids (the bank's ids, no card data). */
  wallet_id: model.text().nullable(),
  card_id: model.text().nullable(),
  /** The installments store (`store-id`) the order was made under. */
  bank_store_id: model.text().nullable(),
  /** A mono checkout payment: how Medusa records it ("captured" or "authorized") and how the shopper paid. */
  recorded_as: model.text().nullable(),
  payment_method: model.text().nullable(),
  /** Last time an authorize of this session answered authorized/captured on this payment. */
  granted_at: model.dateTime().nullable(),
  /** The session was replaced or deleted (Medusa asked to delete it): it may not be authorized any more. */
  session_ended_at: model.dateTime().nullable(),
  settlement: model.enum([...SETTLEMENTS]).nullable(),
  settled_at: model.dateTime().nullable(),
  /** When the settlement sweep looks at it next (thinning with age). */
  next_check_at: model.dateTime().nullable(),
  /** Set when the store owner must look (money taken without an order, a charge the bank never named...). */
  attention: model.text().nullable(),
  attention_resolved_at: model.dateTime().nullable(),
  /**
   * The newest record of this payment that a signed webhook (or a bank read made for one) told the
   * store, without wallet data or tokens; `bank_record_modified` is its `modifiedDate` in epoch ms
   * and `bank_record_at` when the store verified it. Lets the authorize that follows a webhook, on
   * any server, take the bank's word instead of asking again (utils/acquiring/verified-record).
   */
  bank_record: model.json().nullable(),
  bank_record_modified: model.dateTime().nullable(),
  bank_record_at: model.dateTime().nullable(),
})
