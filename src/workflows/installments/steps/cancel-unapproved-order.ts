/**
 * An order placed before the shopper's approval (`placeOrderBeforeApproval`) whose installment the
 * bank ended unpaid (declined, over the limit, no answer in the app within 15 minutes...): nothing
 * was paid, so the order is cancelled through Medusa's cancelOrderWorkflow, which releases its
 * reservations, and the bank's reason is kept on the order (`metadata.monobank_installments`,
 * shown by the order widget). Only on a fresh bank read, and only when no payment rests on the order.
 */
import type { IOrderModuleService, Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { cancelOrderWorkflow } from "@medusajs/medusa/core-flows"
import { orderOfPaymentCollection } from "../../../utils/installments/order-of-collection"
import { shippedUnpaid } from "../../../utils/installments/awaiting-approval-messages"
import { ledgerOf } from "../../../utils/session-money/ledger"
import type { InstallmentSessionRecord } from "./load-installment-session"

export const cancelUnapprovedOrderStepId = "monobank-installments-cancel-unapproved-order"

/** Session statuses the bank's final "not paid" reads as (../../../utils/installments/states). */
const UNPAID_STATUSES: readonly string[] = ["error", "canceled"]

type Outcome = { code?: string; description?: string }

export const cancelUnapprovedOrderStep = createStep(
  cancelUnapprovedOrderStepId,
  async (input: { session: InstallmentSessionRecord }, { container }) => {
    const { session } = input
    if (!UNPAID_STATUSES.includes(session.status) || session.payment) return new StepResponse(false)
    const order = await orderOfPaymentCollection(container, session.payment_collection_id)
    if (!order || order.status === "canceled" || order.paid) return new StepResponse(false)
    const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    const outcome = (session.data?.outcome ?? {}) as Outcome
    const why = `the monobank installment ended unpaid: ${outcome.code ?? "failed"}${outcome.description ? ` (${outcome.description})` : ""}`
    const ledger = ledgerOf(container)
    const rows = ((await ledger?.sessionPaymentsOf(session.id)) ?? []).filter((row) => row.kind === "installment_order")
    // Reported once: a fulfilled order stays uncancellable, and its row already names it.
    if (rows.some((row) => row.attention)) return new StepResponse(false)
    try {
      await cancelOrderWorkflow(container).run({ input: { order_id: order.id } })
    } catch (error) {
      // A concurrent run (the callback and the reconcile) cancelled it first: nothing left to do.
      const now = await orderOfPaymentCollection(container, session.payment_collection_id)
      if (now?.status === "canceled") return new StepResponse(false)
      // Medusa cannot cancel a fulfilled order: the goods went while the bank waited. Nothing was
      // taken at the bank, and the owner must hear of it (Needs attention names the order).
      if (!rows.length) throw error
      const attention = shippedUnpaid(order.id, why, (error as Error).message)
      for (const row of rows) await ledger!.settleSessionPayment(row.id, "nothing_taken", attention)
      logger.error(`monobank installments: ${attention}`)
      return new StepResponse(false)
    }
    await container.resolve<IOrderModuleService>(Modules.ORDER).updateOrders(order.id, {
      metadata: { ...(order.metadata ?? {}), monobank_installments: { canceled_because: why, code: outcome.code ?? null, session_id: session.id } },
    })
    logger.info(`monobank installments: order ${order.id} cancelled: ${why}`)
    return new StepResponse(true)
  }
)
