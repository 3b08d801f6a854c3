/**
 * What the order widget shows of an order paid through the plugin: per monobank payment the method
 * in words, the bank's ids, its status read from the bank now (the stored one when the bank does
 * not answer) with its meaning, card facts, hold expiry and refunds; and the mono checkout order
 * with its delivery data. Reads only: changing anything is "Sync with bank" (./order-sync).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import type { InvoiceStatusRecord } from "../../../../lib/monobank"
import { formatBankAmount } from "../../../../utils/medusa-money"
import { CHECKOUT_PAYMENT_KEY, readCheckoutPayment, type CheckoutPayment } from "../../../../utils/checkout/checkout-payment"
import { readMonobankData } from "../../../../utils/acquiring/payment-data"
import { describeOrderState } from "../../../../utils/installments/states"
import { unpaidInstallmentSessions } from "../../../../utils/installments/order-of-collection"
import { acquiringClientOfProvider, cardInvoiceReader } from "../../../../workflows/acquiring/utils/card-invoice-reader"
import { bankReceiptPath, hasReceipts, receiptFacts } from "./order-receipts"
import { checkoutModule, registeredCheckoutModule } from "../../../../modules/monobank-checkout/resolve"
import { deliveryInWords } from "../../../../workflows/checkout/utils/delivery-words"
import { CHECKOUT_ORDER_LINK_ENTITY } from "../../../../workflows/checkout/utils/linked-order"
import {
  CAPTURE_MEANS,
  CARD_STATUS_MEANING,
  CHECKOUT_PAYMENT_WORDS,
  HOLD_DAYS,
  HOLD_WARNING_MS,
  methodInWords,
} from "./payment-words"
import { providerKindOf, type ProviderKind } from "../../../../utils/provider-ids"
import type { OrderFacts, PaymentFacts, UnpaidInstallmentFacts } from "./order-facts-response"

type OrderPayment = { id: string; provider_id: string; data: Record<string, unknown> | null; payment_session_id?: string }

export async function orderPayments(container: MedusaContainer, orderId: string): Promise<OrderPayment[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "payment_collections.payments.id", "payment_collections.payments.provider_id", "payment_collections.payments.data", "payment_collections.payments.payment_session_id"],
    filters: { id: orderId },
  })
  const order = data[0] as { payment_collections?: { payments?: OrderPayment[] }[] } | undefined
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} was not found`)
  return (order.payment_collections ?? []).flatMap((collection) => collection.payments ?? []).filter((p) => providerKindOf(p.provider_id) !== undefined)
}

export async function checkoutOrderOf(container: MedusaContainer, orderId: string) {
  if (!registeredCheckoutModule(container)) return undefined
  const { data: links } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: CHECKOUT_ORDER_LINK_ENTITY,
    fields: ["monobank_checkout_order_id"],
    filters: { order_id: orderId },
  })
  const id = (links[0] as { monobank_checkout_order_id?: string } | undefined)?.monobank_checkout_order_id
  if (!id) return undefined
  const [row] = await checkoutModule(container).listMonobankCheckoutOrders({ id })
  return row
}

function money(minor: number | undefined, ccy: number): string | null {
  return minor === undefined ? null : formatBankAmount(minor, ccy)
}

function cardFacts(payment: OrderPayment, record: InvoiceStatusRecord | undefined, staleReason: string | undefined, now: Date): PaymentFacts {
  const stored = readMonobankData(payment.data)!
  const status = (record?.status ?? stored.status ?? null) as keyof typeof CARD_STATUS_MEANING | null
  const heldSince = status === "hold" ? record?.modifiedDate ?? stored.modifiedDate : undefined
  const expires = heldSince ? new Date(new Date(heldSince).getTime() + HOLD_DAYS * 24 * 60 * 60 * 1000) : undefined
  const info = record?.paymentInfo
  return {
    payment_id: payment.id,
    provider_id: payment.provider_id,
    method: methodInWords("card", stored, (payment.data?.[CHECKOUT_PAYMENT_KEY] as { payment_method?: string } | undefined)?.payment_method),
    bank_id: { label: "Invoice", value: stored.invoiceId },
    bank_status: status,
    meaning: status && status in CARD_STATUS_MEANING ? CARD_STATUS_MEANING[status] : "A status this plugin does not know yet.",
    ...(status === "hold" ? { capture_means: CAPTURE_MEANS.card } : {}),
    masked_card: info?.maskedPan || stored.maskedPan || null,
    payment_system: info?.paymentSystem || null,
    fee: money(info?.fee, stored.ccy),
    hold_expires_at: expires?.toISOString() ?? null,
    hold_expires_soon: expires ? expires.getTime() - now.getTime() < HOLD_WARNING_MS : false,
    refunds: (record?.cancelList ?? []).map((item) => ({
      amount: money(item.amount, item.ccy ?? stored.ccy) ?? "",
      status: String(item.status ?? ""),
      date: item.createdDate ?? null,
    })),
    ...(staleReason ? { stale_reason: staleReason } : {}),
  }
}

/** The bank's state of an installment order as its stored data records it, with what it means. */
function installmentState(data: Record<string, unknown>): { bank_status: string | null; bank_sub_state: string | null; meaning: string | null } {
  const state = typeof data.state === "string" ? data.state : null
  const subState = typeof data.order_sub_state === "string" ? data.order_sub_state : null
  const outcome = state && subState ? describeOrderState(state as never, subState) : undefined
  return { bank_status: state, bank_sub_state: subState, meaning: outcome?.description ?? null }
}

function installmentFacts(payment: OrderPayment): PaymentFacts {
  const data = payment.data ?? {}
  const state = installmentState(data)
  return {
    payment_id: payment.id,
    provider_id: payment.provider_id,
    method: methodInWords("installments", data, (data[CHECKOUT_PAYMENT_KEY] as { payment_method?: string } | undefined)?.payment_method),
    bank_id: typeof data.order_id === "string" ? { label: "Installment order", value: data.order_id } : null,
    ...state,
    ...(state.bank_sub_state === "WAITING_FOR_STORE_CONFIRM" ? { capture_means: CAPTURE_MEANS.installments } : {}),
  }
}

/** What a payment made on the mono checkout page says: the checkout order and how Medusa records it. */
const CHECKOUT_PAYMENT_MEANING = {
  card: { captured: "Paid by card on the mono checkout page: the money is charged.", authorized: "Paid by card on the mono checkout page; the money is held: finalize the hold in the monobank business cabinet, then capture here." },
  installments: { captured: "Bought in installments on the mono checkout page: monobank pays the store.", authorized: "Bought in installments on the mono checkout page; waiting for the store to confirm." },
  on_delivery: { captured: "The shopper pays the carrier on delivery; capture the payment when the money has arrived.", authorized: "The shopper pays the carrier on delivery; capture the payment when the money has arrived." },
} as const satisfies Record<ProviderKind, Record<"captured" | "authorized", string>>

function checkoutPaymentFacts(payment: OrderPayment, kind: ProviderKind): PaymentFacts {
  const raw = (payment.data?.[CHECKOUT_PAYMENT_KEY] ?? {}) as Record<string, unknown>
  let checkout: CheckoutPayment | undefined
  try {
    checkout = readCheckoutPayment(payment.data)
  } catch {
    checkout = undefined
  }
  // `order_id`: what earlier versions called the bank's checkout order id in stored payment data.
  const checkoutOrderId = checkout?.checkout_order_id ?? (typeof raw.order_id === "string" ? raw.order_id : undefined)
  const recorded = checkout?.payment ?? "captured"
  return {
    payment_id: payment.id,
    provider_id: payment.provider_id,
    method: methodInWords(kind, { paymentType: recorded === "authorized" ? "hold" : "debit" }, checkout?.payment_method ?? "card"),
    bank_id: checkoutOrderId ? { label: "Checkout order", value: checkoutOrderId } : null,
    bank_status: checkout?.general_status ?? (typeof raw.general_status === "string" ? raw.general_status : null),
    meaning: CHECKOUT_PAYMENT_MEANING[kind][recorded],
  }
}

async function cardReceipts(container: MedusaContainer, payment: OrderPayment, orderId: string, invoiceId: string) {
  try {
    return await receiptFacts(await acquiringClientOfProvider(container, payment.provider_id), orderId, invoiceId)
  } catch (error) {
    return { available: false, reason: `Receipts unavailable: ${(error as Error).message}`, fiscal_checks: [], bank_receipt_url: bankReceiptPath(orderId, invoiceId) }
  }
}

export async function orderFacts(container: MedusaContainer, orderId: string, now = new Date()): Promise<OrderFacts> {
  const payments = await orderPayments(container, orderId)
  const read = cardInvoiceReader(container)
  const facts = await Promise.all(
    payments.map(async (payment) => {
      const kind = providerKindOf(payment.provider_id)
      if (kind && (kind === "on_delivery" || payment.data?.[CHECKOUT_PAYMENT_KEY])) return checkoutPaymentFacts(payment, kind)
      if (kind === "installments") return installmentFacts(payment)
      const stored = readMonobankData(payment.data)
      if (!stored) return { payment_id: payment.id, provider_id: payment.provider_id, method: methodInWords("card", payment.data ?? {}), bank_id: null, bank_status: null, meaning: null }
      let card: PaymentFacts
      try {
        card = cardFacts(payment, await read(payment.provider_id, stored.invoiceId), undefined, now)
      } catch (error) {
        card = cardFacts(payment, undefined, `monobank could not be read now: ${(error as Error).message}`, now)
      }
      return hasReceipts(card.bank_status) ? { ...card, receipts: await cardReceipts(container, payment, orderId, stored.invoiceId) } : card
    })
  )
  const checkout = await checkoutOrderOf(container, orderId)
  const record = (checkout?.last_record ?? null) as Record<string, unknown> | null
  const unpaid = await unpaidInstallmentsOf(container, orderId)
  return {
    medusa_order_id: orderId,
    monobank: facts.length > 0 || Boolean(checkout) || unpaid.length > 0,
    payments: facts,
    unpaid_installments: unpaid,
    checkout: checkout
      ? {
          id: checkout.id,
          checkout_order_id: checkout.checkout_order_id ?? null,
          status: checkout.status,
          general_status: checkout.general_status ?? null,
          payment_method: checkout.payment_method ? CHECKOUT_PAYMENT_WORDS[checkout.payment_method] ?? checkout.payment_method : null,
          delivery_method: checkout.delivery_method ? deliveryInWords(checkout.delivery_method, record ?? {}) : null,
          delivery: record ? pickDelivery(record) : null,
          error: checkout.error ?? null,
        }
      : null,
  }
}

/**
 * Installment sessions of the order with no payment: an order placed before the shopper's approval
 * (`placeOrderBeforeApproval`) waits for it, or was cancelled because the bank ended it unpaid.
 */
async function unpaidInstallmentsOf(container: MedusaContainer, orderId: string): Promise<UnpaidInstallmentFacts[]> {
  const { sessions, metadata } = await unpaidInstallmentSessions(container, orderId)
  const canceled = (metadata?.monobank_installments ?? null) as { canceled_because?: string; session_id?: string } | null
  return sessions.map((session) => ({
    session_id: session.id,
    session_status: session.status,
    bank_id: typeof session.data?.order_id === "string" ? session.data.order_id : null,
    ...installmentState(session.data ?? {}),
    canceled_because: canceled?.session_id === session.id ? canceled.canceled_because ?? null : null,
  }))
}

const DELIVERY_KEYS = ["delivery_method_desc", "delivery_branch_id", "delivery_branch_address", "delivery_city", "delivery_region", "delivery_address"]

function pickDelivery(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(DELIVERY_KEYS.filter((key) => record[key] !== undefined && record[key] !== null).map((key) => [key, record[key]]))
}
