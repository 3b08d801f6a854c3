import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { SETTINGS_APIS } from "../../../../modules/monobank-settings"
import { settingsKeyState, settingsView } from "./settings-view"

/**
 * Settings → monobank: per API what is saved in the admin, the medusa-config.ts defaults under it
 * and the addresses the bank calls back. Secrets only as "set" and their last 4 characters.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const apis = Object.fromEntries(await Promise.all(SETTINGS_APIS.map(async (api) => [api, await settingsView(req.scope, api)])))
  res.json({ settings_key: settingsKeyState(), apis })
}
