import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { cartOfPaymentCollection } from "../../../utils/session-reconcile"
import { INSTALLMENTS_PROVIDER_PREFIX } from "../utils/constants"

export type InstallmentSessionRecord = {
  id: string
  provider_id: string
  status: string
  amount: number
  raw_amount: unknown
  currency_code: string
  data: Record<string, unknown> | null
  metadata?: Record<string, unknown> | null
  payment_collection_id: string
  payment?: { id: string; captured_at?: string | Date | null; canceled_at?: string | Date | null } | null
}

/** What the step reads of the session: the fields of `InstallmentSessionRecord`. */
const SESSION_FIELDS = ["id", "provider_id", "status", "amount", "raw_amount", "currency_code", "data", "metadata", "payment_collection_id", "payment.id", "payment.captured_at", "payment.canceled_at"]

export type LoadedInstallmentSession = { session: InstallmentSessionRecord; cart_id?: string }

export const loadInstallmentSessionStepId = "monobank-installments-load-session"

/** The payment session and its cart; NOT_FOUND unless it is a monobank installments session. */
export const loadInstallmentSessionStep = createStep(
  loadInstallmentSessionStepId,
  async (input: { session_id: string }, { container }) => {
    const { data: sessions } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "payment_session",
      fields: SESSION_FIELDS,
      filters: { id: input.session_id },
    })
    const session = sessions[0] as InstallmentSessionRecord | undefined
    if (!session || !session.provider_id?.startsWith(INSTALLMENTS_PROVIDER_PREFIX)) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `No monobank installment payment session ${input.session_id}`)
    }
    return new StepResponse<LoadedInstallmentSession>({ session, cart_id: await cartOfPaymentCollection(container, session.payment_collection_id) })
  }
)
