/** Reads the Medusa records behind a monobank invoice: its payment session and payment, if any. */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export type MonobankPaymentRecords = {
  session?: {
    id: string
    status: string
    amount: number
    currency_code: string
    data: Record<string, unknown> | null
  }
  payment?: {
    id: string
    data: Record<string, unknown> | null
    captured_at: string | Date | null
    canceled_at: string | Date | null
    captures: { id: string }[]
    refunds: { id: string; metadata: Record<string, unknown> | null }[]
  }
}

export const loadMonobankRecordsStep = createStep(
  "monobank-load-payment-records",
  async ({ session_id }: { session_id: string }, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "payment_session",
      fields: [
        "id",
        "status",
        "amount",
        "currency_code",
        "data",
        "payment.id",
        "payment.data",
        "payment.captured_at",
        "payment.canceled_at",
        "payment.captures.id",
        "payment.refunds.id",
        "payment.refunds.metadata",
      ],
      filters: { id: session_id },
    })
    const session = data[0] as any
    const records: MonobankPaymentRecords = session
      ? {
          session: {
            id: session.id,
            status: session.status,
            amount: session.amount,
            currency_code: session.currency_code,
            data: session.data,
          },
          payment: session.payment
            ? {
                id: session.payment.id,
                data: session.payment.data,
                captured_at: session.payment.captured_at,
                canceled_at: session.payment.canceled_at,
                captures: session.payment.captures ?? [],
                refunds: session.payment.refunds ?? [],
              }
            : undefined,
        }
      : {}
    return new StepResponse(records)
  }
)
