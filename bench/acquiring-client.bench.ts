/**
 * Overhead of our HTTP core (validation, retry bookkeeping, error mapping) over a bare undici
 * request to the same emulator endpoint with the same keep-alive pool settings.
 */
import { startEmulator } from "../emulator"
import { AcquiringClient } from "../src/lib/monobank"
import { compareWithRawGet } from "./raw-get-baseline"

export async function run() {
  const emulator = await startEmulator({ port: 0 })
  const client = new AcquiringClient({ token: emulator.acquiringToken, baseUrl: emulator.url })
  try {
    const { invoiceId } = await client.createInvoice({ amount: 123456, ccy: 980 })
    return await compareWithRawGet(
      "GET invoice status against the emulator",
      { url: emulator.url, token: emulator.acquiringToken, path: `/api/merchant/invoice/status?invoiceId=${encodeURIComponent(invoiceId)}` },
      { name: "AcquiringClient.getInvoiceStatus", fn: () => client.getInvoiceStatus(invoiceId) }
    )
  } finally {
    await client.close()
    await emulator.close()
  }
}
