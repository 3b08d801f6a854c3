/**
 * Overhead of our HTTP core (validation, retry bookkeeping, error mapping) over a bare undici
 * request to the same emulator endpoint with the same keep-alive pool settings.
 */
import { Pool } from "undici"
import { startEmulator } from "../emulator"
import { AcquiringClient } from "../src/lib/monobank"
import { compare } from "./measure"

export async function run() {
  const emulator = await startEmulator({ port: 0 })
  try {
    const client = new AcquiringClient({ token: emulator.acquiringToken, baseUrl: emulator.url })
    const { invoiceId } = await client.createInvoice({ amount: 123456, ccy: 980 })
    const pool = new Pool(emulator.url, { connections: 1 })
    const path = `/api/merchant/invoice/status?invoiceId=${encodeURIComponent(invoiceId)}`
    const results = await compare(
      "GET invoice status against the emulator",
      {
        name: "raw undici Pool.request + JSON.parse (baseline)",
        fn: async () => {
          const res = await pool.request({ method: "GET", path, headers: { "x-token": emulator.acquiringToken } })
          return JSON.parse(await res.body.text())
        },
      },
      [{ name: "AcquiringClient.getInvoiceStatus", fn: () => client.getInvoiceStatus(invoiceId) }],
      { rounds: 5, roundMs: 500 }
    )
    await pool.close()
    await client.close()
    return results
  } finally {
    await emulator.close()
  }
}
