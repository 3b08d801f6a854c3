import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { SETTINGS_APIS, type SettingsApi } from "../../../../modules/monobank-settings"

const apiParamSchema = z.enum(SETTINGS_APIS)

/** `:api` of the settings routes; 404 for anything but acquiring, installments or checkout. */
export function settingsApiParam(params: Record<string, string>): SettingsApi {
  const parsed = apiParamSchema.safeParse(params.api)
  if (!parsed.success) throw new MedusaError(MedusaError.Types.NOT_FOUND, `No monobank API called ${JSON.stringify(params.api)}: use ${SETTINGS_APIS.join(", ")}`)
  return parsed.data
}
