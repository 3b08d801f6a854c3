import type { BigNumberInput, IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { readOrderId, recordsState } from "../../../utils/installments/session-data"
import { OPEN_SESSION_STATUSES } from "../utils/constants"
import { installmentOrderReader } from "../utils/installment-order-reader"
import type { InstallmentPoll } from "../sync-installment-session"
import type { InstallmentSessionRecord } from "./load-installment-session"

export const refreshInstallmentSessionStepId = "monobank-installments-refresh-session"

/**
 * Reads the order's state from the bank into the session (through the provider's updatePayment).
 * Only open sessions: once Medusa has a payment, or the order failed, the bank is not asked again.
 * A poll that holds the read writes the session only when the bank's answer differs from what the
 * session records (the provider then reads the order again as it writes); any other poll reads
 * nothing and writes nothing.
 */
export const refreshInstallmentSessionStep = createStep(
  refreshInstallmentSessionStepId,
  async (input: { session: InstallmentSessionRecord; poll?: InstallmentPoll }, { container }) => {
    const { session, poll } = input
    if (session.payment || !OPEN_SESSION_STATUSES.includes(session.status) || poll === "stored") {
      return new StepResponse(session)
    }
    const orderId = readOrderId(session.data ?? undefined)
    if (poll === "read" && orderId) {
      const info = await installmentOrderReader(container)(session.provider_id, orderId)
      if (recordsState(session, info)) return new StepResponse(session)
    }
    const paymentModule = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    const updated = await paymentModule.updatePaymentSession({
      id: session.id,
      amount: (session.raw_amount ?? session.amount) as BigNumberInput,
      currency_code: session.currency_code,
      data: session.data ?? {},
      // Medusa stores what it is given here: without it, the session's metadata would be cleared.
      metadata: session.metadata ?? undefined,
      // Names the session to the provider (an order placed before the approval keeps it pending_authorization).
      context: { idempotency_key: session.id },
    })
    return new StepResponse<InstallmentSessionRecord>({
      ...session,
      status: updated.status,
      data: updated.data as Record<string, unknown>,
    })
  }
)
