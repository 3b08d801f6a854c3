import type { MedusaContainer } from "@medusajs/framework/types"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { MONOBANK_CHECKOUT_MODULE, type MonobankCheckoutModuleService } from "../../../../modules/monobank-checkout"
import { describeMonobankConfiguration } from "../../../../utils/monobank-configuration"
import { PLUGIN_NAME, PLUGIN_VERSION } from "../../../../utils/plugin-info"

/**
 * Which monobank APIs this store has configured, and how many mono checkout orders were paid at
 * the bank but could not become orders (`needs_attention`). Never reveals tokens or secrets.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const configModule = req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const checkout = checkoutModuleOf(req.scope)
  const apis = describeMonobankConfiguration(configModule, { configured: checkout?.isConfigured() ?? false })
  const [, needsAttention] = checkout
    ? await checkout.listAndCountMonobankCheckoutOrders({ status: "needs_attention" }, { select: ["id"], take: 1 })
    : [[], 0]
  res.json({
    plugin: { name: PLUGIN_NAME, version: PLUGIN_VERSION },
    apis: { ...apis, checkout: { ...apis.checkout, needsAttention } },
  })
}

/** A store may leave the plugin's modules out; then there is no checkout module to ask. */
function checkoutModuleOf(scope: MedusaContainer): MonobankCheckoutModuleService | undefined {
  return scope.hasRegistration(MONOBANK_CHECKOUT_MODULE) ? scope.resolve<MonobankCheckoutModuleService>(MONOBANK_CHECKOUT_MODULE) : undefined
}
