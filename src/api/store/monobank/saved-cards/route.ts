import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { IPaymentModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { CARD_PROVIDER_PREFIX } from "../../../../utils/provider-ids"

/** Card payment providers of this plugin are registered as `pp_monobank_<id>`. */
const CARD_PROVIDER_ID = new RegExp(`^${CARD_PROVIDER_PREFIX}[\\w-]+$`)

/**
 * GET /store/monobank/saved-cards?provider_id=pp_monobank_<id> — the logged-in customer's cards
 * saved in their monobank wallet for that provider, as `{ saved_cards: [{ id, masked_pan }] }`, for
 * a checkout that offers "pay with a saved card" (`payment_method_id: id` in the session data).
 * Medusa 2.21 has no store route for saved payment methods. Masked numbers only: card tokens stay
 * at the bank.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const providerId = typeof req.query.provider_id === "string" ? req.query.provider_id : ""
  if (!CARD_PROVIDER_ID.test(providerId)) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "provider_id must be a monobank card provider (pp_monobank_<id>)")
  }
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data: customers } = await query.graph({
    entity: "customer",
    fields: ["id", "account_holders.*"],
    filters: { id: req.auth_context.actor_id },
  })
  const holder = (customers[0]?.account_holders ?? []).find((h: { provider_id: string } | null) => h?.provider_id === providerId)
  res.setHeader("Cache-Control", "no-store")
  if (!holder) {
    res.json({ saved_cards: [] })
    return
  }
  const paymentModule = req.scope.resolve<IPaymentModuleService>(Modules.PAYMENT)
  const methods = await paymentModule.listPaymentMethods({ provider_id: providerId, context: { account_holder: holder as any } })
  res.json({
    saved_cards: methods.map((method) => ({ id: method.id, masked_pan: (method.data?.maskedPan as string | undefined) ?? null })),
  })
}
