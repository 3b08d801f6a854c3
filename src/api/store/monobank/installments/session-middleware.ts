/**
 * Runs before Medusa's "create payment session" store route (after Medusa has validated the body)
 * when a monobank installments provider is chosen:
 * - reads the cart and adds its lines and billing phone to the session data (see
 *   providers/monobank-installments/cart-context.ts), replacing whatever the storefront sent under
 *   those keys, so it cannot dictate the products sent to the bank;
 * - refuses what the provider would refuse (see providers/monobank-installments/session-request.ts)
 *   before Medusa deletes any of the collection's sessions, so a refused request changes nothing.
 * The orders a new session replaces are withdrawn by the provider, once Medusa has accepted it.
 */
import type { AuthenticatedMedusaRequest, MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer, PaymentCustomerDTO } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  CART_CONTEXT_FIELDS,
  EMPTY_CART_CONTEXT,
  installmentCartContext,
  type CartForInstallments,
} from "../../../../providers/monobank-installments/cart-context"
import { toMedusaInputError } from "../../../../providers/monobank-installments/input-errors"
import { resolveInstallmentsOptions } from "../../../../utils/installments/options"
import { mergeInstallmentsOptions, storedSettingsOf } from "../../../../utils/effective-settings"
import { refusalOf, type SessionRequest } from "../../../../providers/monobank-installments/session-request"
import { monobankProviderOptions } from "../../../../utils/monobank-configuration"
import { INSTALLMENTS_PROVIDER_PREFIX } from "../../../../workflows/installments/utils/constants"

type Body = { provider_id?: unknown; data?: Record<string, unknown> }
type Collection = {
  amount: SessionRequest["amount"]
  currency_code: string
  cart?: (CartForInstallments & { completed_at?: string | Date | null }) | null
  payments?: Array<{ canceled_at?: string | Date | null } | null> | null
}
type Customer = { phone?: string | null; addresses?: Array<{ phone?: string | null; is_default_billing?: boolean } | null> | null }

export async function prepareInstallmentSession(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const body = req.body as Body | undefined
  if (!body || typeof body.provider_id !== "string" || !body.provider_id.startsWith(INSTALLMENTS_PROVIDER_PREFIX)) {
    return next()
  }
  let collection: Collection | undefined
  try {
    collection = await readCollection(req.scope, req.params.id)
  } catch (error) {
    // Medusa's own route still runs and reads the collection itself; only the cart's lines are lost.
    req.scope
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`monobank installments: reading payment collection ${req.params.id} failed: ${(error as Error).message}`)
  }
  const data = { ...(body.data ?? {}), ...(collection ? installmentCartContext(collection.cart) : EMPTY_CART_CONTEXT) }
  try {
    // Medusa refuses an unknown collection or provider itself, before it changes anything.
    const options = collection && (await providerOptions(req.scope, body.provider_id))
    if (collection && options) {
      const refusal = refusalOf(
        {
          amount: collection.amount,
          currency_code: collection.currency_code,
          cart_completed: Boolean(collection.cart?.completed_at),
          live_payments: (collection.payments ?? []).filter((payment) => payment && !payment.canceled_at).length,
          data,
          // Unauthenticated requests are allowed: a guest has no auth context.
          customer: await paymentCustomer(req.scope, (req as Partial<AuthenticatedMedusaRequest>).auth_context?.actor_id),
        },
        options
      )
      if (refusal) return next(toMedusaInputError(refusal))
    }
  } catch (error) {
    return next(error)
  }
  req.body = { ...body, data }
  next()
}

async function readCollection(scope: MedusaContainer, id: string): Promise<Collection | undefined> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_collection",
    fields: ["id", "amount", "currency_code", "cart.completed_at", "payments.canceled_at", ...CART_CONTEXT_FIELDS],
    filters: { id },
  })
  return data[0] as Collection | undefined
}

/** The provider's options with the settings saved in the admin over them, as the provider itself uses. */
async function providerOptions(scope: MedusaContainer, providerId: string) {
  const options = monobankProviderOptions(scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE), providerId)
  return options ? resolveInstallmentsOptions(mergeInstallmentsOptions(options, await storedSettingsOf(scope, "installments"))) : undefined
}

/** The logged-in customer as Medusa's workflow hands it to the provider (phone fallbacks). */
async function paymentCustomer(scope: MedusaContainer, customerId: string | undefined): Promise<SessionRequest["customer"]> {
  if (!customerId) return undefined
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "customer",
    fields: ["id", "phone", "addresses.phone", "addresses.is_default_billing"],
    filters: { id: customerId },
  })
  const customer = data[0] as Customer | undefined
  if (!customer) return undefined
  const addresses = (customer.addresses ?? []).filter((address) => address !== null)
  const billing = addresses.find((address) => address.is_default_billing) ?? addresses[0]
  const billingAddress = billing ? ({ phone: billing.phone } as PaymentCustomerDTO["billing_address"]) : undefined
  return { phone: customer.phone ?? undefined, billing_address: billingAddress }
}
