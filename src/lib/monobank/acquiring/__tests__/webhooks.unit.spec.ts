/** Webhooks signed by the emulator, verified with the key read through the client. */
import { createWebhookVerifier } from "../../signatures/webhook-verifier"
import { startReceiver, tokenOptions, useEmulator } from "../../__tests__/emulator-fixture"
import { AcquiringClient } from "../client"

const bank = useEmulator(
  { port: 0, webhookRetryDelayMs: 0 },
  async (emulator) => ({ client: new AcquiringClient(tokenOptions(emulator)), receiver: await startReceiver() }),
  { resetBeforeEach: false }
)

async function webhookFor(invoiceId: string) {
  for (let i = 0; i < 100; i++) {
    const hit = bank.receiver.requests.find((r) => r.body.toString().includes(invoiceId) && r.body.toString().includes('"success"'))
    if (hit) return hit
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`no success webhook for ${invoiceId}`)
}

async function payWithWebhook(): Promise<{ body: Buffer; xSign: string }> {
  const { invoiceId } = await bank.client.createInvoice({ amount: 100, webHookUrl: `${bank.receiver.url}/hook` })
  await bank.emulator.control.payInvoice(invoiceId, { pan: "4242424242424242" })
  const hit = await webhookFor(invoiceId)
  return { body: hit.body, xSign: String(hit.headers["x-sign"]) }
}

it("verifies the bank's webhooks over their raw bytes and follows a key rotation", async () => {
  let fetches = 0
  let now = 0
  const verifier = createWebhookVerifier({
    fetchPublicKey: async () => {
      fetches += 1
      return (await bank.client.getPublicKey()).key
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

  await bank.emulator.control.rotateKey()
  now += 60_000
  const second = await payWithWebhook()
  expect(await verifier.verify(second.body, second.xSign)).toBe(true)
  expect(await verifier.verify(second.body, second.xSign)).toBe(true)
  expect(fetches).toBe(3)
})
