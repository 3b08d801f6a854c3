/** Webhooks signed by the emulator, verified with the key read through the client. */
import { startEmulator } from "../../../../../emulator"
import { createWebhookVerifier } from "../../signatures/webhook-verifier"
import { startRawServer, json } from "../../__tests__/raw-server"
import { AcquiringClient } from "../client"

type Emulator = Awaited<ReturnType<typeof startEmulator>>
let emulator: Emulator
let client: AcquiringClient
let receiver: Awaited<ReturnType<typeof startRawServer>>

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, webhookRetryDelayMs: 0 })
  client = new AcquiringClient({ token: emulator.acquiringToken, baseUrl: emulator.url })
  receiver = await startRawServer((_req, res) => json(res, 200, {}))
})

afterAll(async () => {
  await client.close()
  await receiver.close()
  await emulator.close()
})

async function webhookFor(invoiceId: string) {
  for (let i = 0; i < 100; i++) {
    const hit = receiver.requests.find((r) => r.body.toString().includes(invoiceId) && r.body.toString().includes('"success"'))
    if (hit) return hit
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`no success webhook for ${invoiceId}`)
}

async function payWithWebhook(): Promise<{ body: Buffer; xSign: string }> {
  const { invoiceId } = await client.createInvoice({ amount: 100, webHookUrl: `${receiver.url}/hook` })
  await emulator.control.payInvoice(invoiceId, { pan: "4242424242424242" })
  const hit = await webhookFor(invoiceId)
  return { body: hit.body, xSign: String(hit.headers["x-sign"]) }
}

it("verifies the bank's webhooks over their raw bytes and follows a key rotation", async () => {
  let fetches = 0
  let now = 0
  const verifier = createWebhookVerifier({
    fetchPublicKey: async () => {
      fetches += 1
      return (await client.getPublicKey()).key
    },
    minRefreshIntervalMs: 10_000,
    now: () => now,
    sleep: async (ms) => {
      now += ms
    },
  })

  const first = await payWithWebhook()
  expect(await verifier.verify(first.body, first.xSign)).toBe(true)
  // A tampered body: after the allowed refetch (the same key) it still fails.
  expect(await verifier.verify(Buffer.from(first.body.toString().replace("100", "999")), first.xSign)).toBe(false)
  expect(fetches).toBe(2)

  await emulator.control.rotateKey()
  now += 60_000
  const second = await payWithWebhook()
  expect(await verifier.verify(second.body, second.xSign)).toBe(true)
  expect(await verifier.verify(second.body, second.xSign)).toBe(true)
  expect(fetches).toBe(3)
})
