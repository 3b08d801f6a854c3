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
import { AbstractFulfillmentProviderService } from "@medusajs/framework/utils"
import { deliveryMethodSchema, type DeliveryMethod } from "../../lib/monobank"
import { DELIVERY_LABELS, validateDeliveryData } from "./delivery-data"

export const CHECKOUT_FULFILLMENT_IDENTIFIER = "monobank-checkout"

const DELIVERY_METHODS = deliveryMethodSchema.options

export class MonobankCheckoutFulfillmentService extends AbstractFulfillmentProviderService {
  static override identifier = CHECKOUT_FULFILLMENT_IDENTIFIER

  override async getFulfillmentOptions(): Promise<FulfillmentOption[]> {
    return DELIVERY_METHODS.map((id: DeliveryMethod) => ({ id, name: `${DELIVERY_LABELS[id]} (mono checkout)` }))
  }

  override async validateOption(data: Record<string, unknown>): Promise<boolean> {
    return deliveryMethodSchema.safeParse(data.id).success
  }

  override async validateFulfillmentData(optionData: Record<string, unknown>, data: Record<string, unknown>): Promise<any> {
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
