import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "zod"
import { explainBankError } from "../../../../../../utils/connection-check"
import { merchantClient } from "../../../merchant/merchant-client"

const qrIdSchema = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/)

/** Clears the fixed amount of a QR cashier, so the next payer types their own. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const qrId = qrIdSchema.safeParse(req.params.qr_id)
  if (!qrId.success) {
    res.status(400).json({ type: "invalid_data", message: "qr_id must be a QR cashier id from the list" })
    return
  }
  const { client, baseUrl } = await merchantClient(req)
  try {
    await client.resetQrAmount(qrId.data)
    res.json({ ok: true, qr_id: qrId.data })
  } catch (error) {
    res.status(502).json({ ok: false, qr_id: qrId.data, reason: explainBankError("acquiring", error, baseUrl) })
  }
}
