import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { SettingsValues } from "../../../../../modules/monobank-settings"
import { saveSettingsRequest, settingsApiParam } from "../api-param"
import { installmentsMoveOf, type InstallmentsMove } from "../installments-move"
import { lockingModuleOf } from "../../../../../utils/module-container"
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
  // One save of an API at a time, on every server: each reads what the one before saved, so a
  // store that a save replaces is kept even when another save came at the same moment.
  const refused = await lockingModuleOf(req.scope, "the settings were not saved").execute(
    `monobank-settings-save:${api}`,
    async () => {
      const move = api === "installments" ? await installmentsMoveOf(req.scope, body) : undefined
      if (move?.openOrders && (body as { confirm_open_orders?: boolean }).confirm_open_orders !== true) return openOrdersRefusal(move)
      await settingsModule(req.scope).saveSettings(
        api,
        { values: body.values as Partial<SettingsValues[typeof api]>, secrets: body.secrets },
        move?.keep
      )
      return undefined
    },
    { timeout: SAVE_LOCK_TIMEOUT_S }
  )
  if (refused) {
    res.status(409).json(refused)
    return
  }
  res.json({ api, settings: await settingsView(req.scope, api) })
}

const SAVE_LOCK_TIMEOUT_S = 15

function openOrdersRefusal(move: InstallmentsMove) {
  const stores = move.left.map((store) => store.storeId).join(", ")
  return {
    type: "open_orders",
    message:
      `${move.openOrders} installment order(s) made under store id ${stores} are still open (not settled, or not fully returned). ` +
      `They stay reachable with that store's credentials after the change: send confirm_open_orders: true to save anyway.`,
    open_orders: move.openOrders,
  }
}
