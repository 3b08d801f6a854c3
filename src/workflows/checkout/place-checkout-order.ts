import {
  addShippingMethodToCartStep,
  completeCartWorkflow,
  createPaymentCollectionForCartWorkflow,
  createPaymentSessionsWorkflow,
  refreshPaymentCollectionForCartWorkflow,
  removeShippingMethodFromCartStep,
  updateCartPromotionsWorkflow,
  updateCartWorkflow,
} from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { CheckoutOrderRecord } from "../../lib/monobank"
import type { CheckoutOutcome } from "../../utils/checkout/outcome"
import { cartUpdateFromRecord } from "./utils/order-details"
import { checkCheckoutCurrencyStep } from "./steps/check-checkout-currency"
import { forgetRolledBackOrderStep } from "./steps/forget-rolled-back-order"
import { linkCheckoutOrderStep } from "./steps/link-checkout-order"
import { markCheckoutCompletedStep } from "./steps/mark-checkout-completed"
import { prepareCheckoutPaymentStep } from "./steps/prepare-checkout-payment"
import { resolveCheckoutChargeStep } from "./steps/resolve-checkout-charge"
import { resolveCheckoutDeliveryStep } from "./steps/resolve-checkout-delivery"
import { PromotionActions } from "@medusajs/framework/utils"

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
 * Turns the cart of a placed checkout order into a Medusa order (only a hryvnia cart: the bank
 * collected hryvnia): the shopper's contact and addresses and the delivery from the bank's record,
 * the delivery price and promo code the bank charged (when the store quoted them for this order),
 * the payment recorded against the provider
 * of the payment method (no second charge), then Medusa's own cart completion. Run inside the
 * sync workflow, which holds the cart lock; every step undoes itself if a later one fails. Medusa's
 * completion hands a cart's existing order to a later completion of the same cart, so should the
 * lock ever stop serializing two syncs, both may reach the same order: linking it is then not a
 * failure, and a rollback leaves no link to the order it deleted (see the two steps).
 */
export const placeMonobankCheckoutOrderWorkflow = createWorkflow(
  placeMonobankCheckoutOrderWorkflowId,
  (input: PlaceCheckoutOrderInput) => {
    checkCheckoutCurrencyStep({ cart_id: input.cart_id, record: input.record })
    const cartUpdate = transform({ input }, ({ input }) => ({
      id: input.cart_id,
      ...cartUpdateFromRecord(input.record, input.cart_email),
    }))
    updateCartWorkflow.runAsStep({ input: cartUpdate })

    const delivery = resolveCheckoutDeliveryStep({ cart_id: input.cart_id, record: input.record })
    const charge = resolveCheckoutChargeStep(
      transform({ input, delivery }, ({ input, delivery }) => ({ cart_id: input.cart_id, record: input.record, delivery_method: delivery.delivery_method }))
    )
    removeShippingMethodFromCartStep(transform({ delivery }, ({ delivery }) => ({ shipping_method_ids: delivery.remove_ids })))
    addShippingMethodToCartStep(
      transform({ delivery, charge }, ({ delivery, charge }) => ({
        shipping_methods: [{ ...delivery.shipping_method, amount: charge.delivery_amount }],
      }))
    )
    when("monobank-checkout-applies-promo-code", { charge }, ({ charge }) => !!charge.promo_code).then(() =>
      updateCartPromotionsWorkflow.runAsStep({
        input: transform({ input, charge }, ({ input, charge }) => ({
          cart_id: input.cart_id,
          promo_codes: [charge.promo_code!],
          action: PromotionActions.ADD,
        })),
      })
    )
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

    forgetRolledBackOrderStep({ checkout_id: input.checkout_id })
    const order = completeCartWorkflow.runAsStep({ input: { id: input.cart_id } })
    const placed = transform({ input, order }, ({ input, order }) => ({ checkout_id: input.checkout_id, medusa_order_id: order.id }))
    linkCheckoutOrderStep(placed)
    markCheckoutCompletedStep(transform({ placed, delivery }, ({ placed, delivery }) => ({ ...placed, attention: delivery.attention })))
    return new WorkflowResponse(transform({ order }, ({ order }) => ({ medusa_order_id: order.id })))
  }
)
