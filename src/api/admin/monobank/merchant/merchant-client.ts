import type { MedusaRequest } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { AcquiringClient } from "../../../../lib/monobank"
import { acquiringClientFor } from "../../../../utils/effective-settings"
import { credentialsFor, settingsModule } from "../settings/settings-view"

/** The card payments client with the effective token (medusa-config.ts with the saved one over it). */
export async function merchantClient(req: MedusaRequest): Promise<{ client: AcquiringClient; baseUrl: string }> {
  const credentials = credentialsFor(req.scope, "acquiring", await settingsModule(req.scope).storedSettings("acquiring"))
  if (!credentials) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "Card payments are not set up in medusa-config.ts of this store")
  return { client: acquiringClientFor(req.scope, credentials), baseUrl: credentials.baseUrl }
}

