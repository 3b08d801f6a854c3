import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { needsAttentionOfOrder } from "../../needs-attention/attention-list"
import { orderFacts } from "../order-facts"
import type { OrderFactsResponse } from "../order-facts-response"

/** The order widget's facts: each monobank payment as the bank has it now, and the checkout order. */
export async function GET(req: MedusaRequest, res: MedusaResponse<OrderFactsResponse>) {
  const facts = await orderFacts(req.scope, req.params.id)
  res.json({ ...facts, needs_attention: facts.monobank ? await needsAttentionOfOrder(req.scope, req.params.id) : [] })
}
