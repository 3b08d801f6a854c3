import { generateKeyPairSync, sign } from "node:crypto"
import { tokenOptions, useEmulator } from "../../../lib/monobank/__tests__/emulator-fixture"
import { json, startRawServer } from "../../../lib/monobank/__tests__/raw-server"
import { BankClients } from "../bank-clients"
import { MonobankSettingsModuleService } from "../service"

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

/**
 * How many connections `request` has opened once they are kept alive: a further request (the
 * check) reuses one and opens none.
 */
async function keptAlive(server: { connections(): number }, request: () => Promise<unknown>): Promise<number> {
  await request()
  await settle()
  await request()
  await settle()
  const open = server.connections()
  await request()
  await settle()
  expect(server.connections()).toBe(open)
  return open
}

const bank = useEmulator({ port: 0 }, () => ({}))

describe("BankClients: an application's bank clients", () => {
  it("keeps one client per credentials and address (its keep-alive connections), another token gets its own, another application shares none", async () => {
    const clients = new BankClients()
    const other = new BankClients()
    try {
      const credentials = tokenOptions(bank.emulator)
      const client = clients.acquiringFor(credentials)
      expect(clients.acquiringFor({ ...credentials })).toBe(client)
      expect(clients.acquiringFor({ ...credentials, token: `${credentials.token}-other` })).not.toBe(client)
      expect(other.acquiringFor(credentials)).not.toBe(client)
      expect((await client.getPublicKey()).key).toEqual(expect.any(String))
    } finally {
      await Promise.all([clients.close(), other.close()])
    }
  })

  it("closes their connections when the application shuts down (the settings module's shutdown hook); the next caller gets a new client", async () => {
    const bankAddress = await startRawServer((_req, res) => json(res, 200, { key: "a-key" }))
    const settings = new MonobankSettingsModuleService({} as never)
    try {
      const credentials = { token: "token-a", baseUrl: bankAddress.url }
      const before = settings.bankClients.acquiringFor(credentials)
      const open = await keptAlive(bankAddress, () => before.getPublicKey())
      await settings.__hooks.onApplicationShutdown()
      // The kept-alive connections are gone: a late request on the old client has to open another.
      await before.getPublicKey()
      expect(bankAddress.connections()).toBe(open + 1)
      expect(settings.bankClients.acquiringFor(credentials)).not.toBe(before)
      await before.close()
    } finally {
      await settings.bankClients.close()
      await bankAddress.close()
    }
  })

  it("closes the oldest client's connections once more than 8 credentials were used", async () => {
    const bankAddress = await startRawServer((_req, res) => json(res, 200, { key: "a-key" }))
    const clients = new BankClients()
    try {
      const oldest = clients.acquiringFor({ token: "token-0", baseUrl: bankAddress.url })
      for (let n = 1; n <= 7; n++) clients.acquiringFor({ token: `token-${n}`, baseUrl: bankAddress.url })
      const open = await keptAlive(bankAddress, () => oldest.getPublicKey())
      clients.acquiringFor({ token: "token-8", baseUrl: bankAddress.url })
      await oldest.getPublicKey()
      expect(bankAddress.connections()).toBe(open + 1)
      expect(clients.acquiringFor({ token: "token-0", baseUrl: bankAddress.url })).not.toBe(oldest)
      await oldest.close()
    } finally {
      await clients.close()
      await bankAddress.close()
    }
  })

  it("gives the webhook handling and the arrival check of one token the same verifier: one key fetch for both, a verified delivery not checked twice; another token fetches its own", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" })
    const key = Buffer.from(publicKey.export({ type: "spki", format: "pem" }).toString()).toString("base64")
    let fetches = 0
    const client = { getPublicKey: async () => (fetches++, { key }) }
    const clients = new BankClients()
    const body = '{"invoiceId":"p2_1","status":"success","amount":100,"ccy":980}'
    const xSign = sign("sha256", Buffer.from(body), privateKey).toString("base64")
    const settings = { token: "token-a", baseUrl: "http://127.0.0.1:1" }

    expect(await clients.webhookVerifierFor(settings, client).verify(body, xSign)).toBe(true)
    expect(await clients.webhookVerifierFor({ ...settings }, client).verify(body, xSign)).toBe(true)
    expect(fetches).toBe(1)
    expect(await clients.webhookVerifierFor({ ...settings, token: "token-b" }, client).verify(body, xSign)).toBe(true)
    expect(fetches).toBe(2)
    await clients.close()
  })
})
