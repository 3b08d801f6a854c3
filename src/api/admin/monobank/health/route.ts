import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { describeMonobankConfiguration } from "../../../../utils/monobank-configuration"
import { PLUGIN_NAME, PLUGIN_VERSION } from "../../../../utils/plugin-info"

/** Which monobank APIs this store has configured. Never reveals tokens or secrets. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const configModule = req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  res.json({
    plugin: { name: PLUGIN_NAME, version: PLUGIN_VERSION },
    apis: describeMonobankConfiguration(configModule),
  })
}
