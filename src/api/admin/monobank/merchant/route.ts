import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { explainBankError } from "../../../../utils/connection-check"
import { merchantClient } from "./merchant-client"

/**
 * Merchant data from the bank: submerchants (terminal codes for `code`), employees (for tips) and
 * QR cashiers. Each list says on its own when the bank would not give it.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { client, baseUrl } = await merchantClient(req)
  const read = async <T>(what: () => Promise<T>) => {
    try {
      return { ok: true as const, list: await what() }
    } catch (error) {
      return { ok: false as const, reason: explainBankError("acquiring", error, baseUrl) }
    }
  }
  const [submerchants, employees, qr] = await Promise.all([
    read(() => client.listSubmerchants()),
    read(() => client.listEmployees()),
    read(() => client.listQr()),
  ])
  res.json({ submerchants, employees, qr })
}
