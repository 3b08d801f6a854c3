/**
 * The bank failed a checkout order that is already a Medusa order: a card hold released (not
 * finalized within 10 days, or released in the business cabinet). As for a released hold of a
 * card payment (acquiring's cancelReleasedHoldStep), the order's payment recording it is canceled,
 * so Medusa no longer shows the order as paid; the order itself is the store owner's to cancel or
 * to have paid again (needs attention lists it). No bank call: there is no hold left to release.
 * A captured or already canceled payment is left as it is, so a repeat changes nothing.
 */
import type { IPaymentModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { CHECKOUT_PAYMENT_KEY } from "../../../utils/checkout/checkout-payment"

type OrderPayment = {
  id: string
  captured_at?: unknown
  canceled_at?: unknown
  captures?: { id: string }[] | null
  data?: Record<string, unknown> | null
}

/** The bank's checkout order id a payment records (earlier versions wrote it as `order_id`). */
function checkoutOrderIdOf(payment: OrderPayment): unknown {
  const facts = payment.data?.[CHECKOUT_PAYMENT_KEY] as Record<string, unknown> | undefined
  return facts?.checkout_order_id ?? facts?.order_id
}

function isOpen(payment: OrderPayment): boolean {
  return !payment.captured_at && !payment.captures?.length && !payment.canceled_at
}

export const cancelReleasedCheckoutHoldStepId = "monobank-checkout-cancel-released-hold"

export const cancelReleasedCheckoutHoldStep = createStep(
  cancelReleasedCheckoutHoldStepId,
  async (input: { checkout_order_id: string; medusa_order_id: string; reason: string }, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data: orders } = await query.graph({
      entity: "order",
      fields: [
        "id",
        "payment_collections.payments.id",
        "payment_collections.payments.data",
        "payment_collections.payments.captured_at",
        "payment_collections.payments.canceled_at",
        "payment_collections.payments.captures.id",
      ],
      filters: { id: input.medusa_order_id },
    })
    const payments: OrderPayment[] = (orders[0]?.payment_collections ?? []).flatMap((collection: any) => collection?.payments ?? [])
    const released = payments.filter((payment) => checkoutOrderIdOf(payment) === input.checkout_order_id && isOpen(payment))
    const paymentModule = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    for (const payment of released) {
      await paymentModule.cancelPayment(payment.id)
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(
          `monobank checkout: the bank failed checkout order ${input.checkout_order_id} (${input.reason}) after it became order ` +
            `${input.medusa_order_id}: payment ${payment.id} canceled; the order is no longer paid`
        )
    }
    return new StepResponse({ canceled: released.map((payment) => payment.id) })
  }
)
