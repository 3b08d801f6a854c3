import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { fieldErrors, saveSettingsBodySchema, type SettingsValues } from "../../../../../modules/monobank-settings"
import { settingsApiParam } from "../api-param"
import { settingsModule, settingsView } from "../settings-view"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const api = settingsApiParam(req.params)
  res.json({ api, settings: await settingsView(req.scope, api) })
}

/**
 * Saves one API's settings: `values` replace what was saved (a field left out uses medusa-config.ts),
 * `secrets` set (string), remove (null) or keep (left out) each secret. 400 with a message per
 * field when something is wrong; nothing is saved then. Applies to the next payment session.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const api = settingsApiParam(req.params)
  const parsed = saveSettingsBodySchema(api).safeParse(req.body ?? {})
  if (!parsed.success) {
    res.status(400).json({ type: "invalid_data", message: "Some settings are not valid", errors: fieldErrors(parsed.error) })
    return
  }
  await settingsModule(req.scope).saveSettings(api, {
    values: parsed.data.values as Partial<SettingsValues[typeof api]>,
    secrets: parsed.data.secrets,
  })
  res.json({ api, settings: await settingsView(req.scope, api) })
}
