import {
  addShippingMethodToCartStep,
  completeCartWorkflow,
  createPaymentCollectionForCartWorkflow,
  createPaymentSessionsWorkflow,
  createRemoteLinkStep,
  refreshPaymentCollectionForCartWorkflow,
  removeShippingMethodFromCartStep,
  updateCartWorkflow,
} from "@medusajs/medusa/core-flows"
import { Modules } from "@medusajs/framework/utils"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { CheckoutOrderRecord } from "../../lib/monobank"
import { MONOBANK_CHECKOUT_MODULE } from "../../modules/monobank-checkout"
import type { CheckoutOutcome } from "../../modules/monobank-checkout/outcome"
import { cartUpdateFromRecord } from "./order-details"
import { markCheckoutCompletedStep } from "./steps/mark-checkout-completed"
import { prepareCheckoutPaymentStep } from "./steps/prepare-checkout-payment"
import { resolveCheckoutDeliveryStep } from "./steps/resolve-checkout-delivery"

export type PlaceCheckoutOrderInput = {
  /** Our checkout order record. */
  checkout_id: string
  cart_id: string
  cart_email?: string | null
  record: CheckoutOrderRecord
  outcome: Extract<CheckoutOutcome, { kind: "placed" }>
}

export const placeMonobankCheckoutOrderWorkflowId = "monobank-checkout-place-order"

/**
 * Turns the cart of a placed checkout order into a Medusa order: the shopper's contact and
 * addresses and the delivery from the bank's record, the payment recorded against the provider
 * of the payment method (no second charge), then Medusa's own cart completion. Run inside the
 * sync workflow, which holds the cart lock; every step undoes itself if a later one fails.
 */
export const placeMonobankCheckoutOrderWorkflow = createWorkflow(
  placeMonobankCheckoutOrderWorkflowId,
  (input: PlaceCheckoutOrderInput) => {
    const cartUpdate = transform({ input }, ({ input }) => ({
      id: input.cart_id,
      ...cartUpdateFromRecord(input.record, input.cart_email),
    }))
    updateCartWorkflow.runAsStep({ input: cartUpdate })

    const delivery = resolveCheckoutDeliveryStep({ cart_id: input.cart_id, record: input.record })
    removeShippingMethodFromCartStep(transform({ delivery }, ({ delivery }) => ({ shipping_method_ids: delivery.remove_ids })))
    addShippingMethodToCartStep(transform({ delivery }, ({ delivery }) => ({ shipping_methods: [delivery.shipping_method] })))
    refreshPaymentCollectionForCartWorkflow.runAsStep({ input: { cart_id: input.cart_id } })

    const payment = prepareCheckoutPaymentStep({ cart_id: input.cart_id, record: input.record, outcome: input.outcome })
    const createdCollection = when("monobank-checkout-needs-payment-collection", { payment }, ({ payment }) => {
      return !payment.payment_collection_id
    }).then(() => createPaymentCollectionForCartWorkflow.runAsStep({ input: { cart_id: input.cart_id } }))

    const sessionInput = transform({ payment, createdCollection }, ({ payment, createdCollection }) => ({
      payment_collection_id: (payment.payment_collection_id ?? createdCollection?.id)!,
      provider_id: payment.provider_id,
      context: payment.context,
    }))
    createPaymentSessionsWorkflow.runAsStep({ input: sessionInput })

    const order = completeCartWorkflow.runAsStep({ input: { id: input.cart_id } })
    createRemoteLinkStep(
      transform({ input, order }, ({ input, order }) => [
        {
          [MONOBANK_CHECKOUT_MODULE]: { monobank_checkout_order_id: input.checkout_id },
          [Modules.ORDER]: { order_id: order.id },
        },
      ])
    ).config({ name: "monobank-checkout-link-order" })
    markCheckoutCompletedStep({ id: input.checkout_id })
    return new WorkflowResponse(transform({ order }, ({ order }) => ({ order_id: order.id })))
  }
)
