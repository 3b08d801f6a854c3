import type { BigNumberInput } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { OPEN_SESSION_STATUSES } from "../constants"
import type { InstallmentSessionRecord } from "./load-installment-session"

export const refreshInstallmentSessionStepId = "monobank-installments-refresh-session"

/**
 * Reads the order's state from the bank into the session (through the provider's updatePayment).
 * Only open sessions: once Medusa has a payment, or the order failed, the bank is not asked again.
 */
export const refreshInstallmentSessionStep = createStep(
  refreshInstallmentSessionStepId,
  async (input: { session: InstallmentSessionRecord }, { container }) => {
    const { session } = input
    if (session.payment || !OPEN_SESSION_STATUSES.includes(session.status)) {
      return new StepResponse(session)
    }
    const paymentModule = container.resolve(Modules.PAYMENT)
    const updated = await paymentModule.updatePaymentSession({
      id: session.id,
      amount: (session.raw_amount ?? session.amount) as BigNumberInput,
      currency_code: session.currency_code,
      data: session.data ?? {},
    })
    return new StepResponse<InstallmentSessionRecord>({
      ...session,
      status: updated.status,
      data: updated.data as Record<string, unknown>,
    })
  }
)
