import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { StoredSettings } from "../../../../../../modules/monobank-settings"
import { checkAcquiring, checkCheckout, checkInstallments, type ConnectionCheck } from "../../../../../../utils/connection-check"
import { saveSettingsRequest } from "../../api-param"
import { credentialsFor, settingsModule, type Credentials } from "../../settings-view"

const CHECKS = {
  acquiring: (credentials: Credentials["acquiring"]) => checkAcquiring(credentials),
  installments: (credentials: Credentials["installments"]) => checkInstallments(credentials),
  checkout: (credentials: Credentials["checkout"]) => checkCheckout(credentials),
}

/**
 * "Test connection": asks the bank with the saved settings, or with what the body holds (the same
 * shape as a save, not saved) laid over them. Always 200 with `{ ok, detail | reason }` once the
 * bank was asked: a refused token is the answer, not an error of this route.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const request = saveSettingsRequest(req, res)
  if (!request) return
  const { api, body } = request
  const saved = await settingsModule(req.scope).storedSettings(api)
  const draftSecrets = Object.fromEntries(Object.entries(body.secrets).filter(([, value]) => typeof value === "string")) as Record<string, string>
  const stored = {
    values: { ...(saved?.values ?? {}), ...body.values },
    secrets: { ...(saved?.secrets ?? {}), ...draftSecrets },
  } as StoredSettings<typeof api>
  const credentials = credentialsFor(req.scope, api, stored)
  const result: ConnectionCheck = credentials
    ? await (CHECKS[api] as (c: typeof credentials) => Promise<ConnectionCheck>)(credentials)
    : { ok: false, reason: "This API is not set up in medusa-config.ts of this store, so there is nothing to connect." }
  res.json({ api, ...result })
}
