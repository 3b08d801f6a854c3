import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { orderFacts } from "../../order-facts"
import { syncOrderWithBank } from "../../order-sync"
import type { OrderSyncResponse } from "../../order-facts-response"

/** "Sync with bank": re-reads the order's monobank payments and applies what changed (see ../../order-sync). */
export async function POST(req: MedusaRequest, res: MedusaResponse<OrderSyncResponse>) {
  const outcomes = await syncOrderWithBank(req.scope, req.params.id)
  res.json({ outcomes, facts: await orderFacts(req.scope, req.params.id) })
}
