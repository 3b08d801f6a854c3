import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { orderIdOfCart } from "./complete-installment-cart"
import type { InstallmentSessionRecord } from "./load-installment-session"

/** What a storefront polling the installment needs: no bank ids beyond what session data shows. */
export type InstallmentSessionSummary = {
  session_id: string
  status: string
  /** The bank's sub-state, e.g. WAITING_FOR_CLIENT, EXCEEDED_SUM_LIMIT. */
  code: string | null
  action: string | null
  final: boolean
  message: { uk: string; en: string } | null
  cart_id: string | null
  order: { id: string } | null
}

export const summarizeInstallmentSessionStepId = "monobank-installments-summarize-session"

export const summarizeInstallmentSessionStep = createStep(
  summarizeInstallmentSessionStepId,
  async (input: { session: InstallmentSessionRecord; cart_id?: string }, { container }) => {
    const outcome = (input.session.data?.outcome ?? null) as {
      code?: string
      action?: string
      final?: boolean
      message?: { uk: string; en: string }
    } | null
    const orderId = input.cart_id ? await orderIdOfCart(container, input.cart_id) : undefined
    return new StepResponse<InstallmentSessionSummary>({
      session_id: input.session.id,
      status: input.session.status,
      code: outcome?.code ?? null,
      action: outcome?.action ?? null,
      // An order placed before the approval (pending_authorization) still waits for the bank.
      final: (Boolean(orderId) && input.session.status !== "pending_authorization") || outcome?.final === true,
      message: outcome?.message ?? null,
      cart_id: input.cart_id ?? null,
      order: orderId ? { id: orderId } : null,
    })
  }
)
