/**
 * Which delivery and payment methods the checkout page offers for one cart: what the store owner
 * enabled (plugin options or the admin's settings), narrowed by the storefront's request (never
 * beyond it: not even more installment payments than the store's `payments_number`), and only those this store can
 * turn into an order: a delivery method needs a `monobank-checkout` shipping option for the cart's
 * sales channel, a payment method needs its Medusa payment provider enabled in the cart's region.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { CheckoutPaymentMethod, DeliveryMethod } from "../../../lib/monobank"
import type { CheckoutOptions } from "../../../utils/checkout/options"
import { MAX_PAYMENTS_NUMBER, MIN_PAYMENTS_NUMBER } from "../../../utils/checkout/options"

export type RequestedMethods = {
  dlv_method_list?: DeliveryMethod[]
  payment_method_list?: CheckoutPaymentMethod[]
  payments_number?: number
}

export type OfferedMethods = {
  dlv_method_list: DeliveryMethod[]
  payment_method_list: CheckoutPaymentMethod[]
  payments_number?: number
}

export type MethodAvailability = {
  /** Delivery methods with a shipping option of the monobank-checkout fulfillment provider. */
  deliveryWithShippingOption: ReadonlySet<DeliveryMethod>
  /** Payment provider ids enabled in the cart's region. */
  regionPaymentProviders: ReadonlySet<string>
}

type Options = Pick<CheckoutOptions, "dlv_method_list" | "payment_method_list" | "payments_number" | "paymentProviders">

function invalid(message: string): MedusaError {
  return new MedusaError(MedusaError.Types.INVALID_DATA, message)
}

function narrow<T extends string>(field: string, enabled: readonly T[], requested: readonly T[] | undefined): T[] {
  if (!requested) return [...enabled]
  const refused = requested.filter((method) => !enabled.includes(method))
  if (refused.length) throw invalid(`${field}: ${refused.join(", ")} not enabled in this store (enabled: ${enabled.join(", ")})`)
  return [...new Set(requested)]
}

/**
 * The number of installment payments a storefront may ask for: from the bank's minimum up to the
 * store's own setting (`payments_number`: the most payments the store owner agreed to pay the
 * bank's fee for). Undefined when the storefront asks nothing; throws naming the allowed range.
 */
function requestedPaymentsNumber(options: Options, requested: RequestedMethods): number | undefined {
  const asked = requested.payments_number
  if (asked === undefined) return undefined
  const most = options.payments_number
  if (most === undefined) {
    throw invalid(`payments_number: this store offers no installments on mono checkout (got ${asked})`)
  }
  if (!Number.isInteger(asked) || asked < MIN_PAYMENTS_NUMBER || asked > most) {
    throw invalid(`payments_number: this store allows ${MIN_PAYMENTS_NUMBER} to ${most} installment payments on mono checkout (got ${asked})`)
  }
  return asked
}

export function offeredMethods(options: Options, requested: RequestedMethods, available: MethodAvailability): OfferedMethods {
  const delivery = narrow("dlv_method_list", options.dlv_method_list, requested.dlv_method_list)
  const payment = narrow("payment_method_list", options.payment_method_list, requested.payment_method_list)
  const askedPaymentsNumber = requestedPaymentsNumber(options, requested)

  const dlv_method_list = delivery.filter((method) => available.deliveryWithShippingOption.has(method))
  if (!dlv_method_list.length) {
    throw invalid(
      `No mono checkout delivery method (${delivery.join(", ")}) has a shipping option of the monobank-checkout ` +
        "fulfillment provider for this cart's sales channel"
    )
  }
  const payment_method_list = payment.filter((method) => available.regionPaymentProviders.has(options.paymentProviders[method]))
  if (!payment_method_list.length) {
    const providers = payment.map((method) => `${method}: ${options.paymentProviders[method]}`).join(", ")
    throw invalid(`No mono checkout payment method can be recorded in this cart's region: enable its payment provider (${providers})`)
  }
  if (!payment_method_list.includes("part_purchase")) return { dlv_method_list, payment_method_list }

  const payments_number = askedPaymentsNumber ?? options.payments_number
  // The options schema requires payments_number with part_purchase; this guards a store set up otherwise.
  if (
    payments_number === undefined ||
    !Number.isInteger(payments_number) ||
    payments_number < MIN_PAYMENTS_NUMBER ||
    payments_number > MAX_PAYMENTS_NUMBER
  ) {
    throw invalid(
      `payments_number must be a whole number from ${MIN_PAYMENTS_NUMBER} to ${MAX_PAYMENTS_NUMBER} when part_purchase is offered` +
        (payments_number === undefined ? "" : ` (got ${payments_number})`)
    )
  }
  return { dlv_method_list, payment_method_list, payments_number }
}
