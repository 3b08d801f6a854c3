import { generateKeyPairSync, sign, type KeyObject } from "node:crypto"
import { verifyEcdsaSignature } from "../ecdsa"
import { createWebhookVerifier, KeyRefreshNotYetAllowedError } from "../webhook-verifier"

// The real check, counted.
jest.mock("../ecdsa", () => {
  const actual = jest.requireActual("../ecdsa")
  return { ...actual, verifyEcdsaSignature: jest.fn(actual.verifyEcdsaSignature) }
})
const checks = verifyEcdsaSignature as jest.MockedFunction<typeof verifyEcdsaSignature>

type Pair = { privateKey: KeyObject; publicKeyBase64: string }

function keyPair(): Pair {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" })
  const pem = publicKey.export({ type: "spki", format: "pem" }).toString()
  return { privateKey, publicKeyBase64: Buffer.from(pem).toString("base64") }
}

const BODY = '{"invoiceId":"p2_x","status":"success","amount":100,"ccy":980}'
const signWith = (pair: Pair, body = BODY) => sign("sha256", Buffer.from(body), pair.privateKey).toString("base64")

/** A fake `/api/merchant/pubkey` that serves `current` and counts calls; each call resolves on a later tick. */
function fakeBank(initial: Pair) {
  const bank = {
    current: initial,
    fetches: 0,
    fail: false,
    fetchPublicKey: async () => {
      bank.fetches += 1
      await new Promise((resolve) => setImmediate(resolve))
      if (bank.fail) throw new Error("pubkey endpoint down")
      return bank.current.publicKeyBase64
    },
  }
  return bank
}

describe("createWebhookVerifier", () => {
  it("fetches the key lazily, once, and caches it", async () => {
    const first = keyPair()
    const bank = fakeBank(first)
    const verifier = createWebhookVerifier({ fetchPublicKey: bank.fetchPublicKey })
    expect(bank.fetches).toBe(0)
    const results = await Promise.all(Array.from({ length: 5 }, () => verifier.verify(BODY, signWith(first))))
    expect(results).toEqual([true, true, true, true, true])
    expect(await verifier.verify(Buffer.from(BODY), signWith(first))).toBe(true)
    expect(bank.fetches).toBe(1)
  })

  it("calls a signature wrong at once when the key was fetched for that very check (nothing to wait for)", async () => {
    const bank = fakeBank(keyPair())
    const forger = keyPair()
    const verifier = createWebhookVerifier({ fetchPublicKey: bank.fetchPublicKey, minRefreshIntervalMs: 600_000, maxWaitMs: 0 })
    expect(await verifier.verify(BODY, signWith(forger))).toBe(false)
    expect(bank.fetches).toBe(1)
  })

  it("does not fetch for a missing X-Sign", async () => {
    const bank = fakeBank(keyPair())
    const verifier = createWebhookVerifier({ fetchPublicKey: bank.fetchPublicKey })
    expect(await verifier.verify(BODY, undefined)).toBe(false)
    expect(await verifier.verify(BODY, "  ")).toBe(false)
    expect(bank.fetches).toBe(0)
  })

  it("picks up a rotated key after a failed check and keeps using it", async () => {
    const first = keyPair()
    const second = keyPair()
    const bank = fakeBank(first)
    let now = 1_000_000
    const verifier = createWebhookVerifier({ fetchPublicKey: bank.fetchPublicKey, now: () => now })
    expect(await verifier.verify(BODY, signWith(first))).toBe(true)
    bank.current = second
    now += 60_000
    expect(await verifier.verify(BODY, signWith(second))).toBe(true)
    expect(await verifier.verify(BODY, signWith(second))).toBe(true)
    expect(bank.fetches).toBe(2)
  })

  it("shares one refetch among concurrent failures (single flight)", async () => {
    const first = keyPair()
    const forger = keyPair()
    const bank = fakeBank(first)
    let now = 0
    const verifier = createWebhookVerifier({ fetchPublicKey: bank.fetchPublicKey, now: () => now })
    await verifier.verify(BODY, signWith(first))
    now = 120_000
    const results = await Promise.all(Array.from({ length: 20 }, () => verifier.verify(BODY, signWith(forger))))
    expect(results.every((ok) => ok === false)).toBe(true)
    expect(bank.fetches).toBe(2)
  })

  it("concurrent webhooks signed with a rotated key all pass after one refetch", async () => {
    const first = keyPair()
    const second = keyPair()
    const bank = fakeBank(first)
    let now = 0
    const verifier = createWebhookVerifier({ fetchPublicKey: bank.fetchPublicKey, now: () => now })
    await verifier.verify(BODY, signWith(first))
    bank.current = second
    now = 60_000
    const results = await Promise.all(Array.from({ length: 10 }, () => verifier.verify(BODY, signWith(second))))
    expect(results.every(Boolean)).toBe(true)
    expect(bank.fetches).toBe(2)
  })

  /** A clock the verifier's waits move forward, and the waits it made. */
  function fakeClock(start = 0) {
    const clock = {
      now: start,
      waits: [] as number[],
      sleep: async (ms: number) => {
        clock.waits.push(ms)
        clock.now += ms
      },
    }
    return clock
  }

  /** A bank serving `first` (rotating to `second` when a test says), a fake clock, and a verifier over both. */
  function rotatingBank(verifierOptions: { minRefreshIntervalMs: number; maxWaitMs?: number }) {
    const first = keyPair()
    const second = keyPair()
    const bank = fakeBank(first)
    const clock = fakeClock()
    const verifier = createWebhookVerifier({ fetchPublicKey: bank.fetchPublicKey, now: () => clock.now, sleep: clock.sleep, ...verifierOptions })
    return { first, second, bank, clock, verifier }
  }

  it("refetches at most once per minRefreshIntervalMs, so forged webhooks cannot hammer the bank", async () => {
    const first = keyPair()
    const forger = keyPair()
    const bank = fakeBank(first)
    const clock = fakeClock()
    const fetchTimes: number[] = []
    const verifier = createWebhookVerifier({
      fetchPublicKey: () => {
        fetchTimes.push(clock.now)
        return bank.fetchPublicKey()
      },
      minRefreshIntervalMs: 30_000,
      now: () => clock.now,
      sleep: clock.sleep,
    })
    await verifier.verify(BODY, signWith(first)) // fetch at t=0
    clock.now = 1_000
    const forged = await Promise.all(Array.from({ length: 10 }, () => verifier.verify(BODY, signWith(forger))))
    expect(forged.every((ok) => ok === false)).toBe(true)
    for (let i = 0; i < 5; i++) expect(await verifier.verify(BODY, signWith(forger))).toBe(false)
    expect(fetchTimes.length).toBeGreaterThan(1)
    expect(fetchTimes.every((t, i) => i === 0 || t - fetchTimes[i - 1] >= 30_000)).toBe(true)
    expect(bank.fetches).toBe(fetchTimes.length)
  })

  it("a forged webhook that used up the refetch allowance does not cost a genuine one signed with a key rotated meanwhile", async () => {
    const forger = keyPair()
    const { first, second, bank, clock, verifier } = rotatingBank({ minRefreshIntervalMs: 10_000 })
    expect(await verifier.verify(BODY, signWith(first))).toBe(true) // key fetched at t=0
    clock.now = 20_000
    expect(await verifier.verify(BODY, signWith(forger))).toBe(false) // refetch at t=20s: same key
    bank.current = second // the bank rotates its key...
    clock.now = 21_000 // ...and a genuine webhook arrives within the allowance
    expect(await verifier.verify(BODY, signWith(second))).toBe(true)
    expect(bank.fetches).toBe(3)
    expect(clock.now).toBeGreaterThanOrEqual(30_000) // it waited for the allowance instead of hammering
  })

  it("rejects with KeyRefreshNotYetAllowedError (retry later) when the allowed refetch is further away than maxWaitMs", async () => {
    const { first, second, bank, clock, verifier } = rotatingBank({ minRefreshIntervalMs: 600_000, maxWaitMs: 30_000 })
    await verifier.verify(BODY, signWith(first))
    bank.current = second
    clock.now = 1_000
    await expect(verifier.verify(BODY, signWith(second))).rejects.toBeInstanceOf(KeyRefreshNotYetAllowedError)
    expect(bank.fetches).toBe(1)
    clock.now = 600_000
    expect(await verifier.verify(BODY, signWith(second))).toBe(true)
  })

  it("a call that must not wait is refused at once, without a fetch, and leaves the allowance to the next caller", async () => {
    const { first, second, bank, clock, verifier } = rotatingBank({ minRefreshIntervalMs: 10_000 })
    await verifier.verify(BODY, signWith(first))
    bank.current = second
    clock.now = 2_000
    await expect(verifier.verify(BODY, signWith(second), { maxWaitMs: 0 })).rejects.toBeInstanceOf(KeyRefreshNotYetAllowedError)
    expect(bank.fetches).toBe(1)
    expect(clock.now).toBe(2_000)
    // The caller that may wait still gets the rotated key once allowed.
    expect(await verifier.verify(BODY, signWith(second))).toBe(true)
    expect(bank.fetches).toBe(2)
    expect(clock.now).toBeGreaterThanOrEqual(10_000)
  })

  it("rejects when the key cannot be fetched and recovers on the next call", async () => {
    const first = keyPair()
    const bank = fakeBank(first)
    bank.fail = true
    const verifier = createWebhookVerifier({ fetchPublicKey: bank.fetchPublicKey })
    await expect(verifier.verify(BODY, signWith(first))).rejects.toThrow("pubkey endpoint down")
    bank.fail = false
    expect(await verifier.verify(BODY, signWith(first))).toBe(true)
  })

  it("rejects when the bank serves a key that is not a key", async () => {
    const verifier = createWebhookVerifier({ fetchPublicKey: async () => "bm90IGEga2V5" })
    await expect(verifier.verify(BODY, signWith(keyPair()))).rejects.toThrow(/PEM/)
  })

  describe("one check per delivery", () => {
    beforeEach(() => checks.mockClear())

    it("checks the same X-Sign over the same body once, and each other delivery on its own", async () => {
      const first = keyPair()
      const verifier = createWebhookVerifier({ fetchPublicKey: fakeBank(first).fetchPublicKey, minRefreshIntervalMs: 0 })
      const xSign = signWith(first)
      expect(await verifier.verify(BODY, xSign)).toBe(true)
      expect(await verifier.verify(Buffer.from(BODY), xSign)).toBe(true)
      expect(checks).toHaveBeenCalledTimes(1)
      const other = '{"invoiceId":"p2_y","status":"success","amount":100,"ccy":980}'
      expect(await verifier.verify(other, xSign)).toBe(false)
      expect(await verifier.verify(other, signWith(first, other))).toBe(true)
      expect(checks).toHaveBeenCalledTimes(3)
    })

    it("remembers the bytes that verified, not the caller's buffer: a buffer changed after the check does not pass", async () => {
      const first = keyPair()
      const verifier = createWebhookVerifier({ fetchPublicKey: fakeBank(first).fetchPublicKey, minRefreshIntervalMs: 0 })
      const xSign = signWith(first)
      const reused = Buffer.from(BODY)
      expect(await verifier.verify(reused, xSign)).toBe(true)
      reused.write('"amount":999', BODY.indexOf('"amount":100'))
      expect(reused.toString()).toContain('"amount":999')
      expect(await verifier.verify(reused, xSign)).toBe(false)
      expect(await verifier.verify(BODY, xSign)).toBe(true)
    })

    it("never remembers a failed check, and checks again once the memo is older than memoTtlMs or full", async () => {
      const first = keyPair()
      let at = 0
      const verifier = createWebhookVerifier({ fetchPublicKey: fakeBank(first).fetchPublicKey, now: () => at, minRefreshIntervalMs: 0, memoTtlMs: 1_000, memoSize: 1 })
      const forged = signWith(keyPair())
      expect(await verifier.verify(BODY, forged)).toBe(false)
      const xSign = signWith(first)
      await verifier.verify(BODY, xSign)
      const callsAfterFirst = checks.mock.calls.length
      at = 1_001
      expect(await verifier.verify(BODY, xSign)).toBe(true)
      expect(checks.mock.calls.length).toBe(callsAfterFirst + 1)
      const other = '{"invoiceId":"p2_y"}'
      await verifier.verify(other, signWith(first, other))
      expect(await verifier.verify(BODY, xSign)).toBe(true)
      expect(checks.mock.calls.length).toBe(callsAfterFirst + 3)
    })
  })
})
