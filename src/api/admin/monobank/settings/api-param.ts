/** What the settings routes read of a request: `:api`, and the body of a save (or of a connection test of one). */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { fieldErrors, saveSettingsBodySchema, SETTINGS_APIS, type SettingsApi } from "../../../../modules/monobank-settings"

const apiParamSchema = z.enum(SETTINGS_APIS)

/** `:api` of the settings routes; 404 for anything but acquiring, installments or checkout. */
export function settingsApiParam(params: Record<string, string>): SettingsApi {
  const parsed = apiParamSchema.safeParse(params.api)
  if (!parsed.success) throw new MedusaError(MedusaError.Types.NOT_FOUND, `No monobank API called ${JSON.stringify(params.api)}: use ${SETTINGS_APIS.join(", ")}`)
  return parsed.data
}

export type SaveSettingsBody = z.output<ReturnType<typeof saveSettingsBodySchema>>

/** `:api` and a save-shaped body; undefined once a 400 with a message per field has been sent. */
export function saveSettingsRequest(req: MedusaRequest, res: MedusaResponse): { api: SettingsApi; body: SaveSettingsBody } | undefined {
  const api = settingsApiParam(req.params)
  const parsed = saveSettingsBodySchema(api).safeParse(req.body ?? {})
  if (!parsed.success) {
    res.status(400).json({ type: "invalid_data", message: "Some settings are not valid", errors: fieldErrors(parsed.error) })
    return undefined
  }
  return { api, body: parsed.data }
}
