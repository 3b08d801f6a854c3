/**
 * The `monobank-checkout` fulfillment provider: the delivery methods of the mono checkout page as
 * fulfillment options. The shopper picks and pays delivery on the bank's page; the checkout
 * workflow puts the branch / address it reports on the shipping method, this provider checks it
 * and hands it to the fulfillment so the store knows where to ship.
 */
import type {
  CalculatedShippingOptionPrice,
  CreateFulfillmentResult,
  FulfillmentOption,
} from "@medusajs/framework/types"
import { AbstractFulfillmentProviderService, MedusaError } from "@medusajs/framework/utils"
import { deliveryMethodSchema, type DeliveryMethod } from "../../lib/monobank"
import { validateDeliveryData } from "../../utils/checkout/delivery-data"
import { DELIVERY_METHOD_NAMES } from "../../utils/checkout/delivery-method-names"
import { CHECKOUT_DELIVERY_CONTEXT_KEY, CHECKOUT_FULFILLMENT_IDENTIFIER } from "../../utils/checkout/fulfillment"

export const ONLY_ON_CHECKOUT_PAGE_DELIVERY =
  "mono checkout shipping options are offered only on the mono checkout page, where the shopper chooses " +
  "and pays delivery: send the cart to POST /store/monobank/checkout, or pick another shipping option"

function fromCheckoutWorkflow(context: unknown, data: Record<string, unknown>): boolean {
  const marker = (context as Record<string, unknown> | undefined)?.[CHECKOUT_DELIVERY_CONTEXT_KEY] as
    | { checkout_order_id?: unknown }
    | undefined
  return typeof marker?.checkout_order_id === "string" && marker.checkout_order_id === data.checkout_order_id
}

const DELIVERY_METHODS = deliveryMethodSchema.options

export class MonobankCheckoutFulfillmentService extends AbstractFulfillmentProviderService {
  static override identifier = CHECKOUT_FULFILLMENT_IDENTIFIER

  override async getFulfillmentOptions(): Promise<FulfillmentOption[]> {
    return DELIVERY_METHODS.map((id: DeliveryMethod) => ({ id, name: `${DELIVERY_METHOD_NAMES[id].en} (mono checkout)` }))
  }

  override async validateOption(data: Record<string, unknown>): Promise<boolean> {
    return deliveryMethodSchema.safeParse(data.id).success
  }

  /**
   * Only the checkout workflow may put these options on a cart: they cost 0 because the shopper
   * settled delivery on the bank's page. Anything else (a storefront's shipping method, whatever its
   * data, even when the store forgot to hide the options) is refused.
   */
  override async validateFulfillmentData(
    optionData: Record<string, unknown>,
    data: Record<string, unknown>,
    context?: Record<string, unknown>
  ): Promise<any> {
    if (!fromCheckoutWorkflow(context, data ?? {})) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, ONLY_ON_CHECKOUT_PAGE_DELIVERY)
    }
    return validateDeliveryData(optionData.id, data)
  }

  // The shopper settles delivery on the bank's page (or the store pays it, `dlv_pay_merchant`):
  // it is never part of what the bank collected, so the shipping method costs 0 in Medusa.
  override async canCalculate(): Promise<boolean> {
    return true
  }

  override async calculatePrice(): Promise<CalculatedShippingOptionPrice> {
    return { calculated_amount: 0, is_calculated_price_tax_inclusive: true }
  }

  /** `data` is the shipping method's data: the fulfillment carries the delivery details on. */
  override async createFulfillment(data: Record<string, unknown>): Promise<CreateFulfillmentResult> {
    return { data: { ...validateDeliveryData(data.delivery_method, data) }, labels: [] }
  }

  override async cancelFulfillment(): Promise<Record<string, unknown>> {
    return {}
  }

  override async createReturnFulfillment(): Promise<CreateFulfillmentResult> {
    return { data: {}, labels: [] }
  }
}
