import { MathBN, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CheckoutCreateOrderRequest } from "../../../lib/monobank"
import { callbackUrlOf, returnUrlOf } from "../../../utils/checkout/options"
import { bankOrderRef } from "../../../modules/monobank-checkout/order-ref"
import { offeredMethods, type RequestedMethods } from "../utils/offered-methods"
import { cartFingerprintOf } from "../utils/cart-fingerprint"
import { assertCheckoutCart, buildCheckoutOrderRequest, checkoutAmountOf } from "../utils/order-request"
import { checkoutShippingOptions, regionPaymentProviders } from "../utils/store-lookups"
import type { LoadedCheckoutCart } from "./load-checkout-cart"
import { checkoutModule, checkoutOptionsNow } from "../../../modules/monobank-checkout/resolve"

type KnownCheckoutOrder = NonNullable<LoadedCheckoutCart["existing"]> & { checkout_order_id: string; redirect_url: string }

export type CheckoutOrderPlan =
  | { existing: KnownCheckoutOrder; request?: undefined; cart_fingerprint?: undefined; attempt?: undefined; checkout_id?: undefined }
  | {
      existing?: undefined
      request: CheckoutCreateOrderRequest
      /** The cart the request is made of (../utils/cart-fingerprint). */
      cart_fingerprint: string
      /** This attempt's number; the record to reuse when an earlier attempt's answer was lost. */
      attempt: number
      checkout_id?: string
    }

export const planCheckoutOrderStepId = "monobank-checkout-plan-order"

/**
 * Validates the cart and builds the bank request, or returns the cart's existing checkout order
 * (one page per cart once the shopper could have seen it). When the answer to the last attempt was
 * lost, the new attempt gets a fresh order_ref: the bank refuses a repeated one.
 */
export const planCheckoutOrderStep = createStep(
  planCheckoutOrderStepId,
  async (input: LoadedCheckoutCart & { requested: RequestedMethods }, { container }) => {
    const options = await checkoutOptionsNow(container)
    const { cart, existing } = input
    assertCheckoutCart(cart)
    if (existing?.checkout_order_id && existing.redirect_url) {
      const amount = checkoutAmountOf(cart)
      if (!MathBN.eq(existing.amount, amount)) {
        // NOT_ALLOWED (400): Medusa answers every CONFLICT with a generic idempotency message.
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `Cart ${cart.id} changed after its mono checkout order was made for ${existing.amount} UAH (now ${amount} UAH); ` +
            "the bank keeps one order per cart, so check out with a new cart"
        )
      }
      return new StepResponse<CheckoutOrderPlan>({ existing: existing as KnownCheckoutOrder })
    }
    const attempt = existing ? existing.attempt + 1 : 1
    const [shippingOptions, providers] = await Promise.all([
      checkoutShippingOptions(container, cart.sales_channel_id),
      regionPaymentProviders(container, cart.region_id),
    ])
    const methods = offeredMethods(options, input.requested, {
      deliveryWithShippingOption: new Set(shippingOptions.keys()),
      regionPaymentProviders: providers,
    })
    const request = {
      ...buildCheckoutOrderRequest(cart, {
        ...methods,
        dlv_pay_merchant: options.dlv_pay_merchant,
        hold: options.hold,
        callback_url: callbackUrlOf(options),
        return_url: returnUrlOf(options, cart.id),
      }),
      order_ref: bankOrderRef(cart.id, attempt),
    }
    return new StepResponse<CheckoutOrderPlan>({ request, cart_fingerprint: cartFingerprintOf(cart), attempt, checkout_id: existing?.id })
  }
)
