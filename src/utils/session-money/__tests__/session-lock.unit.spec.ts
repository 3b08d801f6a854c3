/**
 * The one lock per payment session, over Medusa's own in-memory locking provider (the shared
 * providers, Redis and PostgreSQL, hold the same key across servers): decisions of one session run
 * one at a time, a decision that runs another decision of its session in the same flow does not
 * wait for itself, and sessions do not wait for each other.
 */
import { InMemoryLockingProvider } from "@medusajs/locking/dist/providers/in-memory"
import { holdsSessionLock, sessionLockKey, withSessionLock, type Locking } from "../session-lock"

const locking = () => new InMemoryLockingProvider() as unknown as Locking

/** Lets every other pending job take its turn a few times (what a bank call or a database read does). */
async function yieldTurns(turns = 5) {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve))
}

describe("withSessionLock", () => {
  it("never interleaves two decisions of one session", async () => {
    const lock = locking()
    const events: string[] = []
    const decision = (name: string) =>
      withSessionLock(lock, "payses_1", async () => {
        events.push(`${name} starts`)
        await yieldTurns()
        events.push(`${name} ends`)
      })
    await Promise.all([decision("authorize"), decision("end"), decision("webhook")])
    expect(events).toHaveLength(6)
    for (let i = 0; i < events.length; i += 2) {
      expect(events[i + 1]).toBe(events[i].replace("starts", "ends"))
    }
  })

  it("runs a decision that runs another decision of its session in the same flow at once (no deadlock), holding the lock throughout", async () => {
    const lock = locking()
    expect(holdsSessionLock("payses_1")).toBe(false)
    const result = await withSessionLock(lock, "payses_1", async () => {
      expect(holdsSessionLock("payses_1")).toBe(true)
      return withSessionLock(lock, "payses_1", async () => {
        expect(holdsSessionLock("payses_1")).toBe(true)
        return "settled inside the webhook's decision"
      })
    })
    expect(result).toBe("settled inside the webhook's decision")
    expect(holdsSessionLock("payses_1")).toBe(false)
  })

  it("a nested decision of another session still takes that session's lock", async () => {
    const lock = locking()
    const events: string[] = []
    let otherStarted!: () => void
    const started = new Promise<void>((resolve) => (otherStarted = resolve))
    const other = withSessionLock(lock, "payses_2", async () => {
      otherStarted()
      events.push("payses_2 runs")
      await yieldTurns()
      events.push("payses_2 done")
    })
    await started
    await withSessionLock(lock, "payses_1", () =>
      withSessionLock(lock, "payses_2", async () => {
        expect(holdsSessionLock("payses_1") && holdsSessionLock("payses_2")).toBe(true)
        events.push("nested payses_2 runs")
      })
    )
    await other
    expect(events).toEqual(["payses_2 runs", "payses_2 done", "nested payses_2 runs"])
  })

  it("runs decisions of different sessions side by side", async () => {
    const lock = locking()
    let secondRunning!: () => void
    const second = new Promise<void>((resolve) => (secondRunning = resolve))
    // The first decision finishes only once the second one runs: a lock shared by all sessions would never let it.
    await Promise.all([
      withSessionLock(lock, "payses_1", () => second),
      withSessionLock(lock, "payses_2", async () => secondRunning()),
    ])
    expect(holdsSessionLock("payses_1") || holdsSessionLock("payses_2")).toBe(false)
  })

  it("frees the session for the next decision when one fails", async () => {
    const lock = locking()
    await expect(
      withSessionLock(lock, "payses_1", async () => {
        throw new Error("monobank did not answer")
      })
    ).rejects.toThrow("monobank did not answer")
    await expect(withSessionLock(lock, "payses_1", async () => "next")).resolves.toBe("next")
  })

  it("locks Medusa's key monobank-session:<session id>, so every server with a shared locking provider waits on the same key", async () => {
    const keys: unknown[] = []
    const spy: Locking = { execute: async (key, job) => (keys.push(key), job()) }
    await withSessionLock(spy, "payses_1", async () => undefined)
    expect(keys).toEqual([sessionLockKey("payses_1")])
    expect(sessionLockKey("payses_1")).toBe("monobank-session:payses_1")
  })
})
