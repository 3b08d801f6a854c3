/**
 * What the card and installment session reconcile share: which pending payment sessions are due
 * for a bank read (the most overdue first, a page at a time: ./due-sessions-query, by the schedule
 * of ./session-schedule), a lock so two servers never read one session at once, and the run loop
 * that reads at most its budget and stops at the first read the bank does not answer.
 */
import type { IPaymentModuleService, MedusaContainer, PaymentSessionDTO } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { randomUUID } from "node:crypto"
import { hasLedgerTable, queryDueSessions } from "./due-sessions-query"
import { RECONCILE_READS_PER_RUN } from "./reconcile-schedule"
import { isDueSession, type SessionSchedule } from "./session-schedule"

export { isDueSession, readMarkOf, sessionDueAt, sessionWindowEnd, type SessionSchedule } from "./session-schedule"

export type SessionReconcileResult =
  /** The bank has no outcome yet: nothing changed but the read mark. */
  | { kind: "waiting" }
  /** Paid at the bank and the cart is an order (or the payment has no cart). */
  | { kind: "completed"; medusa_order_id?: string }
  /** Declined, expired or released at the bank: the session says so, no order. */
  | { kind: "unpaid" }
  /** Paid at the bank, no order could be made, and the money went back to the shopper. */
  | { kind: "returned" }
  /** Paid at the bank, but no order could be made: the store owner has to act. */
  | { kind: "needs_attention"; message: string }
  /** The bank did not answer: nothing changed, the run stops. */
  | { kind: "bank_unavailable"; message: string }
  | { kind: "failed"; message: string }
  /** Another server holds it, or it changed (or was read) since it was listed. */
  | { kind: "skipped" }

export type SessionReconcileSummary = { checked: number } & Record<SessionReconcileResult["kind"], number>

export type PendingSession = Pick<PaymentSessionDTO, "id" | "provider_id" | "status" | "created_at" | "data">

/** A pending session listed as due, with the instant it fell due (epoch ms): runs go by it. */
export type DueSession = PendingSession & { due_at: number }

/** The next page of due sessions after `after` (the last of the previous page), at most `limit`. */
export type DuePage = (after: DueSession | undefined, limit: number) => Promise<DueSession[]>

export type DueSessionQuery = {
  /** Payment provider ids start with this, e.g. `pp_monobank_`. */
  providerPrefix: string
  statuses: readonly string[]
  schedule: SessionSchedule
  now: Date
}

/** One provider kind's sessions as the reconcile reads them: which are listed, and which fields it reads. */
export type ReconciledSessions = Omit<DueSessionQuery, "now"> & { select: string[] }

export function messageOf(error: unknown): string {
  return (error as { message?: string } | undefined)?.message ?? String(error)
}

export function emptySummary(): SessionReconcileSummary {
  return { checked: 0, waiting: 0, completed: 0, unpaid: 0, returned: 0, needs_attention: 0, bank_unavailable: 0, failed: 0, skipped: 0 }
}

/**
 * Pages of the due sessions of the registered providers of one kind, the most overdue first. Only
 * sessions that have something at the bank to read (the schedule's `bankRefKey`) are listed.
 */
export function dueSessionPages(container: MedusaContainer, query: DueSessionQuery): DuePage {
  const connection = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  let setting: Promise<{ providerIds: string[]; ledgerTable: boolean }> | undefined
  const settle = async () => {
    const paymentModule = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    const providers = await paymentModule.listPaymentProviders({}, { select: ["id"] })
    const providerIds = providers.map((p) => p.id).filter((id) => id.startsWith(query.providerPrefix))
    return { providerIds, ledgerTable: await hasLedgerTable(connection) }
  }
  return async (after, limit) => {
    setting ??= settle()
    return queryDueSessions(connection, { ...query, ...(await setting), limit, after })
  }
}

/**
 * Runs `job` unless another process is reconciling the same session (then "skipped"): a
 * try-lock through Medusa's locking module, shared by servers when a shared provider is set up.
 */
export async function withSessionLock(
  container: MedusaContainer,
  sessionId: string,
  job: () => Promise<SessionReconcileResult>
): Promise<SessionReconcileResult> {
  const locking = container.resolve(Modules.LOCKING)
  const key = `monobank-reconcile:${sessionId}`
  const ownerId = `monobank-reconcile:${randomUUID()}`
  try {
    // Expires on its own if this process dies mid-way.
    await locking.acquire(key, { ownerId, expire: 120 })
  } catch {
    return { kind: "skipped" }
  }
  try {
    return await job()
  } finally {
    await locking.release(key, { ownerId })
  }
}

/**
 * Runs `job` on the session as it is now, under its lock: "skipped" when another server holds it,
 * or it is gone, no longer in one of the kind's statuses, or not due any more (it was listed a
 * moment ago, maybe by another server that has read it since).
 */
export async function withDueSession<S extends Pick<PaymentSessionDTO, "id" | "status" | "created_at" | "data">>(
  container: MedusaContainer,
  kind: ReconciledSessions,
  sessionId: string,
  now: Date,
  job: (session: S) => Promise<SessionReconcileResult>
): Promise<SessionReconcileResult> {
  return withSessionLock(container, sessionId, async () => {
    const session = await container
      .resolve<IPaymentModuleService>(Modules.PAYMENT)
      .retrievePaymentSession(sessionId, { select: kind.select })
      .catch(() => undefined)
    if (!session || !kind.statuses.includes(session.status) || !isDueSession(session, kind.schedule, now)) return { kind: "skipped" }
    return job(session as unknown as S)
  })
}

/** When a run reads (default: now) and how many sessions at most (default: `RECONCILE_READS_PER_RUN`). */
export type ReconcileRunOptions = { now?: Date; limit?: number }

/** One run over a provider kind's due sessions (`reconcileDueSessions`), each reconciled by its id. */
export function reconcileSessionsOf(
  container: MedusaContainer,
  kind: ReconciledSessions,
  reconcileOne: (sessionId: string, now: Date) => Promise<SessionReconcileResult>,
  { now = new Date(), limit = RECONCILE_READS_PER_RUN }: ReconcileRunOptions = {}
): Promise<SessionReconcileSummary> {
  return reconcileDueSessions(dueSessionPages(container, { ...kind, now }), (session) => reconcileOne(session.id, now), limit)
}

/** The cart a payment collection pays for, if any (a payment collection need not have one). */
export async function cartOfPaymentCollection(container: MedusaContainer, paymentCollectionId: string): Promise<string | undefined> {
  const { data: carts } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "cart_payment_collection",
    fields: ["cart_id"],
    filters: { payment_collection_id: paymentCollectionId },
  })
  return carts[0]?.cart_id as string | undefined
}

/** The cart a payment session pays for, and its order once there is one. */
export async function cartAndOrderOfSession(
  container: MedusaContainer,
  paymentCollectionId: string
): Promise<{ cart_id?: string; medusa_order_id?: string }> {
  const cartId = await cartOfPaymentCollection(container, paymentCollectionId)
  if (!cartId) return {}
  const { data: orders } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
  return { cart_id: cartId, medusa_order_id: orders[0]?.order_id }
}

/** After the bank said "paid" and the webhook's workflow ran: an order, or what the store owner must know. */
export async function paidOutcome(
  container: MedusaContainer,
  session: { id: string; payment_collection_id: string },
  what: string,
  cause?: string
): Promise<SessionReconcileResult> {
  const { cart_id, medusa_order_id } = await cartAndOrderOfSession(container, session.payment_collection_id)
  if (!cart_id || medusa_order_id) return { kind: "completed", medusa_order_id }
  const because = cause ? ` (${cause})` : ""
  const message = `${what} is paid at the bank, but cart ${cart_id} could not become an order${because}; complete it or refund the shopper from the monobank cabinet`
  return { kind: "needs_attention", message }
}

/** The store owner's notice: an error line for a payment that needs them (the job counts them too). */
export function reportOutcome(container: MedusaContainer, sessionId: string, result: SessionReconcileResult): SessionReconcileResult {
  if (result.kind === "needs_attention") {
    container.resolve(ContainerRegistrationKeys.LOGGER).error(`monobank reconcile: payment session ${sessionId}: ${result.message}`)
  }
  return result
}

/**
 * One run: the due sessions one after another (a burst would meet the bank's rate limit), the most
 * overdue first, page by page, until `budget` sessions were read. A session another server holds
 * (or that changed since it was listed) is skipped without using up the budget, at most `budget`
 * of them, so a run looks at no more than twice its budget. Stops when the bank is down.
 */
export async function reconcileDueSessions(
  listPage: DuePage,
  reconcileOne: (session: DueSession) => Promise<SessionReconcileResult>,
  budget: number
): Promise<SessionReconcileSummary> {
  const summary = emptySummary()
  let after: DueSession | undefined
  while (summary.checked < budget && summary.skipped < budget) {
    const limit = budget - summary.checked
    const page = await listPage(after, limit)
    for (const session of page) {
      const result = await reconcileOne(session)
      summary[result.kind] += 1
      if (result.kind !== "skipped") summary.checked += 1
      if (result.kind === "bank_unavailable" || summary.skipped >= budget) return summary
    }
    // A short page was the last one.
    if (page.length < limit) break
    after = page[page.length - 1]
  }
  return summary
}
