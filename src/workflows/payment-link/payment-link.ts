/**
 * A monobank payment link for what an order still owes (after an order edit, an exchange, a claim,
 * a draft order or a failed payment). The link is a card invoice on a payment session of the
 * order's open payment collection, made through Medusa's own workflows: the signed webhook then
 * books the payment on that collection as for any card payment (captured for a debit provider,
 * authorized for a hold one), and the outstanding amount drops.
 *
 * One invoice per collection and amount: asking again gives the same link; a changed amount (or
 * an expired link) replaces the unpaid invoice, whose session Medusa deletes (the provider ends it,
 * and the settlement gives back anything paid on it, as for any replaced session). Everything runs
 * under one lock per order, on any server.
 */
import type { ILockingModule, IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules, MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import { createOrderPaymentCollectionWorkflow, createPaymentSessionsWorkflow } from "@medusajs/medusa/core-flows"
import { fromBankMinorUnits, formatBankAmount, toBankMinorUnits } from "../../utils/medusa-money"
import { readMonobankData } from "../../utils/acquiring/payment-data"
import {
  paymentLinkContext,
  paymentLinkOfContext,
  PAYMENT_LINK_DEFAULT_VALIDITY_SECONDS,
} from "../../utils/acquiring/payment-link-context"
import { OPEN_COLLECTION_STATUSES, orderBalance, type BalanceCollection, type BalanceSession, type OrderBalance } from "./order-balance"
import { canSendByEmail, sendPaymentLink } from "./send-payment-link"

/** A link this close to its expiry is replaced rather than handed out again. */
const EXPIRY_MARGIN_MS = 10 * 60_000
const LINK_LOCK_WAIT_SECONDS = 60
const LINK_LOCK_EXPIRE_SECONDS = 120

/** Where a link's session stands, in the widget's words. */
const LINK_STATE_OF_SESSION: Record<string, PaymentLinkView["state"]> = {
  [PaymentSessionStatus.PENDING]: "waiting",
  [PaymentSessionStatus.REQUIRES_MORE]: "waiting",
  [PaymentSessionStatus.AUTHORIZED]: "paid",
  [PaymentSessionStatus.CAPTURED]: "paid",
  [PaymentSessionStatus.ERROR]: "ended",
  [PaymentSessionStatus.CANCELED]: "ended",
}

export type PaymentLinkView = {
  session_id: string
  provider_id: string
  invoice_id: string
  url: string
  amount: string
  expires_at: string | null
  /** waiting: the shopper can pay it; paid: its payment is on the order; ended: it can no longer be paid. */
  state: "waiting" | "paid" | "ended"
}

export type PaymentLinkFacts = {
  /** What the order still owes, in words ("150.00 UAH"); null when it owes nothing. */
  due: string | null
  currency_code: string
  /** The card providers a link can be made with (enabled in the order's region). */
  providers: string[]
  /** Why no link can be made now; null when one can. */
  unavailable_because: string | null
  /** A notification provider for e-mail is configured and the order has an e-mail address. */
  can_send: boolean
  email: string | null
  link: PaymentLinkView | null
}

export type MakePaymentLinkInput = { provider_id?: string; validity_seconds?: number; send?: boolean }
export type MakePaymentLinkResult = { payment_link: PaymentLinkFacts; created: boolean; sent_to: string | null }

function linkSessionsOf(collections: BalanceCollection[]): Array<{ collection: BalanceCollection; session: BalanceSession }> {
  return collections
    .flatMap((collection) => (collection.payment_sessions ?? []).map((session) => ({ collection, session })))
    .filter(({ session }) => paymentLinkOfContext(session.context) && readMonobankData(session.data)?.pageUrl)
    .sort((a, b) => new Date(b.session.created_at).getTime() - new Date(a.session.created_at).getTime())
}

function viewOf(session: BalanceSession, currency: string, now: Date): PaymentLinkView {
  const data = readMonobankData(session.data)!
  const expired = data.validUntil ? new Date(data.validUntil).getTime() <= now.getTime() : false
  const state = LINK_STATE_OF_SESSION[session.status] ?? "waiting"
  return {
    session_id: session.id,
    provider_id: session.provider_id,
    invoice_id: data.invoiceId,
    url: data.pageUrl!,
    amount: formatBankAmount(toBankMinorUnits(session.amount as never, currency), currency),
    expires_at: data.validUntil ?? null,
    state: state === "waiting" && expired ? "ended" : state,
  }
}

function unavailableBecause(balance: OrderBalance): string | null {
  if (balance.order.status === "canceled") return "The order is cancelled."
  if (balance.dueMinor <= 0) return "The order owes nothing."
  if (!balance.linkProviders.length) return "No monobank card provider is enabled in the order's region."
  return null
}

async function factsOf(container: MedusaContainer, balance: OrderBalance, now: Date): Promise<PaymentLinkFacts> {
  const currency = balance.order.currency_code
  const [latest] = linkSessionsOf(balance.collections)
  return {
    due: balance.dueMinor > 0 ? formatBankAmount(balance.dueMinor, currency) : null,
    currency_code: currency,
    providers: balance.linkProviders,
    unavailable_because: unavailableBecause(balance),
    can_send: Boolean(balance.order.email) && (await canSendByEmail(container)),
    email: balance.order.email,
    link: latest ? viewOf(latest.session, currency, now) : null,
  }
}

/** The order's links the shopper can still pay: ended when the order is cancelled (src/subscribers/monobank-order-canceled.ts). */
export async function payableLinkSessions(container: MedusaContainer, orderId: string): Promise<Array<{ id: string; provider_id: string }>> {
  const balance = await orderBalance(container, orderId)
  const paidSessions = new Set(balance.collections.flatMap((collection) => (collection.payments ?? []).map((payment) => payment.payment_session_id)))
  return linkSessionsOf(balance.collections)
    .map(({ session }) => session)
    .filter((session) => session.status === PaymentSessionStatus.PENDING && !paidSessions.has(session.id))
    .map(({ id, provider_id }) => ({ id, provider_id }))
}

/** What the order widget shows: the amount owed and the order's latest payment link. */
export async function paymentLinkFacts(container: MedusaContainer, orderId: string, now = new Date()): Promise<PaymentLinkFacts> {
  return factsOf(container, await orderBalance(container, orderId), now)
}

/** The link for what the order owes now: the same one when it still fits, a new one otherwise. */
export async function makePaymentLink(
  container: MedusaContainer,
  orderId: string,
  input: MakePaymentLinkInput,
  now = () => new Date()
): Promise<MakePaymentLinkResult> {
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  const { created } = await locking.execute(
    `monobank-payment-link:${orderId}`,
    async () => ensureLink(container, orderId, input, now()),
    { timeout: LINK_LOCK_WAIT_SECONDS, expire: LINK_LOCK_EXPIRE_SECONDS }
  )
  const balance = await orderBalance(container, orderId)
  const facts = await factsOf(container, balance, now())
  const sentTo = input.send && facts.link ? await sendPaymentLink(container, balance.order, facts.link) : null
  return { payment_link: facts, created, sent_to: sentTo }
}

async function ensureLink(container: MedusaContainer, orderId: string, input: MakePaymentLinkInput, now: Date): Promise<{ created: boolean }> {
  const balance = await orderBalance(container, orderId)
  const refusal = unavailableBecause(balance)
  if (refusal) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `No payment link for order ${orderId}: ${refusal}`)
  const providerId = input.provider_id ?? balance.linkProviders[0]
  if (!balance.linkProviders.includes(providerId)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `provider_id ${providerId} is not a monobank card provider enabled in the order's region (enabled: ${balance.linkProviders.join(", ")})`
    )
  }
  const currency = balance.order.currency_code
  const collection = await openCollectionFor(container, balance)
  const fitting = linkSessionsOf([collection]).find(
    ({ session }) =>
      session.status === PaymentSessionStatus.PENDING &&
      (!input.provider_id || session.provider_id === providerId) &&
      toBankMinorUnits(session.amount as never, currency) === balance.dueMinor &&
      stillPayable(readMonobankData(session.data)?.validUntil, now)
  )
  if (fitting) return { created: false }
  await createPaymentSessionsWorkflow(container).run({
    input: {
      payment_collection_id: collection.id,
      provider_id: providerId,
      context: paymentLinkContext({ order_id: orderId, validity_seconds: input.validity_seconds ?? PAYMENT_LINK_DEFAULT_VALIDITY_SECONDS }),
    } as never,
  })
  return { created: true }
}

function stillPayable(validUntil: string | undefined, now: Date): boolean {
  return !validUntil || new Date(validUntil).getTime() - now.getTime() > EXPIRY_MARGIN_MS
}

/** The order's open collection asking exactly what is owed: the one Medusa keeps, or a new one. */
async function openCollectionFor(container: MedusaContainer, balance: OrderBalance): Promise<BalanceCollection> {
  const currency = balance.order.currency_code
  const dueAmount = fromBankMinorUnits(balance.dueMinor, currency)
  const open = balance.collections.filter((collection) => OPEN_COLLECTION_STATUSES.includes(collection.status))
  const [current] = open
  if (!current) {
    const { result } = await createOrderPaymentCollectionWorkflow(container).run({ input: { order_id: balance.order.id, amount: dueAmount } })
    const made = (Array.isArray(result) ? result[0] : result) as { id: string; status: string; amount: number }
    return { ...made, payment_sessions: [], payments: [] }
  }
  if (toBankMinorUnits(current.amount as never, currency) !== balance.dueMinor) {
    await container.resolve<IPaymentModuleService>(Modules.PAYMENT).updatePaymentCollections(current.id, { amount: dueAmount })
    return { ...current, amount: dueAmount }
  }
  return current
}
