import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { SettingsValues } from "../../../../../modules/monobank-settings"
import { saveSettingsRequest, settingsApiParam } from "../api-param"
import { installmentsMoveOf } from "../installments-move"
import { settingsModule, settingsView } from "../settings-view"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const api = settingsApiParam(req.params)
  res.json({ api, settings: await settingsView(req.scope, api) })
}

/**
 * Saves one API's settings: `values` replace what was saved (a field left out uses medusa-config.ts),
 * `secrets` set (string), remove (null) or keep (left out) each secret. 400 with a message per
 * field when something is wrong; nothing is saved then. Applies to the next payment session.
 * Installments: another store id or bank address while orders made under the current one are open
 * answers 409 with their number (nothing saved) unless `confirm_open_orders` is true; the
 * credentials left are kept so those orders stay reachable (../installments-move).
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const request = saveSettingsRequest(req, res)
  if (!request) return
  const { api, body } = request
  const move = api === "installments" ? await installmentsMoveOf(req.scope, body) : undefined
  if (move?.openOrders && (body as { confirm_open_orders?: boolean }).confirm_open_orders !== true) {
    const stores = move.left.map((store) => store.storeId).join(", ")
    res.status(409).json({
      type: "open_orders",
      message:
        `${move.openOrders} installment order(s) made under store id ${stores} are still open (not settled, or not fully returned). ` +
        `They stay reachable with that store's credentials after the change: send confirm_open_orders: true to save anyway.`,
      open_orders: move.openOrders,
    })
    return
  }
  await settingsModule(req.scope).saveSettings(
    api,
    { values: body.values as Partial<SettingsValues[typeof api]>, secrets: body.secrets },
    move?.keep
  )
  res.json({ api, settings: await settingsView(req.scope, api) })
}
