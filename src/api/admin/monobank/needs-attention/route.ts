import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { needsAttention } from "./attention-list"

/** Settings → monobank → Needs attention: what the plugin flags for a person (see ./attention-list). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const rows = await needsAttention(req.scope)
  res.json({ rows, count: rows.length })
}
