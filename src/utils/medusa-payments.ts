/**
 * Whether a Medusa payment rests on a payment session, asked through the payment module's public
 * service (`listPayments`) in the application's container. A provider asks before it releases
 * bank money outside a cancel of that very payment: Medusa also calls `cancelPayment` when creating
 * the payment failed, for instance because a concurrent authorize of the session created it.
 */
import type { IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { applicationModule } from "./module-container"

/** "unknown": the module could not be asked; a caller must then treat the money as taken. */
export type SessionPaymentState = "rests" | "none" | "unknown"

export async function paymentStateOfSession(
  sessionId: string | undefined,
  paymentModule: Pick<IPaymentModuleService, "listPayments"> | undefined = applicationModule(Modules.PAYMENT)
): Promise<SessionPaymentState> {
  if (!sessionId || !paymentModule) return "unknown"
  try {
    const payments = await paymentModule.listPayments({ payment_session_id: sessionId }, { select: ["id", "canceled_at"] })
    return payments.some((payment) => !payment.canceled_at) ? "rests" : "none"
  } catch {
    return "unknown"
  }
}
