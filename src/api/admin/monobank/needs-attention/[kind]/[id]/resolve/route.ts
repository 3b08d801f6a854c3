import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "zod"
import { BANK_READ_INTERVAL_MS, syncCheckoutOrderSafely } from "../../../../../../../workflows/checkout/sync-safely"
import { checkoutModule, registeredCheckoutModule } from "../../../../../../../modules/monobank-checkout/resolve"
import { linkedOrderOf } from "../../../../../../../workflows/checkout/utils/linked-order"
import { MONOBANK_SESSION_PAYMENTS_MODULE, type MonobankSessionPaymentsModuleService } from "../../../../../../../modules/monobank-session-payments"

const bodySchema = z.strictObject({ action: z.enum(["sync", "acknowledge"], { error: 'action must be "sync" or "acknowledge"' }) })

/**
 * Resolves a needs-attention row the plugin can act on: a checkout order is synced with the bank
 * again (placing the order when its cause is gone), or, when it already became an order that a
 * person had to check (an unknown delivery method), marked as seen; money the plugin gave back for
 * an ended session is marked as seen. Other rows are resolved in Medusa's own pages.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const body = bodySchema.safeParse(req.body ?? {})
  if (!body.success) {
    res.status(400).json({ type: "invalid_data", message: body.error.issues[0].message })
    return
  }
  if (req.params.kind === "session_payment" && body.data.action === "acknowledge") {
    const ledger = req.scope.resolve<MonobankSessionPaymentsModuleService>(MONOBANK_SESSION_PAYMENTS_MODULE, { allowUnregistered: true })
    const resolved = (await ledger?.resolveAttention(req.params.id)) ?? false
    if (!resolved) {
      res.status(404).json({ type: "not_found", message: `No session payment ${req.params.id} needing attention` })
      return
    }
    res.json({ resolved: true })
    return
  }
  if (req.params.kind === "checkout_order" && body.data.action === "acknowledge") {
    await acknowledgePlacedCheckoutOrder(req, res)
    return
  }
  if (req.params.kind !== "checkout_order" || body.data.action !== "sync") {
    res.status(400).json({ type: "invalid_data", message: `Rows of kind ${JSON.stringify(req.params.kind)} are resolved in Medusa's own order pages` })
    return
  }
  const [row] = registeredCheckoutModule(req.scope) ? await checkoutModule(req.scope).listMonobankCheckoutOrders({ id: req.params.id }) : []
  if (!row) {
    res.status(404).json({ type: "not_found", message: `No mono checkout order ${req.params.id}` })
    return
  }
  let result = await syncCheckoutOrderSafely(req.scope, row.cart_id)
  // A person clicked: rather than "try again", wait out the read interval a callback's read started.
  if (result.kind === "coalesced") {
    await new Promise((resolve) => setTimeout(resolve, BANK_READ_INTERVAL_MS))
    result = await syncCheckoutOrderSafely(req.scope, row.cart_id)
  }
  const [after] = await checkoutModule(req.scope).listMonobankCheckoutOrders({ id: row.id })
  res.json({ resolved: after?.status === "completed", status: after?.status, result: result.kind, message: messageOf(result) })
}

function messageOf(result: Awaited<ReturnType<typeof syncCheckoutOrderSafely>>): string | undefined {
  if ("message" in result) return result.message
  if (result.kind === "coalesced") return `monobank was read for this order less than ${BANK_READ_INTERVAL_MS / 1000} seconds ago; try again in a few seconds`
  return undefined
}

/** A flagged checkout order that has its order: the store owner has checked it, it is completed. */
async function acknowledgePlacedCheckoutOrder(req: MedusaRequest, res: MedusaResponse) {
  const [row] = registeredCheckoutModule(req.scope) ? await checkoutModule(req.scope).listMonobankCheckoutOrders({ id: req.params.id }) : []
  const order = row ? await linkedOrderOf(req.scope, row.id) : undefined
  if (!row || row.status !== "needs_attention" || !order?.exists) {
    res.status(404).json({
      type: "not_found",
      message: `No mono checkout order ${req.params.id} that became an order and needs attention (one without an order is resolved by "sync")`,
    })
    return
  }
  const status = await checkoutModule(req.scope).updateCheckoutOrderState({ id: row.id, status: "completed", error: null })
  res.json({ resolved: status === "completed", status })
}
