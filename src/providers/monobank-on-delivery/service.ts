/**
 * The `monobank-on-delivery` payment provider: records orders the shopper placed on the mono
 * checkout page to pay on delivery. It takes no session of its own: everything it records comes
 * from the checkout workflow (its facts checked against the plugin's own checkout record and kept
 * as the session's row, see src/utils/checkout/checkout-payments); any other session is refused,
 * so enabling it in a region does not let a storefront place unpaid orders, which Medusa's system
 * provider would. Session data never decides: a session without a recorded checkout payment is refused.
 */
import type { WebhookActionResult } from "@medusajs/framework/types"
import { MedusaError, PaymentActions } from "@medusajs/framework/utils"
import { PAYMENT_PROVIDER_IDENTIFIERS } from "../../utils/provider-ids"
import type { BankSides } from "../../utils/session-money"
import { MonobankProviderBase } from "../provider-base"

export const ON_DELIVERY_IDENTIFIER = PAYMENT_PROVIDER_IDENTIFIERS.onDelivery

export const ONLY_ON_CHECKOUT_PAGE =
  "Payment on delivery is offered only on the mono checkout page: send the cart to POST /store/monobank/checkout"

function refuse(): never {
  throw new MedusaError(MedusaError.Types.NOT_ALLOWED, ONLY_ON_CHECKOUT_PAGE)
}

/** Every operation of its own is refused: ../provider-base answers the sessions the checkout workflow recorded. */
export class MonobankOnDeliveryProviderService extends MonobankProviderBase<Record<string, never>> {
  static override identifier = ON_DELIVERY_IDENTIFIER

  constructor(cradle: Record<string, unknown>, options: Record<string, never>) {
    super(cradle, options)
  }

  protected startOwnPayment = refuse
  protected authorizeOwn = refuse
  protected captureOwn = refuse
  protected refundOwn = refuse
  protected cancelOwn = refuse
  protected ownStatus = refuse
  protected updateOwn = refuse
  protected override noSessionFor = refuse
  protected translateBankError = refuse

  /** Money collected on delivery is outside monobank: there is nothing to settle when a session goes. */
  protected async bankSides(): Promise<BankSides> {
    return {}
  }

  protected sessionKeysOf(): unknown[] {
    return []
  }

  protected bankIdOfData(): undefined {
    return undefined
  }

  /** The bank sends this provider nothing. */

  protected async readDelivery(): Promise<WebhookActionResult> {
    return { action: PaymentActions.NOT_SUPPORTED }
  }
}

export default MonobankOnDeliveryProviderService
